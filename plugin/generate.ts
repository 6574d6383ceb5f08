// The one `generate` core that the CLI, every bundler entry and the API call: the project's front
// door (load → validate → model), then render; `generateAndWrite` hands the result to the writer.
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  hasErrors,
  type CatalogDiagnostic,
  type PendingDiagnostic,
} from './diagnostics/diagnostics.js';
import { createLocator } from './diagnostics/locate.js';
import type { ResolvedCatalogConfig } from './load/load-config.js';
import type { CatalogModel } from './model/catalog-model.js';
import { loadProject, type ProjectOptions } from './project/load-project.js';
import type { RenderedFile, Renderer } from './render/renderer.js';
import { pathsToRead, renderCatalog, takenOver } from './render/render-catalog.js';
import { renderersOf } from './targets/index.js';
import { loadTemplates } from './render/templates.js';
import { keptFormatterWarnings } from './project/kept-formatter-warnings.js';
import { doWhileWaiting, runInOneMemory } from './session-memory.js';
import { MANIFEST_NAME, manifestDefaultLocale, manifestEntries } from './write/manifest.js';
import { readOutput } from './write/output-memory.js';
import { isFileReallyIn } from './text/real-place.js';
import { writeOutputs, type OutputSet, type WriteReport } from './write/write-outputs.js';
import type { WriteProblem } from './write/write-problems.js';

export type GenerateAndWriteOptions = GenerateOptions & {
  /** Write nothing; report what is stale or orphaned (what `generate --check` runs). */
  readonly check?: boolean;
};

export type GenerateAndWriteResult = GenerateResult & {
  /** What was written (or, with `check`, would be); absent when an error stopped every write. */
  readonly report?: WriteReport;
};

export interface CatalogOutput {
  readonly config: ResolvedCatalogConfig;
  readonly model?: CatalogModel;
  /** The catalog's output folder. */
  readonly outDir: string;
  /** Absolute path → file; empty when the catalog has errors. */
  readonly files: ReadonlyMap<string, RenderedFile>;
  /** Files read whose content `files` carry on (translations), → the files it went into. */
  readonly carried: ReadonlyMap<string, readonly string[]>;
}

export interface GenerateResult {
  readonly configFile?: string;
  readonly catalogs: readonly CatalogOutput[];
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** Every source file read (config, catalogs and what they import): what a watcher watches. */
  readonly inputs: readonly string[];
  readonly ok: boolean;
}

export interface GenerateOptions extends ProjectOptions {
  /** Drop what is kept only for things no longer in the catalog (set-aside translations). */
  readonly prune?: boolean;
  /**
   * Create-only files (the app's binding file) not to create again: a watch session saw them, so
   * one that is missing now is being moved or restored by the app, not waiting for a skeleton.
   */
  readonly leaveMissing?: ReadonlySet<string>;
}

async function readExisting(paths: readonly string[]): Promise<Map<string, string | undefined>> {
  const contents = await Promise.all(paths.map((p) => readOutput(p).catch(() => undefined)));
  return new Map(paths.map((p, i) => [p, contents[i]]));
}

/**
 * What the catalog's last run recorded in its manifest: the files it wrote that a renderer takes
 * content over from, though this run no longer writes them (only regular files really in the
 * project are read), and the default locale it wrote the locale files for.
 */
async function earlierOutputs(
  model: CatalogModel,
  renderers: readonly Renderer[],
): Promise<{ files: string[]; defaultLocale?: string }> {
  const { outDir, rootDir } = model.config;
  const manifest = await readOutput(path.join(outDir, MANIFEST_NAME)).catch(() => undefined);
  if (manifest === undefined) return { files: [] };
  const wanted = takenOver(model, manifestEntries(outDir, manifest), renderers);
  return {
    files: wanted.length === 0 ? [] : wanted.filter((f) => isFileReallyIn(rootDir, f)),
    defaultLocale: manifestDefaultLocale(manifest),
  };
}

/** Renders one modelled catalog; which files to read first depends on the model. */
export async function renderModel(model: CatalogModel): Promise<{
  files: ReadonlyMap<string, RenderedFile>;
  diagnostics: readonly PendingDiagnostic[];
  carried: ReadonlyMap<string, readonly string[]>;
}> {
  const renderers = renderersOf(model);
  const earlier = await earlierOutputs(model, renderers);
  const existing = await readExisting(pathsToRead(model, renderers, earlier.files));
  const templates = loadTemplates();
  return renderCatalog(model, templates, existing, renderers, earlier.files, earlier.defaultLocale);
}

/**
 * The project as rendering needs it: each catalog's config and model, without the declarations they
 * were built from (at 20,000 tools, megabytes that can go before the outputs are laid out).
 */
async function loadForRender(options: GenerateOptions) {
  const { configFile, catalogs, diagnostics, inputs, locate } = await loadProject(options);
  return {
    configFile,
    catalogs: catalogs.map(({ config, model }) => ({ config, model })),
    diagnostics,
    inputs,
    locate,
  };
}

/**
 * The folders whose files `generate --check` compares byte for byte (each catalog's output folder, and
 * its locale folder when that lies elsewhere) → those files. Files written once and then owned by the
 * app (the binding file) are left out: formatting them is the app's business.
 */
function checkedFolders(
  catalogs: readonly { config: ResolvedCatalogConfig; files?: ReadonlyMap<string, RenderedFile> }[],
): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const { config, files } of catalogs) {
    for (const [file, rendered] of files ?? []) {
      if (rendered.createOnly) continue;
      const folder = [config.outDir, config.i18n.outDir].find((dir) =>
        file.startsWith(dir + path.sep),
      );
      if (!folder) continue;
      const files = folders.get(folder);
      if (files) files.push(file);
      else folders.set(folder, [file]);
    }
  }
  return folders;
}

