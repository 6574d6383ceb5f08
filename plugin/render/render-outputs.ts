// Pure: model (+ the current content of files to preserve) → every output file of one catalog.
// It also writes the barrel `index.ts` and the manifest that lets the writer remove orphans.
import path from 'node:path';
import type { CatalogModel } from '../model/catalog-model';
import type { PendingDiagnostic } from '../validate/diagnostics';
import type { EmittedFile, Emitter } from './emitter';
import { EMITTERS } from './emitters';
import type { TemplateSet } from './templates';
import { toPosix } from '../spelling';

export const MANIFEST_NAME = '.tool-catalog-manifest.json';


export interface RenderedCatalog {
  /** Absolute path → file, in a stable order. */
  readonly files: ReadonlyMap<string, EmittedFile>;
  readonly diagnostics: readonly PendingDiagnostic[];
}

export function generatedHeader(model: CatalogModel, templates: TemplateSet): string {
  const configFile = path.basename(model.config.configFile);
  return templates.get('header')!({ catalog: model.name, include: model.config.include.join(', '), configFile }).trimEnd();
}

/** The absolute paths every emitter wants to read before rendering. */
export function pathsToRead(model: CatalogModel, emitters: readonly Emitter[] = EMITTERS): string[] {
  return [...new Set(emitters.flatMap((e) => e.reads?.(model) ?? []))];
}

export function renderCatalog(
  model: CatalogModel,
  templates: TemplateSet,
  existing: ReadonlyMap<string, string | undefined>,
  emitters: readonly Emitter[] = EMITTERS,
): RenderedCatalog {
  const header = generatedHeader(model, templates);
  const files = new Map<string, EmittedFile>();
  const diagnostics: PendingDiagnostic[] = [];
  for (const emitter of emitters) {
    const result = emitter.emit({ model, templates, existing, header });
    for (const [file, content] of result.files) files.set(file, content);
    diagnostics.push(...(result.diagnostics ?? []));
  }
  const outDir = model.config.outDir;
  const modules = [...files.keys()]
    .filter((f) => !files.get(f)!.createOnly && path.dirname(f) === outDir && /\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => `./${path.basename(f, '.ts')}`)
    .sort();
  const barrel = path.join(outDir, 'index.ts');
  if (!files.has(barrel)) files.set(barrel, { content: `${header}\n\n${modules.map((m) => `export * from '${m}';`).join('\n')}\n` });
  const owned = [...files.entries()].filter(([, f]) => !f.createOnly).map(([f]) => toPosix(path.relative(outDir, f)));
  owned.push(MANIFEST_NAME);
  files.set(path.join(outDir, MANIFEST_NAME), { content: `${JSON.stringify({ generatedBy: 'agent-tool-catalog', files: owned.sort() }, null, 2)}\n` });
  return { files, diagnostics };
}
