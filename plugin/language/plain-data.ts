// Catalogs are plain data. Evaluation hands a module's exports over as JSON, and a value JSON cannot
// hold — a function, a BigInt, a cycle, a getter that threw — arrives as a mark saying what it was.

/** The key of a mark object, also used for catalog definitions and tool sets (`catalog`, `tool-set`). */
export const MARK = '\u0000tool-catalog';

/** A plain object, not a mark: what a declaration or a vocabulary must be. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.hasOwn(v, MARK);

const markOf = (v: unknown): { kind: string; detail?: string } | undefined => {
  if (typeof v !== 'object' || v === null || !Object.hasOwn(v, MARK)) return undefined;
  const m = v as Record<string, unknown>;
  return { kind: String(m[MARK]), detail: typeof m.detail === 'string' ? m.detail : undefined };
};

const holdsMark = (v: unknown, kind: string): boolean =>
  typeof v === 'object' &&
  v !== null &&
  (markOf(v)?.kind === kind || Object.values(v).some((x) => holdsMark(x, kind)));

/** A value for a message: short JSON for plain data, words for what a mark stands for. */
export function describeValue(v: unknown): string {
  const mark = markOf(v);
  if (!mark) {
    if (holdsMark(v, 'circular'))
      return `${Array.isArray(v) ? 'an array' : 'an object'} that refers to itself`;
    const json = JSON.stringify(v) ?? String(v);
    return json.length <= 60 && !json.includes(MARK)
      ? json
      : Array.isArray(v)
        ? 'an array'
        : typeof v === 'object' && v !== null
          ? 'an object'
          : json.slice(0, 60);
  }
  switch (mark.kind) {
    case 'function':
      return `a function (${mark.detail})`;
    case 'bigint':
      return `a BigInt (${mark.detail})`;
    case 'number':
      return `the number ${mark.detail}`;
    case 'symbol':
      return `a symbol (${mark.detail})`;
    case 'circular':
      return 'a circular reference';
    case 'deep':
      return 'a value nested too deeply';
    case 'object':
      return `an instance of ${mark.detail}`;
    case 'threw':
      return `a getter that threw "${mark.detail}"`;
    case 'undefined':
      return 'undefined';
    case 'catalog':
      return 'a defineCatalog(...) result';
    case 'tool-set':
      return 'a .tools({...}) set';
    default:
      return 'a value that is not plain data';
  }
}
