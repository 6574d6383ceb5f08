// A quick scan that tells whether a module could hold a key written twice in one object literal.
// Building the module's syntax tree in JavaScript costs far more than compiling it (most of a cold
// run at 5,000 tools), and a catalog almost never repeats a key, so the tree is built only when this
// scan finds a name twice at key position within one pair of braces. It may say yes wrongly (the
// syntax tree then decides), never no wrongly: text it cannot follow for certain (a regular
// expression, a template with a substitution, JSX) counts as a yes.
// It reads character codes and cuts out only names at key position: at 5,000 tools it reads 1.6 MB
// on every cold run.

const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const BACKTICK = 0x60;
const DOLLAR = 0x24;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Per character code below 128: 1 starts a name, 2 continues one only (a digit). */
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_$]/.test(ch)) NAME_CHAR[c] = 1;
  else if (/\d/.test(ch)) NAME_CHAR[c] = 2;
}
const startsName = (code: number) => code >= 0x80 || NAME_CHAR[code] === 1;
/** The rest of a name, and of a number, after its first character (matched where they stand). */
const NAME = /[\w$\u0080-\uffff]*/y;
const NUMBER = /[\w.]*/y;

/** Whether `text` (syntax already valid) may write one key twice in an object literal. */
export function mayRepeatKeys(text: string, jsx: boolean): boolean {
  if (jsx) return true;
  // Per open bracket: whether it is a brace, and the names at key position so far (made on first use).
  const braces: boolean[] = [];
  const keys: (Set<string> | undefined)[] = [];
  let keyNext = false;
  let i = 0;
  const n = text.length;
  // Where the next backslash stands: most modules have none, so a string is skipped in one search.
  let backslash = -1;
  const nextBackslash = (from: number) => {
    const at = text.indexOf('\\', from);
    return at === -1 ? n : at;
  };
  const note = (name: string): boolean => {
    const top = braces.length - 1;
    if (top < 0 || !braces[top]) return false;
    let seen = keys[top];
    if (seen === undefined) {
      seen = new Set();
      keys[top] = seen;
    } else if (seen.has(name)) return true;
    seen.add(name);
    return false;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 0x20:
      case 0x0a:
      case 0x09:
      case 0x0d:
        i++;
        continue;
      case SLASH: {
        const next = text.charCodeAt(i + 1);
        if (next === SLASH) {
          const end = text.indexOf('\n', i);
          i = end === -1 ? n : end;
          continue;
        }
        if (next === STAR) {
          const end = text.indexOf('*/', i + 2);
          i = end === -1 ? n : end + 2;
          continue;
        }
        // A division or a regular expression: telling them apart needs the grammar.
        return true;
      }
      case 0x22:
      case 0x27: {
        // Cut out only at key position: most strings are values (labels, prose).
        let j = text.indexOf(c === 0x22 ? '"' : "'", i + 1);
        if (j === -1) j = n;
        if (backslash <= i) backslash = nextBackslash(i + 1);
        if (backslash < j) return true; // an escape may spell a key another way
        const wasKey = keyNext;
        keyNext = false;
        const start = i + 1;
        i = j + 1;
        if (wasKey && note(text.slice(start, j))) return true;
        continue;
      }
      case BACKTICK: {
        let j = i + 1;
        while (j < n) {
          const code = text.charCodeAt(j);
          if (code === BACKTICK) break;
          if (code === BACKSLASH) j++;
          else if (code === DOLLAR && text.charCodeAt(j + 1) === OPEN_BRACE) return true;
          j++;
        }
        i = j + 1;
        keyNext = false;
        continue;
      }
      case OPEN_BRACE:
      case 0x5b:
      case 0x28:
        braces.push(c === OPEN_BRACE);
        keys.push(undefined);
        keyNext = c === OPEN_BRACE;
        i++;
        continue;
      case CLOSE_BRACE:
      case 0x5d:
      case 0x29:
        braces.pop();
        keys.pop();
        keyNext = false;
        i++;
        continue;
      case 0x2c:
        keyNext = braces.length > 0 && braces[braces.length - 1] === true;
        i++;
        continue;
      // An escape outside a string may spell a name another way (`\u0061` is `a`).
      case BACKSLASH:
        return true;
    }
    const word = startsName(c) ? NAME : NAME_CHAR[c] === 2 ? NUMBER : undefined;
    if (word) {
      const start = i;
      word.lastIndex = i + 1;
      word.test(text);
      i = word.lastIndex;
      if (keyNext) {
        const name = text.slice(start, i);
        // `get`, `set`, `async`: the name may follow, so both are noted and the next stays at key position.
        const numeric = word === NAME ? name : String(Number(name));
        if (note(numeric)) return true;
        keyNext = name === 'get' || name === 'set' || name === 'async';
      }
      continue;
    }
    // `*` of a generator method keeps the key position; anything else ends it.
    if (c !== STAR) keyNext = false;
    i++;
  }
  return false;
}
