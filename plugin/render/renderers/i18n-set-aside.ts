// Translations nobody may lose: when a key leaves the catalog (its tool removed, renamed, or its
// file briefly missing), its translation moves out of the locale file into `removed/<locale>.json`
// beside it — a file the app's locale loaders never see — and moves back when the key returns.
// Only `generate --prune` drops them.
import path from 'node:path';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../diagnostics/diagnostics.js';
import type { CatalogModel } from '../../model/catalog-model.js';
import { flattenTranslations } from './i18n-entries.js';

/** Where the translations of keys no longer in the catalog are kept, for one locale. */
export const setAsideFile = (model: CatalogModel, locale: string) =>
  path.join(model.config.i18n.outDir, 'removed', `${locale}.json`);

export interface SetAside {
  readonly translations: ReadonlyMap<string, string>;
  readonly error?: PendingDiagnostic;
}

/** The set-aside translations in `text` (flat or nested keys alike); a file that does not parse blocks every write. */
export function readSetAside(file: string, text: string | undefined): SetAside {
  if (text === undefined) return { translations: new Map() };
  try {
    const document: unknown = JSON.parse(text);
    if (typeof document !== 'object' || document === null || Array.isArray(document))
      throw new SyntaxError('the file must hold one JSON object');
    return { translations: flattenTranslations(document) };
  } catch (error) {
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/, '');
    return {
      translations: new Map(),
      error: {
        code: DIAGNOSTIC_CODES.localeUnreadable,
        severity: 'error',
        message:
          `${path.basename(path.dirname(file))}/${path.basename(file)} is not ` +
          `valid JSON (${reason}), so the translations set aside in it cannot be ` +
          `read; fix the file — nothing is written, and it is never replaced or ` +
          `removed, until it parses.`,
        at: { file, line: 1, column: 1 },
      },
    };
  }
}

/**
 * The translations to keep aside: those already set aside and those of the locale file, for every
 * key the catalog no longer has — except empty ones and copies of the default locale's text (what
 * `missing: 'fallback'` wrote, not a translation). Undefined when there is none.
 */
export function keptAside(
  inFile: ReadonlyMap<string, string>,
  aside: ReadonlyMap<string, string>,
  keys: ReadonlySet<string>,
  defaultCopy: () => ReadonlyMap<string, string>,
): Map<string, string> | undefined {
  const kept = new Map<string, string>();
  for (const [key, text] of aside) if (!keys.has(key) && text !== '') kept.set(key, text);
  for (const [key, text] of inFile) {
    if (keys.has(key) || text === '' || defaultCopy().get(key) === text) continue;
    kept.set(key, text);
  }
  return kept.size > 0 ? kept : undefined;
}

/** The set-aside file's text: flat keys in code-point order, so its diff shows each key once. */
export function setAsideJson(kept: ReadonlyMap<string, string>): string {
  const document: Record<string, string> = Object.create(null);
  for (const key of [...kept.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    document[key] = kept.get(key)!;
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The default locale's copy in its current file, read only when something may be set aside. */
export function defaultCopyOf(text: string | undefined): () => ReadonlyMap<string, string> {
  let copy: ReadonlyMap<string, string> | undefined;
  return () => {
    if (copy) return copy;
    try {
      copy = text === undefined ? new Map() : flattenTranslations(JSON.parse(text));
    } catch {
      copy = new Map();
    }
    return copy;
  };
}
