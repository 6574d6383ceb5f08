// A parser's syntax error in the words a user needs: what was found, quoted from their own text
// (the parser names only a token's kind, such as `Identifier`), and what closes what was left open.
import { compilerHeadline } from '../text/terminal.js';

/** The part of the text a parser's error points at (offsets into the module's text). */
export interface ErrorSpan {
  readonly start: number;
  readonly end: number;
}

/** oxc's message without its colours, code frame and tag, said about the user's own text. */
export function syntaxWords(message: string, text: string, span: ErrorSpan | undefined): string {
  const words = compilerHeadline(message);
  const written = span ? text.slice(span.start, span.end) : '';
  const atEnd = span !== undefined && span.start >= text.trimEnd().length;
  const found = atEnd || written === '' ? 'end of file' : `"${written}"`;
  const said = words
    .replace(/^Unexpected token$/, `Unexpected ${found}`)
    .replace(/found `EOF`$/, 'found end of file')
    // A token's kind (`Identifier`, `Str`, …): the text itself says more.
    .replace(/found `[A-Z][A-Za-z]*`$/, `found ${found}`)
    .replace(/^Unterminated multiline comment$/, 'Unterminated comment: close it with */')
    .replace(/`([^`]*)`/g, '"$1"');
  return said.endsWith('.') ? said : `${said}.`;
}
