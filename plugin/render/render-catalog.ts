// Pure: model (+ the current content of files to preserve) → every output file of one catalog, by
// running each renderer and adding the barrel `index.ts` that re-exports the TypeScript outputs.
import path from 'node:path';
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { copyEditOf, type CopyEdit } from '../model/copy-edits.js';
import { lineCommentText } from '../text/escape.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';
import { flatString } from '../text/flat-string.js';
import {
  layOut,
  type RenderContext,
  type RenderedFile,
  type Renderer,
  type RenderResult,
} from './renderer.js';
import { bindingsRenderer } from './renderers/bindings.js';
import { i18nRenderer } from './renderers/i18n.js';
import { i18nKeysRenderer } from './renderers/i18n-keys.js';
import { optOutsRenderer, settingsTypeName } from './renderers/opt-outs.js';
import { runtimeModule, siblingModule } from './renderers/module-specifiers.js';
import { policyRenderer } from './renderers/policy.js';
import { policySnapshotRenderer } from './renderers/policy-snapshot.js';
import { registryRenderer } from './renderers/registry.js';
import { runtimeRenderer } from './renderers/runtime.js';
import { toolsRenderer } from './renderers/tools.js';
import type { TemplateSet } from './templates.js';

/**
 * The outputs every catalog has, whatever it compiles for (the barrel aside): add a renderer here to
 * emit a new file for every catalog. A target's own outputs come from the target (plugin/targets/).
 */
export const RENDERERS: readonly Renderer[] = [
  registryRenderer,
  toolsRenderer,
  bindingsRenderer,
  i18nRenderer,
  i18nKeysRenderer,
  policyRenderer,
  policySnapshotRenderer,
  optOutsRenderer,
  runtimeRenderer,
];

export interface RenderedCatalog {
  /** The catalog's output folder: the writer keeps its manifest there. */
  readonly outDir: string;
  /** Absolute path → file, in a stable order. */
  readonly files: ReadonlyMap<string, RenderedFile>;
  readonly diagnostics: readonly PendingDiagnostic[];
  /** Files read whose content the rendered files carry (see `RenderResult.carried`). */
  readonly carried: ReadonlyMap<string, readonly string[]>;
}

/** The `@generated` header every output starts with, as `//` comment lines. */
export function generatedHeader(model: CatalogModel, templates: TemplateSet): string {
  return templates
    .get('header')({
      catalog: lineCommentText(`'${model.name}'`),
      include: lineCommentText(model.config.include.join(', ')),
      configFile: lineCommentText(path.basename(model.config.configFile)),
    })
    .trimEnd();
}

/** The absolute paths every renderer wants to read before rendering (with the earlier files taken over). */
export function pathsToRead(
  model: CatalogModel,
  renderers: readonly Renderer[],
  earlier: readonly string[] = [],
): string[] {
  return [...new Set([...renderers.flatMap((r) => r.reads?.(model, earlier) ?? []), ...earlier])];
}

/** Which files an earlier run wrote (`listed`) some renderer takes content over from. */
export function takenOver(
  model: CatalogModel,
  listed: readonly string[],
  renderers: readonly Renderer[],
): string[] {
  return [...new Set(renderers.flatMap((r) => r.takesOver?.(model, listed) ?? []))];
}

/** The barrel: every TypeScript output in the output folder, and the runtime they import, re-exported. */
function renderBarrel(
  model: CatalogModel,
  context: Pick<RenderContext, 'templates'>,
  header: string,
  files: ReadonlyMap<string, RenderedFile>,
): string {
  const outDir = model.config.outDir;
  const modules = [...files.keys()]
    .filter(
      (f) =>
        !files.get(f)!.createOnly &&
        path.dirname(f) === outDir &&
        f.endsWith('.ts') &&
        !f.endsWith('.d.ts'),
    )
    .map((f) => path.basename(f, '.ts'))
    .sort()
    .map((name) => siblingModule(model, name));
  // The runtime's untyped settings share the name of the catalog's typed ones for the prefix `Agent`.
  const settings = settingsTypeName(model);
  const optOuts = path.join(outDir, 'opt-outs.ts');
  const shadows =
    settings === 'AgentToolSettings' && files.has(optOuts)
      ? [{ names: settings, module: siblingModule(model, 'opt-outs') }]
      : [];
  return layOut(
    context,
    'index.ts',
    { header, modules, runtime: runtimeModule(model), shadows },
    path.join(outDir, 'index.ts'),
  );
}

