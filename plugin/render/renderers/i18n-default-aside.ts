// The default locale's file holds the catalog's copy. When `i18n.defaultLocale` switches to a locale
// that had translations, its file is written with the catalog's copy and those translations move to
// `removed/<locale>.json` beside it (the output says so); switched back, they return.
// A switch is what the manifest says: it records the default locale of the last complete run.
import type { RenderedFile } from '../renderer.js';
import type { CatalogModel } from '../../model/catalog-model.js';
import type { I18nEntry } from './i18n-entries.js';
import { setAsideFile, setAsideJson } from './i18n-set-aside.js';

/**
 * The translations a file of the default locale still holds from when it was another locale's (the
 * config's `i18n.defaultLocale` switched to it): the file's values that are not the catalog's copy,
 * when another locale's file agrees with the catalog's copy on more keys than it does. A file that
 * only lags behind an edit of the catalog's copy agrees at least as well as any other, so nothing of
 * it is set aside. Undefined when there is nothing to keep.
 */
function translationsInDefault(
  inDefault: ReadonlyMap<string, string>,
  others: readonly ReadonlyMap<string, string>[],
  copy: ReadonlyMap<string, string>,
): Map<string, string> | undefined {
  const agreement = (file: ReadonlyMap<string, string>) => {
    let n = 0;
    for (const [key, text] of copy) if (file.get(key) === text) n++;
    return n;
  };
  const own = agreement(inDefault);
  if (!others.some((other) => agreement(other) > own)) return undefined;
  const kept = new Map<string, string>();
  for (const [key, text] of inDefault)
    if (text !== '' && copy.get(key) !== text) kept.set(key, text);
  return kept.size > 0 ? kept : undefined;
}

interface DefaultLocaleRead {
  /** The file read for the default locale, and the one written. */
  readonly source: string;
  readonly file: string;
  /** What the file read holds, by key. */
  readonly inFile: ReadonlyMap<string, string>;
  /** What the other locales' files hold, by key. */
  readonly others: readonly ReadonlyMap<string, string>[];
  /** What the default locale's set-aside file holds. */
  readonly current: ReadonlyMap<string, string>;
  readonly entries: readonly I18nEntry[];
  readonly existing: ReadonlyMap<string, string | undefined>;
  /**
   * False when the last complete run recorded this same default locale: the file then only lags
   * behind (a run killed between two locale files), and holds no translation to keep.
   */
  readonly switched: boolean;
}

/**
 * The default locale's set-aside file: what it held, and the translations its locale file still
 * holds from when it was another locale's. Written while it holds any; `carried` says where the
 * translations went, for the output.
 */
export function keepDefaultAside(
  model: CatalogModel,
  read: DefaultLocaleRead,
  files: Map<string, RenderedFile>,
  carried: Map<string, string[]>,
): void {
  // A file that holds nothing (a first run) keeps nothing: no need to compare it with the others.
  const translations =
    read.switched && read.inFile.size > 0
      ? translationsInDefault(
          read.inFile,
          read.others,
          new Map(read.entries.map((e) => [e.key, e.text])),
        )
      : undefined;
  const asideFile = setAsideFile(model, model.config.i18n.defaultLocale);
  const kept = new Map([...read.current, ...(translations ?? [])]);
  if (kept.size === 0) {
    // An empty set-aside file has nothing to keep: it goes, as it always did.
    if (read.existing.get(asideFile) !== undefined) carried.set(asideFile, [read.file]);
    return;
  }
  files.set(asideFile, { content: setAsideJson(kept), mergesExisting: true, prunable: true });
  if (translations) carried.set(read.source, [asideFile]);
}
