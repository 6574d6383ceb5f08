// The one escaping layer: how a string from a catalog or config is spelled in each place output can
// hold it — TypeScript string literal, property key, comment, Markdown, HTML. Every renderer goes
// through these, so no catalog string can end a literal or a comment early, or inject code.

/**
 * Characters that are written as escapes in a string literal: quotes and backslashes, line
 * breaks, other control characters, bidirectional overrides (a reviewer must see them) and lone
 * surrogates (invalid UTF-16 that no file encoding can hold).
 */
const LITERAL_ESCAPE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds.
  /['\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  "'": "\\'",
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A TypeScript string literal in single quotes. */
export function tsString(s: string): string {
  // Nearly every key and name needs no escaping: one test is far cheaper than a replace (hot at 5,000 tools).
  LITERAL_ESCAPE.lastIndex = 0;
  if (!LITERAL_ESCAPE.test(s)) return `'${s}'`;
  return `'${s.replace(LITERAL_ESCAPE, (c) => SHORT_ESCAPES[c] ?? unicodeEscape(c))}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object literal key: bare when it is an identifier, quoted otherwise. `__proto__` is computed,
 * because written bare or quoted it sets the object's prototype instead of a property.
 */
export function tsKey(s: string): string {
  if (s === '__proto__') return `['__proto__']`;
  return IDENTIFIER.test(s) ? s : tsString(s);
}

/** An inline `['a', 'b']` array of string literals. */
export const tsArray = (members: readonly string[]) => `[${members.map(tsString).join(', ')}]`;

/** Text in a `//` comment: on one line, so nothing after it can become code. */
export const lineCommentText = (s: string) =>
  s
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Text inside a `/** … *\/` comment, on one line, where `*\/` can no longer close it (the slash is
 * escaped, as JSDoc does).
 */
export const docCommentText = (s: string) => lineCommentText(s).replace(/\*\//g, '*\\/');

/** Text in one Markdown table cell: no line breaks, `|` escaped, HTML-like text shown as text. */
export const mdText = (s: string) =>
  s
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const NEEDS_CARE_IN_CODE = /[\r\n\u2028\u2029|`]/;

/**
 * Inline code in Markdown (table cells too): a backtick fence longer than any run of backticks in
 * `s`, `|` escaped (GitHub splits cells at it even inside code) and line breaks flattened.
 */
export function mdCode(s: string): string {
  // Most keys and names hold nothing that needs care: one test, and no copies made to find that out.
  if (!NEEDS_CARE_IN_CODE.test(s)) return `\`${s}\``;
  const flat = s.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A comma-separated list of inline-code items, or `—` when empty. */
export const mdCodeList = (items: readonly string[]) =>
  items.length === 0 ? '—' : items.map(mdCode).join(', ');

/** Text inside an HTML comment: `--` would end it early in some parsers. */
export const htmlCommentText = (s: string) => s.replace(/--/g, '- -');

/** Text in HTML element content or a double-quoted attribute. */
export const html = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
