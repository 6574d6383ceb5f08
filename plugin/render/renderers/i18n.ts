// Renders one JSON file per configured locale (`<i18n.outDir>/<locale>.json`): the default locale from
// the catalog's copy, other locales keeping their translations; missing ones are reported per policy,
// and those of keys the catalog no longer has are set aside (i18n-set-aside.ts), never dropped.
import path from 'node:path';
import type { CatalogModel } from '../../model/catalog-model.js';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../diagnostics/diagnostics.js';
import type { RenderedFile, Renderer } from '../renderer.js';
import { keptLocaleJson, parseLocale } from './i18n-locale-text.js';
import {
  defaultCopyOf,
  keptAside,
  readSetAside,
  setAsideFile,
  setAsideJson,
} from './i18n-set-aside.js';
import { keepDefaultAside } from './i18n-default-aside.js';
import { earlierLocaleFiles, earlierTranslations, type EarlierLocaleFile } from './i18n-earlier.js';
import {
  i18nEntries,
  jsonKeyPositions,
  localeDocument,
  nestingConflicts,
  type I18nEntry,
} from './i18n-entries.js';

export { localeTextsLaidOut, localeTextsParsed } from './i18n-locale-text.js';

export const localeFile = (model: CatalogModel, locale: string) =>
  path.join(model.config.i18n.outDir, `${locale}.json`);

/**
 * Where a locale's translations may also be: the file named as the tag was written before locales
 * were BCP 47 (`zh-cn.json` for `zh-CN`). Its translations carry over; the old file is then an orphan.
 */
const earlierLocaleFile = (model: CatalogModel, locale: string) =>
  path.join(model.config.i18n.outDir, `${locale.toLowerCase()}.json`);

