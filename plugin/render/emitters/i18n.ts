// Emits one JSON file per configured locale (`<i18n.outDir>/<locale>.json`): the default locale from
// the catalog's copy, other locales keeping their translations; missing ones are reported per policy.
import path from 'node:path';
import type { CatalogModel } from '../../model/catalog-model';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../validate/diagnostics';
import type { Emitter, EmittedFile } from '../emitter';
import { flattenTranslations, i18nEntries, jsonKeyPositions, nestTranslations, nestingConflicts, type I18nEntry } from './i18n-entries';

export const localeFile = (model: CatalogModel, locale: string) => path.join(model.config.i18n.outDir, `${locale}.json`);

/** The catalog file and key path a diagnostic about an entry's key points at. */
function ownerLocator(model: CatalogModel, entry: I18nEntry): PendingDiagnostic['at'] {
  if (entry.owner.kind === 'category') {
    const file = model.sources.map((s) => path.resolve(model.config.rootDir, s))[0] ?? model.config.configFile;
    return { file, path: ['categories'], scope: 'catalog' };
  }
  const tool = model.tools.find((t) => t.key === entry.owner.name)!;
  return { file: path.resolve(model.config.rootDir, tool.source), path: [tool.key, entry.owner.field], scope: 'tools' };
}

/** Where a missing key would go: the deepest part of its path the file already has, else line 1. */
function missingKeyPosition(file: string, text: string | undefined, key: string, positions: Map<string, { line: number; column: number }> | undefined) {
  const parts = key.split('.');
  for (let i = parts.length; i > 0 && positions; i--) {
    const found = positions.get(parts.slice(0, i).join('.'));
    if (found) return { file, ...found };
  }
  return { file, line: 1, column: 1 };
}

function parseLocale(file: string, text: string | undefined): { translations: Map<string, string>; error?: PendingDiagnostic } {
  if (text === undefined) return { translations: new Map() };
  try {
    return { translations: flattenTranslations(JSON.parse(text)) };
  } catch (error) {
    const message = `${path.basename(file)} is not valid JSON (${(error as Error).message}); fix the file so its translations can be kept — nothing is written until it parses.`;
    return { translations: new Map(), error: { code: DIAGNOSTIC_CODES.missingTranslation, severity: 'error', message, at: { file, line: 1, column: 1 } } };
  }
}

export const i18nEmitter: Emitter = {
  name: 'i18n',
  reads(model) {
    return model.config.i18n.locales.map((locale) => localeFile(model, locale));
  },
  emit({ model, existing }) {
    const { locales, defaultLocale, layout, missing: policy } = model.config.i18n;
    const diagnostics: PendingDiagnostic[] = [];
    let entries = i18nEntries(model);
    if (layout === 'nested') {
      const conflicting = new Set<string>();
      for (const [ancestor, descendant] of nestingConflicts(entries.map((e) => e.key))) {
        conflicting.add(descendant);
        const entry = entries.find((e) => e.key === descendant)!;
        const other = entries.find((e) => e.key === ancestor)!;
        diagnostics.push({
          code: DIAGNOSTIC_CODES.invalidValue,
          severity: 'error',
          message: `The i18n key '${descendant}' of ${entry.owner.kind} '${entry.owner.name}' lies under '${ancestor}', the ${other.owner.field} of ${other.owner.kind} '${other.owner.name}', and a nested locale file cannot hold a key as both text and object; change one of the two keys or set i18n.layout to 'flat'.`,
          at: ownerLocator(model, entry),
        });
      }
      entries = entries.filter((e) => !conflicting.has(e.key));
    }
    const defaultText = new Map(entries.map((e) => [e.key, e.text]));
    const files = new Map<string, EmittedFile>();
    for (const locale of locales) {
      const file = localeFile(model, locale);
      const text = existing.get(file);
      const parsed = parseLocale(file, text);
      if (parsed.error) {
        diagnostics.push(parsed.error);
        continue;
      }
      const values = new Map<string, string>();
      const missing: I18nEntry[] = [];
      for (const entry of entries) {
        const kept = parsed.translations.get(entry.key);
        if (locale === defaultLocale) values.set(entry.key, entry.text);
        else if (kept !== undefined && kept !== '') values.set(entry.key, kept);
        // An empty default copy has nothing to translate.
        else if (entry.text === '') values.set(entry.key, '');
        else if (policy === 'fallback') values.set(entry.key, defaultText.get(entry.key)!);
        else missing.push(entry);
      }
      const positions = missing.length > 0 && text !== undefined ? jsonKeyPositions(text) : undefined;
      for (const entry of missing) {
        diagnostics.push({
          code: DIAGNOSTIC_CODES.missingTranslation,
          severity: policy === 'error' ? 'error' : 'warning',
          message: `Locale '${locale}' has no translation for '${entry.key}' (${defaultLocale}: ${JSON.stringify(entry.text)}); add it to ${path.basename(file)}, or set i18n.missing to 'warn' or 'fallback' while translations are pending.`,
          at: missingKeyPosition(file, text, entry.key, positions),
        });
      }
      const document = layout === 'nested' ? nestTranslations(values) : Object.fromEntries(values);
      files.set(file, { content: `${JSON.stringify(document, null, 2)}\n` });
    }
    return { files, diagnostics };
  },
};