/**
 * Loads the project and renders every catalog that has no error. Reads files, writes none. In a
 * session it keeps what the session keeps; alone, its stages share one run's derived results.
 */
export const generate = (options: GenerateOptions): Promise<GenerateResult> =>
  runInOneMemory(() => generateInMemory(options));

async function generateInMemory(options: GenerateOptions): Promise<GenerateResult> {
  // The templates are ready before the catalog is: loaded while the evaluation process works.
  doWhileWaiting(loadTemplates);
  const project = await loadForRender(options);
  const rendered = await Promise.all(
    project.catalogs.map((c) => (c.model ? renderModel(c.model) : undefined)),
  );
  // A formatter that rewrites generated files makes `generate --check` fail later: say so now, once per formatter.
  const rootDir = project.catalogs[0]?.config.rootDir;
  const formatting = rootDir
    ? keptFormatterWarnings(
        rootDir,
        checkedFolders(
          project.catalogs.map((c, i) => ({ config: c.config, files: rendered[i]?.files })),
        ),
      )
    : [];
  const later = await project.locate([
    ...rendered.flatMap((r) => r?.diagnostics ?? []),
    ...formatting,
  ]);
  const diagnostics = [...project.diagnostics, ...later];
  // Pruned files are not emitted, so the writer removes them as files it owned.
  const emitted = (files: ReadonlyMap<string, RenderedFile> | undefined) =>
    options.prune || options.leaveMissing
      ? new Map(
          [...(files ?? [])].filter(
            ([file, f]) =>
              !(options.prune && f.prunable) && !(f.createOnly && options.leaveMissing?.has(file)),
          ),
        )
      : (files ?? new Map());
  return {
    configFile: project.configFile,
    catalogs: project.catalogs.map((c, i) => ({
      config: c.config,
      model: c.model,
      outDir: c.config.outDir,
      files: emitted(rendered[i]?.files),
      carried: rendered[i]?.carried ?? new Map(),
    })),
    diagnostics,
    inputs: project.inputs,
    ok: !hasErrors(diagnostics),
  };
}

/**
 * Errors that mean the catalog is wrong block every write. A missing translation does not: the
 * files are right, only incomplete, so `generate` writes them and still fails (as `--check` does).
 */
const blocksWrite = (d: Pick<CatalogDiagnostic, 'severity' | 'code'>) =>
  d.severity === 'error' && d.code !== DIAGNOSTIC_CODES.missingTranslation;

/** The folders a catalog writes into and removes from: its output folder and its locale folder. */
const outputFolders = (config: ResolvedCatalogConfig) => [
  ...new Set([config.outDir, config.i18n.outDir]),
];

/** The catalogs' outputs as the writer takes them. */
export const outputSets = (result: GenerateResult): OutputSet[] =>
  result.catalogs.map((c) => ({
    outDir: c.outDir,
    files: c.files,
    folders: outputFolders(c.config),
    root: c.config.rootDir,
    carried: new Set(c.carried.keys()),
    defaultLocale: c.config.i18n.defaultLocale,
  }));

/** The setting that names where `output` goes: the locale folder, the output folder or the binding file. */
function settingOf(config: ResolvedCatalogConfig, output: string): string[] | undefined {
  if (config.bindings && output === config.bindings.file) return ['bindings', 'file'];
  const inside = (dir: string) => output === dir || output.startsWith(dir + path.sep);
  if (inside(config.i18n.outDir) && config.i18n.outDir.length > config.outDir.length)
    return ['i18n', 'outDir'];
  if (inside(config.outDir)) return ['outDir'];
  if (inside(config.i18n.outDir)) return ['i18n', 'outDir'];
  return undefined;
}

/**
 * A problem caused by something in an output's way (a file the tool does not own, a file where a
 * folder must be, a link out of the folder) is the config's to fix: it is placed at the setting
 * that sends the output there, and names the file in the way.
 */
function atSetting(problem: WriteProblem, catalogs: readonly CatalogOutput[]): PendingDiagnostic {
  const { inTheWay, output, ...diagnostic } = problem;
  if (inTheWay === undefined || output === undefined) return diagnostic;
  for (const { config } of catalogs) {
    const setting = settingOf(config, output);
    if (!setting) continue;
    return {
      ...diagnostic,
      at: { file: config.configFile, path: ['catalogs', config.name, ...setting], scope: 'config' },
      related: [{ at: { file: inTheWay, line: 1, column: 1 }, message: 'in the way' }],
    };
  }
  return diagnostic;
}

/**
 * `generate`, then write every catalog's files when (and only when) no catalog has a blocking error.
 * What stops the writer (a file the tool does not own, a file system error) is a diagnostic too.
 */
export const generateAndWrite = (
  options: GenerateAndWriteOptions,
): Promise<GenerateAndWriteResult> => runInOneMemory(() => generateAndWriteInMemory(options));

async function generateAndWriteInMemory(
  options: GenerateAndWriteOptions,
): Promise<GenerateAndWriteResult> {
  // `--check` writes nothing anywhere: not even the evaluation cache.
  const result = await generate(options.check ? { ...options, readOnly: true } : options);
  if (result.diagnostics.some(blocksWrite)) return result;
  const report = await writeOutputs(outputSets(result), { check: options.check });
  if (report.problems.length === 0) return { ...result, report };
  const problems = report.problems.map((p) => atSetting(p, result.catalogs));
  const diagnostics = [
    ...result.diagnostics,
    ...(await createLocator({
      displayRoot: options.cwd,
      projectRoot: result.configFile ? path.dirname(result.configFile) : options.cwd,
    })(problems)),
  ];
  return { ...result, diagnostics, ok: false, report };
}