/** Whether `text` is a JSON object (an earlier default-locale file that can go). */
function parsesAsObject(text: string | undefined): boolean {
  try {
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The catalog file and key path a diagnostic about an entry's key points at. */
function ownerLocator(model: CatalogModel, entry: I18nEntry): PendingDiagnostic['at'] {
  if (entry.owner.kind === 'category') {
    const source = model.definitionSource ?? model.sources[0];
    const file =
      source === undefined ? model.config.configFile : path.resolve(model.config.rootDir, source);
    return { file, path: ['categories'], scope: 'catalog' };
  }
  const tool = model.tools.find((t) => t.key === entry.owner.name)!;
  return {
    file: path.resolve(model.config.rootDir, tool.source),
    path: [tool.key, entry.owner.field],
    scope: 'tools',
  };
}

/** Where a missing key would go: the deepest part of its path the file already has, else line 1. */
function missingKeyPosition(
  file: string,
  key: string,
  positions: Map<string, { line: number; column: number }> | undefined,
) {
  const parts = key.split('.');
  for (let i = parts.length; i > 0 && positions; i--) {
    const found = positions.get(parts.slice(0, i).join('.'));
    if (found) return { file, ...found };
  }
  return { file, line: 1, column: 1 };
}

/** The files every run reads for the configured locales: locale files, their earlier names, set-aside files. */
const currentFiles = (model: CatalogModel) =>
  model.config.i18n.locales.flatMap((locale) => [
    localeFile(model, locale),
    earlierLocaleFile(model, locale),
    setAsideFile(model, locale),
  ]);

/** The locales of earlier files that are no longer configured. */
const droppedLocales = (model: CatalogModel, earlier: readonly EarlierLocaleFile[]) => {
  const configured = new Set(model.config.i18n.locales);
  return [...new Set(earlier.map((e) => e.locale).filter((l) => !configured.has(l)))];
};

const earlierOf = (model: CatalogModel, earlier: readonly string[] = []) =>
  earlierLocaleFiles(model, earlier, new Set(currentFiles(model)));

/** Translations of a locale no longer configured, kept aside in this run's locale folder. */
function dropped(
  model: CatalogModel,
  locale: string,
  earlier: readonly EarlierLocaleFile[],
  existing: ReadonlyMap<string, string | undefined>,
  defaultCopy: () => ReadonlyMap<string, string>,
) {
  const asideFile = setAsideFile(model, locale);
  const sources = earlier.filter((e) => e.locale === locale);
  if (!sources.some((e) => e.file === asideFile))
    sources.push({ file: asideFile, locale, setAside: true });
  const found = earlierTranslations(sources, existing, defaultCopy);
  const into = found.translations.size > 0 ? [asideFile] : [];
  return { asideFile, found, into };
}

/**
 * Each locale file's translations, read once per render: the default locale's turn reads the other
 * locales' files first (5,000 tools: 27 ms a run, read again in their own turns). A file's own turn
 * takes what was read and lets it go.
 */
function localeReader(existing: ReadonlyMap<string, string | undefined>) {
  const read = new Map<string, ReturnType<typeof parseLocale>>();
  const peek = (file: string) => {
    let parsed = read.get(file);
    if (parsed === undefined) {
      parsed = parseLocale(file, existing.get(file), true);
      read.set(file, parsed);
    }
    return parsed;
  };
  return {
    peek,
    take(file: string) {
      const parsed = peek(file);
      read.delete(file);
      return parsed;
    },
  };
}

export const i18nRenderer: Renderer = {
  name: 'i18n',
  reads(model, earlier) {
    // A dropped locale's translations go aside in this run's locale folder: what is there is kept too.
    const aside = droppedLocales(model, earlierOf(model, earlier)).map((l) =>
      setAsideFile(model, l),
    );
    return [...currentFiles(model), ...aside];
  },
  takesOver(model, listed) {
    return earlierOf(model, listed).map((e) => e.file);
  },
  render({ model, existing, earlier: earlierPaths, earlierDefaultLocale }) {
    const { locales, defaultLocale, layout, missing: policy } = model.config.i18n;
    const diagnostics: PendingDiagnostic[] = [];
    const carried = new Map<string, string[]>();
    const earlier = earlierOf(model, earlierPaths);
    let entries = i18nEntries(model);
    // Built once and shared by every locale that has all keys; undefined when nested keys conflict.
    let document = localeDocument(
      entries.map((e) => e.key),
      layout,
    );
    if (!document) {
      const conflicting = new Set<string>();
      for (const [ancestor, descendant] of nestingConflicts(entries.map((e) => e.key))) {
        conflicting.add(descendant);
        const entry = entries.find((e) => e.key === descendant)!;
        const other = entries.find((e) => e.key === ancestor)!;
        diagnostics.push({
          code: DIAGNOSTIC_CODES.invalidValue,
          severity: 'error',
          message:
            `The i18n key '${descendant}' of ${entry.owner.kind} '${entry.owner.name}` +
            `' lies under '${ancestor}', the ${other.owner.field} of ` +
            `${other.owner.kind} '${other.owner.name}', and a nested locale file ` +
            `cannot hold a key as both text and object; change one of the two keys ` +
            `or set i18n.layout to 'flat'.`,
          at: ownerLocator(model, entry),
        });
      }
      entries = entries.filter((e) => !conflicting.has(e.key));
      document = localeDocument(
        entries.map((e) => e.key),
        layout,
      )!;
    }
    const keys = entries.map((e) => e.key);
    const keySet = new Set(keys);
    const earlierDefault = earlier.filter((e) => e.locale === defaultLocale && !e.setAside);
    const defaultCopy = defaultCopyOf(
      existing.get(localeFile(model, defaultLocale)) ??
        earlierDefault.map((e) => existing.get(e.file)).find((t) => t !== undefined),
    );
    // An earlier file of the default locale holds the catalog's copy of then: nothing to keep.
    for (const e of earlierDefault)
      if (parsesAsObject(existing.get(e.file))) carried.set(e.file, []);
    const files = new Map<string, RenderedFile>();
    const readOnce = localeReader(existing);
    // The default locale first, each set-aside file before the file it was taken from: the writer
    // renames in this order, so a run killed between two renames never leaves a translation only
    // in a file about to be overwritten, nor a default file older than the other locales'.
    const ordered = [
      ...locales.filter((l) => l === defaultLocale),
      ...locales.filter((l) => l !== defaultLocale),
    ];
    for (const locale of ordered) {
      const file = localeFile(model, locale);
      const source =
        existing.get(file) === undefined &&
        existing.get(earlierLocaleFile(model, locale)) !== undefined
          ? earlierLocaleFile(model, locale)
          : file;
      const text = existing.get(source);
      // The default locale's file is read too: it may hold translations from before a switch of defaultLocale.
      const parsed = readOnce.take(source);
      const asideFile = setAsideFile(model, locale);
      const current = readSetAside(asideFile, existing.get(asideFile));
      const before =
        locale === defaultLocale
          ? undefined
          : earlierTranslations(
              earlier.filter((e) => e.locale === locale),
              existing,
              defaultCopy,
            );
      if (parsed.error || current.error || before?.errors.length) {
        diagnostics.push(
          ...[parsed.error, current.error, ...(before?.errors ?? [])].filter(
            (e) => e !== undefined,
          ),
        );
        continue;
      }
      // The default locale's file is written with the catalog's copy: translations in it, or set
      // aside beside it, stay aside.
      if (locale === defaultLocale) {
        const others = locales
          .filter((l) => l !== defaultLocale)
          .map((l) => localeFile(model, l))
          .map((f) => readOnce.peek(f).translations);
        const switched = earlierDefaultLocale !== defaultLocale;
        const read = {
          source,
          file,
          inFile: parsed.translations,
          others,
          entries,
          existing,
          switched,
        };
        keepDefaultAside(model, { ...read, current: current.translations }, files, carried);
      }
      // Set aside now, or by an earlier run (in an earlier locale folder, under an earlier name).
      const aside = {
        translations: new Map([...(before?.translations ?? []), ...current.translations]),
      };
      // Translations of keys the catalog no longer has move aside (and back when a key returns).
      const setAside =
        locale === defaultLocale
          ? undefined
          : keptAside(parsed.translations, aside.translations, keySet, defaultCopy);
      const into = setAside ? [file, asideFile] : [file];
      for (const read of [...(before?.files ?? []), ...(source === file ? [] : [source])])
        carried.set(read, into);
      if (existing.get(asideFile) !== undefined && locale !== defaultLocale)
        carried.set(asideFile, into);
      if (setAside)
        files.set(asideFile, {
          content: setAsideJson(setAside),
          mergesExisting: true,
          prunable: true,
        });
      // undefined: no translation, left out of the file.
      const values: (string | undefined)[] = [];
      const missing: I18nEntry[] = [];
      for (const entry of entries) {
        const inFile = parsed.translations.get(entry.key);
        const setAsideText = aside.translations.get(entry.key);
        // The default locale's text (what the file holds from when it was the default) gives way to
        // a translation set aside.
        const kept =
          inFile !== undefined &&
          inFile !== '' &&
          !(setAsideText && inFile === defaultCopy().get(entry.key))
            ? inFile
            : setAsideText;
        if (locale === defaultLocale) values.push(entry.text);
        else if (kept !== undefined && kept !== '') values.push(kept);
        // An empty default copy has nothing to translate.
        else if (entry.text === '') values.push('');
        else if (policy === 'fallback') values.push(entry.text);
        else {
          missing.push(entry);
          values.push(undefined);
        }
      }
      const positions =
        missing.length > 0 && text !== undefined ? jsonKeyPositions(text) : undefined;
      for (const entry of missing) {
        diagnostics.push({
          code: DIAGNOSTIC_CODES.missingTranslation,
          severity: policy === 'error' ? 'error' : 'warning',
          message:
            `Locale '${locale}' has no translation for '${entry.key}' (` +
            `${defaultLocale}: ${JSON.stringify(entry.text)}); add it to ` +
            `${path.basename(file)}, or set i18n.missing to 'warn' or 'fallback' ` +
            `while translations are pending.`,
          at: missingKeyPosition(source, entry.key, positions),
        });
      }
      let content: string;
      if (missing.length === 0) content = keptLocaleJson(file, document, keys, values as string[]);
      else {
        // Missing keys are left out, and the nesting order follows the keys that are present.
        const present = values.flatMap((v, i) => (v === undefined ? [] : [i]));
        const presentKeys = present.map((i) => keys[i]!);
        content = keptLocaleJson(
          file,
          localeDocument(presentKeys, layout, file)!,
          presentKeys,
          present.map((i) => values[i]!),
        );
      }
      files.set(file, { content, mergesExisting: true });
    }
    for (const locale of droppedLocales(model, earlier)) {
      const { asideFile, found, into } = dropped(model, locale, earlier, existing, defaultCopy);
      diagnostics.push(...found.errors);
      if (into.length > 0)
        files.set(asideFile, {
          content: setAsideJson(found.translations),
          mergesExisting: true,
          prunable: true,
        });
      for (const read of found.files) carried.set(read, into);
    }
    return { files, diagnostics, carried };
  },
};
