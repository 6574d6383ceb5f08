// A quick scan that tells whether a module could hold a key written twice in one object literal.
// Building the module's syntax tree in JavaScript costs far more than compiling it (most of a cold
// run at 5,000 tools), and a catalog almost never repeats a key, so the tree is built only when this
// scan finds a name twice at key position within one pair of braces. It may say yes wrongly (the
// syntax tree then decides), never no wrongly: text it cannot follow for certain (a regular
// expression, a template with a substitution, JSX) counts as a yes.

const BACKSLASH = 0x5c;
const WORD = /[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*|\d[\w.]*/y;

/** Whether `text` (syntax already valid) may write one key twice in an object literal. */
export function mayRepeatKeys(text: string, jsx: boolean): boolean {
  if (jsx) return true;
  /** Per open bracket: its kind, and the names at key position so far when it is a brace. */
  const stack: { open: string; keys: Set<string> }[] = [];
  let keyNext = false;
  let i = 0;
  const n = text.length;
  const note = (name: string): boolean => {
    const top = stack[stack.length - 1];
    if (top?.open !== '{') return false;
    if (top.keys.has(name)) return true;
    top.keys.add(name);
    return false;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/') {
      if (text[i + 1] === '/') {
        const end = text.indexOf('\n', i);
        i = end === -1 ? n : end;
        continue;
      }
      if (text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        i = end === -1 ? n : end + 2;
        continue;
      }
      // A division or a regular expression: telling them apart needs the grammar.
      return true;
    }
    if (c === '"' || c === "'") {
      // Compared by code, and cut out only at key position: most strings are values (labels, prose).
      const quote = text.charCodeAt(i);
      let j = i + 1;
      while (j < n) {
        const code = text.charCodeAt(j);
        if (code === quote) break;
        if (code === BACKSLASH) return true; // an escape may spell a key another way
        j++;
      }
      const wasKey = keyNext;
      keyNext = false;
      const start = i + 1;
      i = j + 1;
      if (wasKey && note(text.slice(start, j))) return true;
      continue;
    }
    if (c === '`') {
      let j = i + 1;
      while (j < n && text[j] !== '`') {
        if (text[j] === '\\') j++;
        else if (text[j] === '$' && text[j + 1] === '{') return true;
        j++;
      }
      i = j + 1;
      keyNext = false;
      continue;
    }
    if (c === '{' || c === '[' || c === '(') {
      stack.push({ open: c, keys: new Set() });
      keyNext = c === '{';
      i++;
      continue;
    }
    if (c === '}' || c === ']' || c === ')') {
      stack.pop();
      keyNext = false;
      i++;
      continue;
    }
    if (c === ',') {
      keyNext = stack[stack.length - 1]?.open === '{';
      i++;
      continue;
    }
    // An escape outside a string may spell a name another way (`\u0061` is `a`).
    if (c === '\\') return true;
    WORD.lastIndex = i;
    const word = WORD.exec(text);
    if (word) {
      const name = word[0];
      i += name.length;
      if (keyNext) {
        // `get`, `set`, `async`: the name may follow, so both are noted and the next stays at key position.
        const numeric = /^\d/.test(name) ? String(Number(name)) : name;
        if (note(numeric)) return true;
        keyNext = name === 'get' || name === 'set' || name === 'async';
      }
      continue;
    }
    // `*` of a generator method keeps the key position; anything else ends it.
    if (c !== '*') keyNext = false;
    i++;
  }
  return false;
}
