// Reading and laying out one locale file's text. In a watch session the file is usually what the last
// run read or wrote: its text then compares equal, and what was read from it (or the values written
// into it) is used again, and a text whose document and values are the same is not laid out again.
import path from 'node:path';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../diagnostics/diagnostics.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../../session-memory.js';
import { flatString } from '../../text/flat-string.js';
import {
  flattenTranslations,
  layoutOf,
  writeLocaleJson,
  writeLocaleJsonWithPlaces,
  type LocaleDocument,
  type ValuePlaces,
} from './i18n-entries.js';
import { splicedLocaleText } from './i18n-locale-splice.js';

/** Line and column of a JSON parse error, from the offset the message gives. */
function jsonErrorPosition(file: string, text: string, message: string) {
  const offset = /position (\d+)/.exec(message);
  if (!offset) return { file, line: 1, column: 1 };
  const before = text.slice(0, Number(offset[1]));
  return {
    file,
    line: before.split('\n').length,
    column: Number(offset[1]) - before.lastIndexOf('\n'),
  };
}

/**
 * The file's translations; the default locale's file is only checked to parse, its copy comes from
 * the catalog. A file that does not parse holds someone's work: it blocks every write until fixed.
 */
export function parseLocale(
  file: string,
  text: string | undefined,
  keepTranslations: boolean,
): ParsedLocale {
  if (text === undefined) return { translations: new Map() };
  // In watch mode the file is usually what the last run read or wrote: its text compares equal,
  // and what was read from it then (or the values written into it) is still right.
  const last = lastKept(LAST_PARSED, file);
  if (last && last.text === text && last.keepTranslations === keepTranslations) return last.parsed;
  const own = lastKept(LAST_WRITTEN, file);
  if (own && own.text === text) {
    if (!keepTranslations) return { translations: new Map() };
    // Made once per text written: every run reads the other locales' files again (and twice).
    own.translations ??= new Map(own.keys.map((k, i) => [k, own.values[i]!]));
    return { translations: own.translations };
  }
  const parsed = readLocale(file, text, keepTranslations);
  if (keepsLast()) keepLast(LAST_PARSED, file, { text, keepTranslations, parsed });
  return parsed;
}

interface ParsedLocale {
  readonly translations: ReadonlyMap<string, string>;
  readonly error?: PendingDiagnostic;
}

/** Per watch session and locale file: the last text read, and what was read from it. */
const LAST_PARSED = memoSlot<
  string,
  { text: string; keepTranslations: boolean; parsed: ParsedLocale }
>('last locale file read');
/** Per watch session and locale file: the last text written, with the document, keys and values it came from. */
const LAST_WRITTEN = memoSlot<
  string,
  {
    document: LocaleDocument;
    keys: readonly string[];
    values: readonly string[];
    text: string;
    /** The keys and values as read back, made the first time a run reads the file. */
    translations?: ReadonlyMap<string, string>;
    /** Where each value stands in `text`: an edit puts its values in there. */
    places: ValuePlaces;
  }
>('last locale file written');

/** How many locale texts this process parsed: tests read it to see that a run parses each file once. */
export const localeTextsParsed = { count: 0 };

function readLocale(file: string, text: string, keepTranslations: boolean): ParsedLocale {
  localeTextsParsed.count++;
  try {
    const document: unknown = JSON.parse(text);
    if (typeof document !== 'object' || document === null || Array.isArray(document))
      throw new SyntaxError('the file must hold one JSON object');
    return { translations: keepTranslations ? flattenTranslations(document) : new Map() };
  } catch (error) {
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/, '');
    const message =
      `${path.basename(file)} is not valid JSON (${reason}), so its ` +
      `translations cannot be read; fix the file — nothing is written, and it ` +
      `is never replaced or removed, until it parses.`;
    return {
      translations: new Map(),
      error: {
        code: DIAGNOSTIC_CODES.localeUnreadable,
        severity: 'error',
        message,
        at: jsonErrorPosition(file, text, (error as Error).message),
      },
    };
  }
}

/**
 * How many locale texts this process laid out: tests read it to see that a watch edit lays out only
 * the locale files whose text changed.
 */
export const localeTextsLaidOut = { count: 0 };

function layOutLocale(document: LocaleDocument, values: readonly string[]): string {
  localeTextsLaidOut.count++;
  return writeLocaleJson(document, values);
}

/** At most this many changed values are put into the last text; more, and the text is laid out anew. */
const MOST_EDITS = 64;

/** `last.text` with the values at `changed` (key indexes) replaced by those of `values`. */
function editedText(
  last: { readonly text: string; readonly values: readonly string[]; places: ValuePlaces },
  values: readonly string[],
  changed: number[],
): { text: string; places: ValuePlaces } {
  const { starts, order } = last.places;
  changed.sort((a, b) => starts[a]! - starts[b]!);
  const growth = new Map<number, number>();
  let text = '';
  let from = 0;
  for (const key of changed) {
    const before = JSON.stringify(last.values[key]);
    const after = JSON.stringify(values[key]);
    text += last.text.slice(from, starts[key]) + after;
    from = starts[key]! + before.length;
    growth.set(key, after.length - before.length);
  }
  text += last.text.slice(from);
  const moved = new Int32Array(starts.length);
  let shift = 0;
  for (const key of order) {
    moved[key] = starts[key]! + shift;
    shift += growth.get(key) ?? 0;
  }
  return { text, places: { starts: moved, order } };
}

/**
 * `writeLocaleJson`, or in a watch session the last text for `file` when the document and every
 * value are the same, or that text with the few values an edit changed put in.
 */
export function keptLocaleJson(
  file: string,
  document: LocaleDocument,
  keys: readonly string[],
  values: readonly string[],
): string {
  if (!keepsLast()) return layOutLocale(document, values);
  const last = lastKept(LAST_WRITTEN, file);
  if (last && last.document === document && last.values.length === values.length) {
    const changed: number[] = [];
    for (let i = 0; i < values.length && changed.length <= MOST_EDITS; i++)
      if (last.values[i] !== values[i]) changed.push(i);
    if (changed.length === 0) return last.text;
    if (changed.length <= MOST_EDITS) {
      localeTextsLaidOut.count++;
      const edited = editedText(last, values, changed);
      const text = flatString(edited.text);
      keepLast(LAST_WRITTEN, file, { document, keys, values, text, places: edited.places });
      return text;
    }
  }
  // A changed document (a key added, removed or renamed): the last text, with the stretch that
  // differs laid out again; the first text of a session is laid out whole.
  localeTextsLaidOut.count++;
  const made = last
    ? splicedLocaleText({ ...last, layout: layoutOf(last.document) }, layoutOf(document), values)
    : writeLocaleJsonWithPlaces(document, values);
  const text = flatString(made.text);
  keepLast(LAST_WRITTEN, file, { document, keys, values, text, places: made.places });
  return text;
}
