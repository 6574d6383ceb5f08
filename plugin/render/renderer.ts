// The contract every output follows: one renderer per emitted file (or family of files, such as one
// locale file per locale), a pure function from the catalog model — and the current content of files
// it must preserve — to file contents. Its text lives in its template; the renderer builds the view.
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { CatalogModel } from '../model/catalog-model.js';
import type { TemplateSet } from './templates.js';

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

/** One file at `file` (absolute). */
export const oneFile = (file: string, content: string): RenderResult => ({ files: new Map([[file, { content }]]) });
