// The contract every output follows: one renderer per emitted file (or family of files, such as one
// locale file per locale), a pure function from the catalog model — and the current content of files
// it must preserve — to file contents. Its text lives in its template; the renderer builds the view.
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { samePlainData } from '../model/structural-sharing.js';
import type { Template, TemplateName, TemplateSet } from './templates.js';

export interface RenderedFile {
  readonly content: string;
  /** Written only when the file does not exist yet (app-owned files such as the binding file). */
  readonly createOnly?: boolean;
  /** Computed from the file's current content, which the renderer read and kept (locale files). */
  readonly mergesExisting?: boolean;
}

export interface RenderContext {
  readonly model: CatalogModel;
  readonly templates: TemplateSet;
  /** Current content of the files the renderer asked to read (absolute path → content, undefined if absent). */
  readonly existing: ReadonlyMap<string, string | undefined>;
  /** The `@generated` header as `//` comment lines. */
  readonly header: string;
}

export interface RenderResult {
  /** Absolute path → file. */
  readonly files: ReadonlyMap<string, RenderedFile>;
  readonly diagnostics?: readonly PendingDiagnostic[];
}

export interface Renderer {
  readonly name: string;
  /** Absolute paths whose current content the renderer needs (translations to keep, app files to leave alone). */
  reads?(model: CatalogModel): readonly string[];
  render(context: RenderContext): RenderResult;
}

/** The last view laid out for each output file, and its text. */
const lastLaidOut = new Map<string, { readonly template: Template<object>; readonly view: object; readonly text: string }>();

/**
 * `templates.get(name)(view)` for the output `file` — but when `view` holds the same data as the
 * last view laid out for that file, the last text itself. In watch mode most outputs do not change
 * with an edit: they are then neither laid out again nor compared byte by byte (the writer sees the
 * very string it wrote).
 */
export function layOut<View extends object>(templates: TemplateSet, name: TemplateName, view: View, file: string): string {
  const template = templates.get<View>(name) as Template<object>;
  const last = lastLaidOut.get(file);
  if (last && last.template === template && samePlainData(view, last.view)) return last.text;
  const text = template(view);
  lastLaidOut.set(file, { template, view, text });
  return text;
}

/** One file at `file` (absolute). */
export const oneFile = (file: string, content: string): RenderResult => ({ files: new Map([[file, { content }]]) });
