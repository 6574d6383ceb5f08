// What a watch session keeps of its last render, so the next one lays out only what changed: the
// last view and text of each output, the locale documents and files. A one-shot `generate` renders
// without it and keeps nothing beyond the run.
import type { LocaleDocument } from './renderers/i18n-entries.js';
import type { Template } from './templates.js';

export interface ParsedLocale {
  readonly translations: ReadonlyMap<string, string>;
  readonly error?: import('../diagnostics/diagnostics.js').PendingDiagnostic;
}

export class RenderMemory {
  /** Per output file: the last view laid out and its text. */
  readonly laidOut = new Map<string, { readonly template: Template<object>; readonly view: object; readonly text: string }>();
  /** Per locale file: the last text written, with the document, keys and values it came from. */
  readonly localeJson = new Map<string, { readonly document: LocaleDocument; readonly keys: readonly string[]; readonly values: readonly string[]; readonly text: string }>();
  /** Per locale file: the last text read and what was read from it. */
  readonly parsedLocales = new Map<string, { readonly text: string; readonly keepTranslations: boolean; readonly parsed: ParsedLocale }>();
  /** Per layout: the last locale document and the keys it was built for. */
  readonly localeDocuments = new Map<'nested' | 'flat', { readonly keys: readonly string[]; readonly document: LocaleDocument | undefined }>();
}