interface KeptResult {
  readonly model: CatalogModel;
  readonly templates: TemplateSet;
  /** The content of each file the renderer read, as it was. */
  readonly read: readonly (string | undefined)[];
  readonly result: RenderResult;
}

/**
 * Each renderer's last result per output folder: renderers are pure, so the same model (watch mode
 * keeps it when nothing changed), templates and files read give the same files without rendering
 * again; so does a model that differs in copy only, for a renderer that shows none of the copy that
 * changed.
 */
const LAST_RESULT = memoSlot<string, KeptResult>('last result of a renderer');

/**
 * Whether the renderer's files stay the same after `edit`, an edit of copy
 * only (undefined: more changed).
 */
function showsNoneOf(renderer: Renderer, edit: CopyEdit | undefined): boolean {
  if (edit === undefined) return false;
  return (
    renderer.showsNoCopy === true || (edit === 'tool copy' && renderer.showsNoToolCopy === true)
  );
}

function renderOnce(
  renderer: Renderer,
  context: RenderContext,
  copyEditFrom: (before: CatalogModel) => CopyEdit | undefined,
): RenderResult {
  const { model, templates, existing, earlier = [], earlierDefaultLocale } = context;
  if (!keepsLast()) return renderer.render(context);
  const paths = [...(renderer.reads?.(model, earlier) ?? []), ...earlier];
  const read = [...paths, ...paths.map((file) => existing.get(file)), earlierDefaultLocale];
  const name = `${model.config.outDir}\0${renderer.name}`;
  const known = lastKept(LAST_RESULT, name);
  const reusable =
    known &&
    known.templates === templates &&
    known.read.length === read.length &&
    known.read.every((c, i) => c === read[i]) &&
    (known.model === model || showsNoneOf(renderer, copyEditFrom(known.model)));
  const result = reusable ? known.result : renderer.render(context);
  if (!reusable || known.model !== model)
    keepLast(LAST_RESULT, name, { model, templates, read, result });
  return result;
}

/** Every output of `model` that `renderers` (the catalog's and its targets', `renderersOf`) write, and the barrel. */
export function renderCatalog(
  model: CatalogModel,
  templates: TemplateSet,
  existing: ReadonlyMap<string, string | undefined>,
  renderers: readonly Renderer[],
  earlier: readonly string[] = [],
  earlierDefaultLocale?: string,
): RenderedCatalog {
  const kept = keepsLast();
  const header = generatedHeader(model, templates);
  const files = new Map<string, RenderedFile>();
  const diagnostics: PendingDiagnostic[] = [];
  const carried = new Map<string, readonly string[]>();
  // Whether the model differs from a renderer's last one in copy only, and
  // in which copy: found once per last model.
  const copyEdits = new Map<CatalogModel, CopyEdit | undefined>();
  const copyEditFrom = (before: CatalogModel) => {
    if (!copyEdits.has(before)) copyEdits.set(before, copyEditOf(before, model));
    return copyEdits.get(before);
  };
  for (const renderer of renderers) {
    const context = { model, templates, existing, earlier, earlierDefaultLocale, header };
    const result = renderOnce(renderer, context, copyEditFrom);
    // Flat now: the writer needs it so, and the pieces can go (a watch session's texts are flat already).
    for (const [file, rendered] of result.files)
      files.set(file, kept ? rendered : { ...rendered, content: flatString(rendered.content) });
    diagnostics.push(...(result.diagnostics ?? []));
    for (const [file, into] of result.carried ?? []) carried.set(file, into);
  }
  const barrel = path.join(model.config.outDir, 'index.ts');
  if (!files.has(barrel))
    files.set(barrel, { content: renderBarrel(model, { templates }, header, files) });
  return { outDir: model.config.outDir, files, diagnostics, carried };
}
