// The one `generate` core that the CLI and every bundler entry call: load → validate → model →
// render. It returns files and located diagnostics and writes nothing; `writeOutputs` writes.
import { readFile } from 'node:fs/promises';
import { loadCatalog, loadCatalogFiles, type RawCatalog } from './load/load-catalog';
import { loadConfig, type ResolvedCatalogConfig } from './load/load-config';
import { buildModel } from './model/build-model';
import type { CatalogModel } from './model/catalog-model';
import type { EmittedFile } from './render/emitter';
import { pathsToRead, renderCatalog } from './render/render-outputs';
import { loadTemplates, type TemplateSet } from './render/templates';
import { DIAGNOSTIC_CODES, hasErrors, type CatalogDiagnostic, type PendingDiagnostic } from './validate/diagnostics';
import { createLocator } from './validate/locate';
import { validateTools } from './validate/validate-tools';
import { validateVocabulary, vocabularyNames } from './validate/validate-vocabulary';
import { writeOutputs, type WriteReport } from './write/write-outputs';

export interface GenerateOptions {
  readonly cwd: string;
  /** Config file; found from `cwd` upwards when absent. */
  readonly config?: string;
  /** Only this catalog of the config. */
  readonly catalog?: string;
}

export interface CatalogResult {
  readonly config: ResolvedCatalogConfig;
  readonly model?: CatalogModel;
  readonly files: ReadonlyMap<string, EmittedFile>;
}

export interface GenerateResult {
  readonly configFile?: string;
  readonly catalogs: readonly CatalogResult[];
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** Every source file read (config, catalogs and what they import): what a watcher watches. */
  readonly inputs: readonly string[];
  readonly ok: boolean;
}

/** Every problem in a loaded catalog: load errors, vocabulary and tool checks. */
export function validateCatalog(raw: RawCatalog): PendingDiagnostic[] {
  const diagnostics: PendingDiagnostic[] = [...raw.diagnostics];
  if (raw.vocabulary && raw.definitionFile) diagnostics.push(...validateVocabulary(raw.vocabulary, raw.definitionFile));
  if (raw.vocabulary) diagnostics.push(...validateTools(raw.tools, vocabularyNames(raw.vocabulary)));
  return diagnostics;
}

/** Validates a loaded catalog and, when it has no error, builds its model. */
function modelCatalog(raw: RawCatalog): { model?: CatalogModel; diagnostics: PendingDiagnostic[] } {
  const diagnostics = validateCatalog(raw);
  if (hasErrors(diagnostics) || !raw.vocabulary) return { diagnostics };
  return { model: buildModel(raw), diagnostics };
}

/** Pure: a loaded catalog (and the current contents of files to preserve) → model, files, pending diagnostics. */
export function compileCatalog(
  raw: RawCatalog,
  existing: ReadonlyMap<string, string | undefined>,
  templates: TemplateSet = loadTemplates(),
): { model?: CatalogModel; files: ReadonlyMap<string, EmittedFile>; diagnostics: PendingDiagnostic[] } {
  const { model, diagnostics } = modelCatalog(raw);
  if (!model) return { files: new Map(), diagnostics };
  const rendered = renderCatalog(model, templates, existing);
  return { model, files: rendered.files, diagnostics: [...diagnostics, ...rendered.diagnostics] };
}

async function readExisting(paths: readonly string[]): Promise<Map<string, string | undefined>> {
  const contents = await Promise.all(paths.map((p) => readFile(p, 'utf8').catch(() => undefined)));
  return new Map(paths.map((p, i) => [p, contents[i]]));
}

/** Loads, validates and renders one catalog; `files` overrides the include globs (tests, watch mode). */
export async function compileFromConfig(config: ResolvedCatalogConfig, files?: readonly string[]) {
  const raw = files ? await loadCatalogFiles(config, files) : await loadCatalog(config);
  const { model, diagnostics } = modelCatalog(raw);
  if (!model) return { raw, files: new Map<string, EmittedFile>(), diagnostics };
  // Which files to read depends on the model, so they are read between modelling and rendering.
  const rendered = renderCatalog(model, loadTemplates(), await readExisting(pathsToRead(model)));
  return { raw, model, files: rendered.files, diagnostics: [...diagnostics, ...rendered.diagnostics] };
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const loaded = await loadConfig({ cwd: options.cwd, file: options.config });
  const pending: PendingDiagnostic[] = [...loaded.diagnostics];
  const inputs = new Set(loaded.inputs);
  const catalogs: CatalogResult[] = [];
  let selected = loaded.catalogs;
  if (options.catalog !== undefined) {
    selected = loaded.catalogs.filter((c) => c.name === options.catalog);
    if (selected.length === 0 && loaded.diagnostics.length === 0)
      pending.push({ code: DIAGNOSTIC_CODES.catalogUnknown, severity: 'error', message: `The config has no catalog named '${options.catalog}'; use one of: ${loaded.catalogs.map((c) => c.name).join(', ')}.` });
  }
  const searchFiles: string[] = [];
  const compiled = await Promise.all(selected.map((config) => compileFromConfig(config)));
  compiled.forEach(({ raw, model, files, diagnostics }, i) => {
    raw.inputs.forEach((f) => inputs.add(f));
    searchFiles.push(...raw.files);
    pending.push(...diagnostics);
    catalogs.push({ config: selected[i]!, model, files });
  });
  const locate = createLocator({ displayRoot: options.cwd, searchFiles });
  const diagnostics = pending.length > 0 ? await locate(pending) : [];
  return { configFile: loaded.file || undefined, catalogs, diagnostics, inputs: [...inputs].sort(), ok: !hasErrors(diagnostics) };
}

/**
 * Errors that mean the catalog is wrong block every write. A missing translation does not: the
 * files are right, only incomplete, so `generate` writes them and still fails (as `--check` does).
 */
export const blocksWrite = (d: CatalogDiagnostic) => d.severity === 'error' && d.code !== DIAGNOSTIC_CODES.missingTranslation;

/** `generate`, then write every catalog's files when (and only when) no catalog has a blocking error. */
export async function generateAndWrite(options: GenerateOptions & { check?: boolean }): Promise<GenerateResult & { report?: WriteReport }> {
  const result = await generate(options);
  if (result.diagnostics.some(blocksWrite)) return result;
  const all = new Map<string, EmittedFile>();
  for (const c of result.catalogs) for (const [file, content] of c.files) all.set(file, content);
  return { ...result, report: await writeOutputs(all, { check: options.check }) };
}
