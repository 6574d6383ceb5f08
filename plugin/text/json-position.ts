// Where a value sits in a JSON text, for messages that point at `file:line:col`: one pass over the
// text without recursion, so a value nested a hundred thousand levels deep is found like any other.

export type JsonPath = readonly (string | number)[];

/** 1-based line and column of an offset (the column counts UTF-16 units, as editors do for ASCII). */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Index just past the string that starts at `i` (its opening quote). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return text.length;
}

/**
 * The offset where the value at `path` starts in `text` (valid JSON), or of the key that names it
 * when `at` is `'key'`; the last one when a key repeats, as `JSON.parse` keeps the last. Undefined
 * when the path is not in the text.
 */
export function jsonValueOffset(
  text: string,
  path: JsonPath,
  at: 'value' | 'key' = 'value',
): number | undefined {
  // One frame per open container: its kind, the key or index of the member being read, and where that key starts.
  const stack: { array: boolean; key: string | number; keyAt: number }[] = [];
  let found: number | undefined;
  const matches = () =>
    stack.length === path.length &&
    stack.every((frame, depth) => String(frame.key) === String(path[depth]));
  const valueStarts = (offset: number) => {
    if (path.length === 0 && stack.length === 0) found = offset;
    else if (matches()) found = at === 'key' ? stack[stack.length - 1]!.keyAt : offset;
  };
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === ':') continue;
    if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.key = (top.key as number) + 1;
      else expectKey = true;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
      continue;
    }
    if (expectKey && c === '"') {
      const end = stringEnd(text, i);
      stack[stack.length - 1]!.key = JSON.parse(text.slice(i, end)) as string;
      stack[stack.length - 1]!.keyAt = i;
      expectKey = false;
      i = end - 1;
      continue;
    }
    valueStarts(i);
    if (c === '{') {
      stack.push({ array: false, key: '', keyAt: i });
      expectKey = true;
    } else if (c === '[') stack.push({ array: true, key: 0, keyAt: i });
    else if (c === '"') i = stringEnd(text, i) - 1;
    else while (i + 1 < text.length && !/[\s,\]}]/.test(text[i + 1]!)) i++;
  }
  return found;
}
