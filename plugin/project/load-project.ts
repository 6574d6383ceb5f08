// The front door every command, the bundler plugin, the watch session and the API go through:
// config → catalog selection → load → validate → model → locate. It reads; it never renders or writes.
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  hasErrors,
  type CatalogDiagnostic,
  type PendingDiagnostic,
} from '../diagnostics/diagnostics.js';
import { createLocator } from '../diagnostics/locate.js';
import { loadCatalogFiles, type LoadOptions, type RawCatalog } from '../load/load-catalog.js';
import { loadConfig, type ResolvedCatalogConfig } from '../load/load-config.js';
import { pinnedSurface, readSurfaceLock, SURFACE_LOCK_NAME } from '../load/surface-lock.js';
import { buildModel } from '../model/build-model.js';
import { surfaceProblems } from '../model/runtime-surface.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { validateCatalog } from '../validate/validate-catalog.js';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';
import { keptCatalogFiles } from './kept-catalog-files.js';
import { withKeptDeclarations } from './kept-declarations.js';

export interface ProjectOptions {
  /** Where relative paths start and the config search begins. */
  readonly cwd: string;
  /** Config file; found from `cwd` upwards when absent. */
  readonly config?: string;
  /** Only this catalog of the config. */
  readonly catalog?: string;
  /** Write nothing, not even to the evaluation cache on disk (`generate --check`). */
  readonly readOnly?: boolean;
}

/** The last model of each catalog (by config file and name): a watch session reuses its unchanged parts. */
const LAST_MODEL = memoSlot<string, CatalogModel>('last model of a catalog');

export interface ProjectCatalog {
  readonly config: ResolvedCatalogConfig;
  readonly raw: RawCatalog;
  /** Present when the catalog has no error. */
  readonly model?: CatalogModel;
}

export interface Project {
  readonly cwd: string;
  /** The config file, when one was found. */
  readonly configFile?: string;
  /** The selected catalogs, in config order. */
  readonly catalogs: readonly ProjectCatalog[];
  /** Every problem found, located. */
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** Every source file read (config, catalogs and what they import): what a watcher watches. */
  readonly inputs: readonly string[];
  /** No error in the config or any selected catalog. */
  readonly ok: boolean;
  /** Locates problems found later (while rendering) against this project's files. */
  locate(pending: readonly PendingDiagnostic[]): Promise<CatalogDiagnostic[]>;
}

/** A diagnostic that means the command line, not a catalog, is wrong (exit code 2). */
export const isUsageProblem = (d: CatalogDiagnostic) => d.code === DIAGNOSTIC_CODES.catalogUnknown;

/** Loads, validates and models one catalog; `files` overrides its include globs (tests, watch mode). */
export async function loadProjectCatalog(
  config: ResolvedCatalogConfig,
  files?: readonly string[],
  options: LoadOptions = {},
): Promise<{ catalog: ProjectCatalog; pending: PendingDiagnostic[] }> {
  const slot = `${config.configFile}\0${config.name}`;
  const raw = withKeptDeclarations(
    await loadCatalogFiles(config, files ?? (await keptCatalogFiles(config)), options),
    slot,
  );
  const pending = validateCatalog(raw);
  const { lock, problem } = await readSurfaceLock(config.outDir, config.name);
  if (problem) pending.push(problem);
  const surface = lock && pinnedSurface(lock, path.join(config.outDir, SURFACE_LOCK_NAME));
  const model =
    hasErrors(pending) || !raw.vocabulary
      ? undefined
      : buildModel(raw, lastKept(LAST_MODEL, slot), surface);
  if (model) keepLast(LAST_MODEL, slot, model);
  // Where the catalog and the recorded runtime surface disagree (a tool not recorded yet, a claim
  // the runtime contradicts).
  if (model) pending.push(...surfaceProblems(model));
  return { catalog: { config, raw, model }, pending };
}

export async function loadProject(options: ProjectOptions): Promise<Project> {
  const loaded = await loadConfig({
    cwd: options.cwd,
    file: options.config,
    readOnly: options.readOnly,
  });
  const pending: PendingDiagnostic[] = [...loaded.diagnostics];
  let selected = loaded.catalogs;
  if (options.catalog !== undefined) {
    selected = loaded.catalogs.filter((c) => c.name === options.catalog);
    if (selected.length === 0 && loaded.diagnostics.length === 0)
      pending.push({
        code: DIAGNOSTIC_CODES.catalogUnknown,
        severity: 'error',
        message:
          `The config has no catalog named '${options.catalog}'; use one of: ` +
          `${loaded.catalogs.map((c) => c.name).join(', ')}.`,
      });
  }
  const results = await Promise.all(
    selected.map((config) => loadProjectCatalog(config, undefined, { readOnly: options.readOnly })),
  );
  const inputs = new Set(loaded.inputs);
  const searchFiles: string[] = [];
  for (const { catalog, pending: found } of results) {
    for (const f of catalog.raw.inputs) inputs.add(f);
    inputs.add(path.join(catalog.config.outDir, SURFACE_LOCK_NAME));
    // The tsconfig files that decided the extension of generated imports.
    for (const f of catalog.config.imports.files ?? []) inputs.add(f);
    searchFiles.push(...catalog.raw.files);
    pending.push(...found);
  }
  const locate = createLocator({
    displayRoot: options.cwd,
    projectRoot: loaded.file ? path.dirname(loaded.file) : options.cwd,
    searchFiles,
  });
  const diagnostics = pending.length > 0 ? await locate(pending) : [];
  return {
    cwd: options.cwd,
    configFile: loaded.file || undefined,
    catalogs: results.map((r) => r.catalog),
    diagnostics,
    inputs: [...inputs].sort(),
    ok: !hasErrors(diagnostics),
    locate: async (more) => (more.length > 0 ? locate(more) : []),
  };
}
