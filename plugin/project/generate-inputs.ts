// What `generate` reads and writes for each catalog, as globs relative to a folder: the input and
// output lists a task runner (Turborepo, Nx) needs to cache `generate` and to know when to run it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import { authoringEntry } from '../load/module-graph.js';
import { formatterInputs } from '../load/find-formatters.js';
import type { ResolvedCatalogConfig } from '../load/load-config.js';
import { toPosix } from '../text/spelling.js';
import { MCP_LOCK_NAME } from '../write/manifest.js';
import { loadProject, type ProjectOptions } from './load-project.js';

export interface CatalogInputs {
  readonly catalog: string;
  /** Files and globs whose content decides the output, relative to the folder asked about (posix). */
  readonly inputs: readonly string[];
  /** What `generate` writes: the output folder, locale files and the binding file it creates once. */
  readonly outputs: readonly string[];
}

export interface GenerateInputs {
  readonly ok: boolean;
  readonly catalogs: readonly CatalogInputs[];
  readonly diagnostics: readonly CatalogDiagnostic[];
}

/** The tsconfig files that decided the import extension of generated files (none when the config sets it). */
const tsconfigInputs = (config: ResolvedCatalogConfig): readonly string[] =>
  config.imports.files ?? [];

/**
 * The folder of this package's authoring API (what `import 'agent-tool-catalog'` in a config or
 * catalog loads): the package's version, not the app's input.
 */
function packageBuildFolder(): string | undefined {
  try {
    return path.dirname(authoringEntry());
  } catch {
    return undefined;
  }
}

/** Installed packages are hashed by the task runner through the lock file, not file by file. */
function isAppFile(file: string, build: string | undefined): boolean {
  return (
    !file.split(path.sep).includes('node_modules') &&
    (build === undefined || path.relative(build, file).startsWith('..'))
  );
}

/**
 * Files that would take over an import if they appeared (`x.js`, then `x.js.ts`, `x.js.mts`, … before
 * the `x.ts` it resolves to) are inputs too, though absent: each run of them is one glob, `x.js*`.
 */
function absentAsGlobs(files: readonly string[]): string[] {
  const absent = files.filter((f) => !existsSync(f));
  const present = files.filter((f) => existsSync(f));
  const heads = absent.filter((f) => !absent.some((g) => g !== f && f.startsWith(g)));
  return [
    ...present,
    ...heads.map((h) => (absent.some((g) => g !== h && g.startsWith(h)) ? `${h}*` : h)),
  ];
}

/** `base` + a glob written relative to `rootDir`, keeping a leading `!`. */
function globFrom(base: string, rootDir: string, pattern: string): string {
  const negated = pattern.startsWith('!');
  const rel = toPosix(
    path.relative(base, path.join(rootDir, negated ? pattern.slice(1) : pattern)),
  );
  return `${negated ? '!' : ''}${rel}`;
}

/**
 * Every input and output of `generate` for each catalog of the config found from `cwd`, relative to
 * `relativeTo` (default `cwd`). Inputs: the config and what it imports, the runtime-surface lock, the
 * catalog's include globs and any file outside them a catalog file imports, the locale files and the
 * translations set aside beside them (translators edit them), the binding file, the tsconfig files
 * that pick the import extension (with their `extends` chains), and the formatter settings
 * `generate` warns about. Outputs: the output folder, the locale folder when it is elsewhere, and the
 * binding file (written once when missing).
 */
export async function generateInputs(
  options: ProjectOptions & { relativeTo?: string },
): Promise<GenerateInputs> {
  const project = await loadProject(options);
  const base = options.relativeTo ?? options.cwd;
  const rel = (file: string) => toPosix(path.relative(base, file)) || '.';
  const build = packageBuildFolder();
  const catalogInputs = new Set(
    project.catalogs.flatMap((c) => [...c.raw.inputs, ...tsconfigInputs(c.config)]),
  );
  const configInputs = project.inputs.filter((f) => !catalogInputs.has(f) && isAppFile(f, build));
  const catalogs: CatalogInputs[] = [];
  for (const { config, raw } of project.catalogs) {
    const matched = new Set(
      (
        await glob([...config.include], {
          cwd: config.rootDir,
          absolute: true,
          ignore: ['**/node_modules/**'],
        })
      ).map((f) => path.resolve(f)),
    );
    const imported = absentAsGlobs(
      raw.inputs.filter((f) => !matched.has(f) && f !== config.configFile && isAppFile(f, build)),
    );
    // Locale files, and the translations set aside beside them.
    const localeGlobs = [
      `${rel(config.i18n.outDir)}/*.json`,
      `${rel(config.i18n.outDir)}/removed/*.json`,
    ];
    const binding = config.bindings
      ? [rel(path.resolve(config.rootDir, config.bindings.file))]
      : [];
    const insideOutDir = !path.relative(config.outDir, config.i18n.outDir).startsWith('..');
    const inputs = [
      ...new Set([
        rel(config.configFile),
        ...configInputs.map(rel),
        ...config.include.map((p) => globFrom(base, config.rootDir, p)),
        ...imported.map(rel),
        ...localeGlobs,
        ...binding,
        // Not read, but in the output folder: hashed so a cache hit never puts back an older one.
        rel(path.join(config.outDir, MCP_LOCK_NAME)),
        ...absentAsGlobs(tsconfigInputs(config)).map(rel),
        ...formatterInputs(config.rootDir).map(rel),
      ]),
    ];
    const outputs = [`${rel(config.outDir)}/**`, ...(insideOutDir ? [] : localeGlobs), ...binding];
    catalogs.push({ catalog: config.name, inputs, outputs });
  }
  return { ok: project.ok, catalogs, diagnostics: project.diagnostics };
}
