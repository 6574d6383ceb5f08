// esbuild's messages as located diagnostics: a key written twice, a refused import (the plugin's own
// messages carry their code), and syntax errors — located in the user's own text, with esbuild's
// words about what the user wrote, even when the text ran on into the hook added after it.
import { transform, type Message } from 'esbuild';
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  type PendingDiagnostic,
} from '../diagnostics/diagnostics.js';

/** What the bundle plugin says in a message's `detail`. */
export interface PluginDetail {
  readonly code: DiagnosticCode;
  /** The file the message is about (a file that could not be read), when no import of it is located. */
  readonly file?: string;
}

/** esbuild counts columns in UTF-8 bytes; editors and code frames count UTF-16 units. */
function utf16Column(lineText: string, byteColumn: number): number {
  return Buffer.from(lineText, 'utf8').subarray(0, byteColumn).toString('utf8').length + 1;
}

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

const isDetail = (detail: unknown): detail is PluginDetail =>
  typeof detail === 'object' &&
  detail !== null &&
  typeof (detail as PluginDetail).code === 'string';

export function messageDiagnostic(m: Message, rootDir: string): PendingDiagnostic {
  const loc = m.location;
  const file = loc ? path.resolve(rootDir, loc.file) : undefined;
  const at =
    loc && file
      ? { file, line: loc.line, column: utf16Column(loc.lineText, loc.column) }
      : undefined;
  if (isDetail(m.detail))
    return {
      code: m.detail.code,
      severity: 'error',
      message: sentence(m.text),
      // A file that could not be read is the place to look; an entry's import is the loader's own.
      at:
        m.detail.file !== undefined && (!at || loc?.file.startsWith('<'))
          ? { file: m.detail.file, line: 1, column: 1 }
          : at,
    };
  if (m.id === 'duplicate-object-key') {
    // A key written twice silently keeps the last value once evaluated, so only the parser sees it.
    const key = /"(.*)"/.exec(m.text)?.[1] ?? '?';
    const first = m.notes[0]?.location;
    return {
      code: DIAGNOSTIC_CODES.duplicateKey,
      severity: 'error',
      message:
        `'${key}' is written twice in the same object literal, so the first one ` +
        `would be silently dropped; keep one (rename or delete this one).`,
      at,
      related:
        first && file
          ? [
              {
                at: { file, line: first.line, column: utf16Column(first.lineText, first.column) },
                message: `'${key}' is first written here`,
              },
            ]
          : undefined,
    };
  }
  return {
    code: DIAGNOSTIC_CODES.syntax,
    severity: 'error',
    message: /top-level await/i.test(m.text)
      ? 'Catalog and config modules run synchronously, so top-level await cannot ' +
        'be used; write the value itself instead of awaiting it.'
      : sentence(m.text),
    at,
  };
}

/**
 * esbuild's messages as diagnostics. A message placed after the end of a module's own text is about
 * the hook the bundler added there (a file that ends inside a comment, a template or an expression
 * runs on into it): such a module is parsed again alone, and its own first error is reported.
 */
export async function messageDiagnostics(
  messages: readonly Message[],
  rootDir: string,
  texts: ReadonlyMap<string, string>,
  loaderOf: (file: string) => 'ts' | 'tsx' | 'js' | 'jsx' | 'json',
): Promise<PendingDiagnostic[]> {
  const out: PendingDiagnostic[] = [];
  const reparsed = new Set<string>();
  for (const m of messages) {
    const file = m.location ? path.resolve(rootDir, m.location.file) : undefined;
    const text = file === undefined ? undefined : texts.get(file);
    const lines = text?.split('\n').length ?? 0;
    if (isDetail(m.detail) || text === undefined || m.location!.line <= lines) {
      out.push(messageDiagnostic(m, rootDir));
      continue;
    }
    if (reparsed.has(file!)) continue;
    reparsed.add(file!);
    out.push(await ownError(file!, text, rootDir, loaderOf(file!)));
  }
  return out;
}

/** The first syntax error of `text` parsed alone, located in it; else one at its end. */
async function ownError(
  file: string,
  text: string,
  rootDir: string,
  loader: 'ts' | 'tsx' | 'js' | 'jsx' | 'json',
): Promise<PendingDiagnostic> {
  try {
    await transform(text, { loader, sourcefile: path.relative(rootDir, file), logLevel: 'silent' });
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (first?.location) return messageDiagnostic(first, rootDir);
  }
  const lines = text.split('\n');
  return {
    code: DIAGNOSTIC_CODES.syntax,
    severity: 'error',
    message:
      'The file ends in the middle of a statement (an unclosed comment, string, ' +
      'template or bracket); finish or remove the last statement.',
    at: { file, line: lines.length, column: lines.at(-1)!.length + 1 },
  };
}
