// Text from outside (an MCP server's tool names, its name and version, its stderr) made safe to print:
// no character of it can move the cursor, recolour or clear the terminal, reorder what follows, or start a line.

/**
 * Characters a terminal acts on or a reader cannot see: C0 and C1 controls (ESC, BEL, NUL, line
 * breaks, tabs), DEL, the line and paragraph separators, bidirectional marks, embeddings, overrides
 * and isolates, the BOM, and lone surrogates.
 */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escaped = (c: string) => {
  const code = c.charCodeAt(0);
  return (
    SHORT[c] ??
    (code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`)
  );
};

/**
 * One line as it may reach a terminal: every unprintable character written as a visible escape
 * (`\n`, `\x1b`, `\u202e`), so a newline cannot fake a report line and an escape sequence cannot
 * run. Printable text is unchanged, and escaping twice changes nothing more.
 */
export function terminalLine(text: string): string {
  UNPRINTABLE.lastIndex = 0;
  if (!UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE, escaped);
}

/** Lines joined for a terminal: each made safe on its own, so only the separators between them break lines. */
export const terminalLines = (lines: readonly string[]): string =>
  lines.map(terminalLine).join('\n');

/** Characters `JSON.stringify` leaves as they are but a terminal showing the JSON would act on. */
const JSON_UNSAFE =
  /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** JSON text with those characters written as `\uXXXX` escapes: the same value when parsed, safe to print. */
export const terminalJson = (json: string): string =>
  json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The first line of a compiler's message (oxc, rolldown): without its colours, its `[TAG]` and the
 * code frame it draws below (the caller draws its own, from the user's text).
 */
export function compilerHeadline(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes compilers write
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')[0]!
    .replace(/^\[\w+\]\s*/, '')
    .trim();
}
