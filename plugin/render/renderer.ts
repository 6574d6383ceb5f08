// The contract every output follows: one renderer per emitted file (or family of files, such as one
// locale file per locale), a pure function from the catalog model — and the current content of files
// it must preserve — to file contents. Its text lives in its template; the renderer builds the view.
import path from 'node:path';
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { samePlainData } from '../model/structural-sharing.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';
import { flatString } from '../text/flat-string.js';
import type { TemplateViews } from './template-views.js';
import type { Template, TemplateName, TemplateSet } from './templates.js';

export interface RenderedFile {
  readonly content: string;
  /** Written only when the file does not exist yet (app-owned files such as the binding file). */
  readonly createOnly?: boolean;
  /** Computed from the file's current content, which the renderer read and kept (locale files). */
  readonly mergesExisting?: boolean;
  /** Holds only what a person wrote for things no longer in the catalog: `generate --prune` drops it. */
  readonly prunable?: boolean;
}

export interface RenderContext {
  readonly model: CatalogModel;
  readonly templates: TemplateSet;
  /** Current content of the files the renderer asked to read (absolute path → content, undefined if absent). */
  readonly existing: ReadonlyMap<string, string | undefined>;
  /**
   * Files an earlier run wrote that this run takes content over from (`takesOver`): regular files
   * in the project, their content in `existing`.
   */
  readonly earlier?: readonly string[];
  /**
   * The default locale the last complete run wrote the locale files for (its manifest says so):
   * undefined when no manifest records one.
   */
  readonly earlierDefaultLocale?: string;
  /** The `@generated` header as `//` comment lines. */
  readonly header: string;
}

export interface RenderResult {
  /** Absolute path → file. */
  readonly files: ReadonlyMap<string, RenderedFile>;
  readonly diagnostics?: readonly PendingDiagnostic[];
  /**
   * Files read whose content the rendered files now carry (absolute path → the files it went into;
   * none when nothing of it needed keeping): the writer may remove them once no longer emitted,
   * though they carry no generated header.
   */
  readonly carried?: ReadonlyMap<string, readonly string[]>;
}

export interface Renderer {
  readonly name: string;
  /** Absolute paths whose current content the renderer needs (translations to keep, app files to leave alone). */
  reads?(model: CatalogModel, earlier?: readonly string[]): readonly string[];
  /**
   * Which of the files an earlier run wrote (its manifest's list) still hold something this run
   * must carry on, though it no longer writes them (a dropped locale's translations).
   */
  takesOver?(model: CatalogModel, listed: readonly string[]): readonly string[];
  /**
   * True when the output shows no copy (tool labels and descriptions, category labels): a watch
   * session then keeps its last files when an edit changed only copy. A test renders every such
   * renderer with all copy changed and checks that its files stay the same.
   */
  readonly showsNoCopy?: boolean;
  /**
   * True when the output shows no tool labels or descriptions, though it may show category labels:
   * a watch session keeps its last files when an edit changed only tools' copy. Tested as above.
   */
  readonly showsNoToolCopy?: boolean;
  render(context: RenderContext): RenderResult;
}

/** Per output file: the last view laid out and its text. */
const LAID_OUT = memoSlot<
  string,
  { readonly template: Template<object>; readonly view: object; readonly text: string }
>('last laid-out output');

/**
 * `templates.get(name)(view)` for the output `file` — but in a watch session, when `view`
 * holds the same data as the last view laid out for that file, the last text itself. Most outputs do
 * not change with an edit: they are then neither laid out again nor compared byte by byte (the
 * writer sees the very string it wrote).
 */
export function layOut<Name extends TemplateName>(
  context: Pick<RenderContext, 'templates'>,
  name: Name,
  view: TemplateViews[Name],
  file: string,
): string {
  const template = context.templates.get(name) as Template<object>;
  if (!keepsLast()) return template(view);
  const last = lastKept(LAID_OUT, file);
  if (last && last.template === template && samePlainData(view, last.view)) return last.text;
  // Kept, so flat: its pieces can go, and the writer needs it flat anyway.
  const text = flatString(template(view));
  keepLast(LAID_OUT, file, { template, view, text });
  return text;
}

/** The output `name` (in the output folder), laid out by the template of the same name from `view`. */
export function templateFile<Name extends TemplateName>(
  context: RenderContext,
  name: Name,
  view: TemplateViews[Name],
): RenderResult {
  const file = path.join(context.model.config.outDir, name);
  return { files: new Map([[file, { content: layOut(context, name, view, file) }]]) };
}
