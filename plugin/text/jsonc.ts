// JSON with comments and trailing commas (biome.jsonc, biome.json, tsconfig-style files): parsed with
// the offset of every value, so a setting can be added by inserting text and the rest stays byte-identical.

export type JsoncNode = JsoncObject | JsoncArray | JsoncScalar;

export interface JsoncObject {
  readonly kind: 'object';
  readonly start: number;
  /** Just past the closing brace. */
  readonly end: number;
  readonly members: readonly {
    readonly key: string;
    readonly keyStart: number;
    readonly value: JsoncNode;
  }[];
}

export interface JsoncArray {
  readonly kind: 'array';
  readonly start: number;
  readonly end: number;
  readonly elements: readonly JsoncNode[];
}

interface JsoncScalar {
  readonly kind: 'scalar';
  readonly start: number;
  readonly end: number;
  readonly value: string | number | boolean | null;
}

export class JsoncError extends Error {
  override name = 'JsoncError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Parses JSONC; throws a `JsoncError` with the offset of the first problem. */
export function parseJsonc(text: string): JsoncNode {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsoncError(`${what} at offset ${i}`, i);
  };
  const skip = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text.startsWith('//', i)) {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? text.length : nl + 1;
      } else if (text.startsWith('/*', i)) {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) fail('an unterminated comment');
        i = close + 2;
      } else return;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('an unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsoncNode => {
    skip();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: { key: string; keyStart: number; value: JsoncNode }[] = [];
      for (;;) {
        skip();
        if (text[i] === '}') break;
        if (text[i] !== '"') fail('expected a property name');
        const keyStart = i;
        const key = string();
        skip();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        members.push({ key, keyStart, value: value() });
        skip();
        if (text[i] === ',') i++;
        else if (text[i] !== '}') fail("expected ',' or '}'");
      }
      i++;
      return { kind: 'object', start, end: i, members };
    }
    if (c === '[') {
      i++;
      const elements: JsoncNode[] = [];
      for (;;) {
        skip();
        if (text[i] === ']') break;
        elements.push(value());
        skip();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') fail("expected ',' or ']'");
      }
      i++;
      return { kind: 'array', start, end: i, elements };
    }
    if (c === '"') {
      const parsed = string();
      return { kind: 'scalar', start, end: i, value: parsed };
    }
    const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(i),
    )?.[0];
    if (literal === undefined) fail('expected a value');
    i += literal!.length;
    return {
      kind: 'scalar',
      start,
      end: i,
      value: JSON.parse(literal!) as number | boolean | null,
    };
  };
  const root = value();
  skip();
  if (i < text.length) fail('unexpected text after the value');
  return root;
}

/** The plain value of a node. */
export function jsoncValue(node: JsoncNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.elements.map(jsoncValue);
  return Object.fromEntries(node.members.map((m) => [m.key, jsoncValue(m.value)]));
}

/** The node at a key path (the last member wins when a key repeats, as JSON.parse does). */
export function nodeAt(root: JsoncNode, path: readonly string[]): JsoncNode | undefined {
  let node: JsoncNode | undefined = root;
  for (const key of path)
    node = node?.kind === 'object' ? node.members.findLast((m) => m.key === key)?.value : undefined;
  return node;
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

const indentOfLine = (text: string, offset: number) =>
  /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
const spansLines = (text: string, node: JsoncNode) =>
  text.slice(node.start, node.end).includes('\n');

/**
 * `text` with `valueText` added as the last element of `array`, in the array's own layout (one
 * line, or one element a line).
 */
export function appendToArray(text: string, array: JsoncArray, valueText: string): string {
  const last = array.elements.at(-1);
  if (!last) return `${text.slice(0, array.start + 1)}${valueText}${text.slice(array.start + 1)}`;
  const insertion = spansLines(text, array)
    ? `,\n${indentOfLine(text, last.start)}${valueText}`
    : `, ${valueText}`;
  return `${text.slice(0, last.end)}${insertion}${text.slice(last.end)}`;
}

/** `text` with `"key": valueText` added as the last member of `object`, in the object's own layout. */
export function addMember(
  text: string,
  object: JsoncObject,
  key: string,
  valueText: string,
): string {
  const member = `${JSON.stringify(key)}: ${valueText}`;
  const last = object.members.at(-1);
  if (!last) return `${text.slice(0, object.start + 1)} ${member} ${text.slice(object.start + 1)}`;
  const insertion = spansLines(text, object)
    ? `,\n${indentOfLine(text, last.keyStart)}${member}`
    : `, ${member}`;
  return `${text.slice(0, last.value.end)}${insertion}${text.slice(last.value.end)}`;
}
