// Locale files an earlier run wrote that this run does not write again — a locale dropped from
// `locales`, a locale folder moved by `i18n.outDir` — still hold translators' work. Their
// translations are carried into this run's locale files, or set aside, never dropped.
import path from 'node:path';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../diagnostics/diagnostics.js';
import type { CatalogModel } from '../../model/catalog-model.js';
import { flattenTranslations } from './i18n-entries.js';

/** A locale file's name without `.json`: a language tag as written (`en`, `zh-CN`, `zh-cn`). */
const LOCALE_NAME = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

export interface EarlierLocaleFile {
  readonly file: string;
  /** The configured locale it belongs to (tags compare without case), else the tag as written. */
  readonly locale: string;
  /** A file of translations set aside (`removed/<locale>.json`), not a locale file. */
  readonly setAside: boolean;
}

/** Whether `file` lies in the project (as spelled; the files read are checked for real before). */
const inProject = (model: CatalogModel, file: string) =>
  file.startsWith(model.config.rootDir + path.sep);

/**
 * The files of `listed` (what an earlier run wrote) that hold a locale's text, other than `current`
 * (the files this run reads and writes anyway), each with its locale.
 */
export function earlierLocaleFiles(
  model: CatalogModel,
  listed: readonly string[],
  current: ReadonlySet<string>,
): EarlierLocaleFile[] {
  const configured = new Map(model.config.i18n.locales.map((l) => [l.toLowerCase(), l]));
  const found: EarlierLocaleFile[] = [];
  for (const file of listed) {
    if (!file.endsWith('.json') || current.has(file) || !inProject(model, file)) continue;
    const name = path.basename(file, '.json');
    if (!LOCALE_NAME.test(name)) continue;
    found.push({
      file,
      locale: configured.get(name.toLowerCase()) ?? name,
      setAside: path.basename(path.dirname(file)) === 'removed',
    });
  }
  return found;
}

export interface EarlierTranslations {
  /** Key → translation, from every earlier file of the locale (a locale file before a set-aside one). */
  readonly translations: Map<string, string>;
  readonly files: readonly string[];
  readonly errors: readonly PendingDiagnostic[];
}

/**
 * The translations the earlier files of one locale hold: empty texts and copies of the default
 * locale's text (what `missing: 'fallback'` wrote) are no translations. A file that does not parse
 * is reported and blocks every write: nothing of it may be lost.
 */
export function earlierTranslations(
  files: readonly EarlierLocaleFile[],
  existing: ReadonlyMap<string, string | undefined>,
  defaultCopy: () => ReadonlyMap<string, string>,
): EarlierTranslations {
  const translations = new Map<string, string>();
  const read: string[] = [];
  const errors: PendingDiagnostic[] = [];
  // Locale files first: a key in one was current when it was last written.
  for (const earlier of [...files].sort((a, b) => Number(a.setAside) - Number(b.setAside))) {
    const text = existing.get(earlier.file);
    if (text === undefined) continue;
    let document: unknown;
    try {
      document = JSON.parse(text);
      if (typeof document !== 'object' || document === null || Array.isArray(document))
        throw new SyntaxError('the file must hold one JSON object');
    } catch (error) {
      errors.push(unreadable(earlier.file, error as Error));
      continue;
    }
    read.push(earlier.file);
    for (const [key, value] of flattenTranslations(document)) {
      if (value === '' || translations.has(key)) continue;
      if (!earlier.setAside && defaultCopy().get(key) === value) continue;
      translations.set(key, value);
    }
  }
  return { translations, files: read, errors };
}

const unreadable = (file: string, error: Error): PendingDiagnostic => ({
  code: DIAGNOSTIC_CODES.localeUnreadable,
  severity: 'error',
  message:
    `${path.basename(file)} is no longer written (its locale or folder changed), ` +
    `and it is not valid JSON (${error.message.replace(/ in JSON at position \d+.*$/, '')}), ` +
    `so its translations cannot be carried over; fix the file, or delete it if ` +
    `nothing in it is needed — nothing is written until then.`,
  at: { file, line: 1, column: 1 },
});
