// Bundles catalog or config modules with esbuild into one script for the evaluation process. Every
// import is resolved by import-boundary.ts before anything is read (only `agent-tool-catalog` and
// regular files inside the project), and every file is read there with a size limit and a deadline:
// esbuild itself reads nothing, so no app code, package or file outside the project is ever bundled.
import { build, type BuildFailure, type Message, type Metafile } from 'esbuild';
import { existsSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import { fsErrorReason } from '../text/fs-error.js';
import { FILE_KIND_WORDS, readRegularFile, UnreadFile } from '../text/regular-file.js';
import { messageDiagnostic, messageDiagnostics, type PluginDetail } from './bundle-messages.js';
import {
  entryRefusal,
  importBoundary,
  MAX_MODULE_BYTES,
  MODULE_READ_DEADLINE_MS,
  resolveImport,
} from './import-boundary.js';
import { RESOLVE_EXTENSIONS } from './resolution-candidates.js';
import { BUNDLE_FILE } from './sandbox.js';

/** The name of the module that imports the entries (esbuild's stdin, so no plugin call loads it). */
const ENTRIES = '<tool-catalog-entries>';
/**
 * The specifier an entry imports its own namespace by (added after its text, for the loader's hook).
 * Any other module imports itself by its file name, which esbuild resolves without the plugin.
 */
const SELF = 'tool-catalog-self:';
/** Module syntax: only such modules get the hook (it would turn a CommonJS module into one). */
const MODULE_SYNTAX = /^[ \t]*(?:import|export)\b/m;

/** The build options that decide what a bundle does (part of what a kept evaluation is keyed on). */
export const BUILD_OPTIONS = {
  bundle: true,
  format: 'iife',
  platform: 'neutral',
  target: 'node20',
  mainFields: [],
  conditions: [],
  resolveExtensions: RESOLVE_EXTENSIONS,
  tsconfigRaw: '{}',
  charset: 'utf8',
  legalComments: 'none',
} as const;

export interface ModuleBundle {
  readonly code: string;
  /** The modules whose end the bundle reports, in the order their bodies run. */
  readonly modules: readonly string[];
  /** The text of every file bundled, exactly as bundled (absolute path → text). */
  readonly texts: ReadonlyMap<string, string>;
  /** Each bundled file of the app: its relative imports, as written → the file each resolved to. */
  readonly imports: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The files of the authoring API that were bundled (part of every evaluation). */
  readonly packageFiles: readonly string[];
  readonly diagnostics: readonly PendingDiagnostic[];
  /** False when a diagnostic stops the run (any but a key written twice). */
  readonly runnable: boolean;
  /** The source position of a position in `code` (1-based), if it is in a module of the app. */
  locate(line: number, column: number): Promise<SourcePosition | undefined>;
}

/** The authoring API the bundled modules get for `import … from 'agent-tool-catalog'`. */
export function authoringEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, '../index.ts'),
    path.join(here, 'index.js'),
    path.join(here, '../index.js'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`agent-tool-catalog: cannot find its authoring entry near ${here}`);
  return found;
}

const loaderOf = (file: string): 'ts' | 'tsx' | 'js' | 'jsx' | 'json' => {
  const ext = path.extname(file);
  if (ext === '.tsx') return 'tsx';
  if (ext === '.jsx') return 'jsx';
  if (ext === '.json') return 'json';
  return /^\.[cm]?ts$/.test(ext) ? 'ts' : 'js';
};

/** The plugin's name: its messages carry their diagnostic code in `detail`. */
const PLUGIN_NAME = 'tool-catalog-modules';

/** Why a file the resolver let through could not be read after all (it changed, or a read hung). */
function unreadMessage(error: unknown, name: string): string {
  if (error instanceof UnreadFile)
    return error.reason === 'deadline'
      ? `${name} could not be read within ${MODULE_READ_DEADLINE_MS / 1000} s, so it was ` +
          `given up; move it to a local disk, or fix what holds it.`
      : error.reason === 'size'
        ? `${name} is larger than the ${MAX_MODULE_BYTES / 2 ** 20} MB a catalog or config ` +
          `module may be; split it, or keep the data out of the catalog.`
        : `${name} is ${FILE_KIND_WORDS[error.kind]}, not a regular file, so it is not read; ` +
          `import a .ts, .js or .json file.`;
  return (
    `${name} cannot be read: ${fsErrorReason(error) ?? String(error)}; fix its permissions or ` +
    `what stands there, and run again.`
  );
}

/** Bundles `entries` (absolute paths) and what they import. */
export async function bundleModules(
  entries: readonly string[],
  rootDir: string,
): Promise<ModuleBundle> {
  const authoring = authoringEntry();
  const boundary = importBoundary(rootDir, authoring);
  const isPackageFile = (file: string) => file.startsWith(boundary.packageDir + path.sep);
  const texts = new Map<string, string>();
  const hooked = new Set<string>();
  const failed = (texts: ReadonlyMap<string, string>, diagnostics: PendingDiagnostic[]) => ({
    code: '',
    modules: [],
    texts,
    imports: new Map(),
    packageFiles: [],
    diagnostics,
    runnable: false,
    locate: async () => undefined,
  });
  // An entry (the config, a catalog file a glob matched) is looked at as an import is.
  const refusedEntries = entries.flatMap((entry): PendingDiagnostic[] => {
    const why = entryRefusal(entry, boundary);
    return why === undefined
      ? []
      : [
          {
            code: DIAGNOSTIC_CODES.forbiddenImport,
            severity: 'error',
            message: why,
            at: { file: entry, line: 1, column: 1 },
          },
        ];
  });
  if (refusedEntries.length > 0) return failed(texts, refusedEntries);
  const entryCode =
    `${entries.map((f, i) => `import * as e${i} from ${JSON.stringify(f)};`).join('\n')}` +
    `\n__tc_entries([${entries.map((_, i) => `e${i}`).join(', ')}]);\n`;
  const entryFiles = new Set(entries);
  const entriesModule = path.join(rootDir, ENTRIES);
  const pluginError = (text: string, detail: PluginDetail) => ({ errors: [{ text, detail }] });
  /** One build; with `mapped`, again from the very texts read the first time, with a source map. */
  const bundle = (mapped: boolean) =>
    build({
      ...BUILD_OPTIONS,
      resolveExtensions: [...RESOLVE_EXTENSIONS],
      mainFields: [],
      conditions: [],
      stdin: { contents: entryCode, resolveDir: rootDir, sourcefile: ENTRIES, loader: 'js' },
      absWorkingDir: rootDir,
      outfile: path.join(rootDir, BUNDLE_FILE),
      write: false,
      metafile: true,
      sourcemap: mapped ? 'external' : false,
      logLevel: 'silent',
      plugins: [
        {
          name: PLUGIN_NAME,
          setup(b) {
            // Every import, relative ones too: esbuild resolves (and reads) nothing by itself.
            b.onResolve({ filter: /.*/ }, (args) => {
              // The entries as given (their paths are the records' names), looked at above.
              if (args.importer === entriesModule && entryFiles.has(args.path))
                return { path: args.path };
              if (args.path.startsWith(SELF) && args.path.slice(SELF.length) === args.importer)
                return { path: args.importer };
              const resolved = resolveImport(args.path, args.importer, boundary);
              return resolved.kind === 'file'
                ? { path: resolved.file }
                : pluginError(resolved.message, { code: resolved.code });
            });
            b.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
              let text = mapped ? texts.get(args.path) : undefined;
              if (text === undefined) {
                try {
                  text = await readRegularFile(args.path, {
                    maxBytes: MAX_MODULE_BYTES,
                    deadlineMs: MODULE_READ_DEADLINE_MS,
                  });
                } catch (error) {
                  return pluginError(unreadMessage(error, path.relative(rootDir, args.path)), {
                    // Not a regular file, or too large: refused; else the file system's own error.
                    code:
                      error instanceof UnreadFile && error.reason !== 'deadline'
                        ? DIAGNOSTIC_CODES.forbiddenImport
                        : DIAGNOSTIC_CODES.syntax,
                    file: args.path,
                  });
                }
              }
              if (!mapped) texts.set(args.path, text);
              const loader = loaderOf(args.path);
              if (isPackageFile(args.path) || loader === 'json' || !MODULE_SYNTAX.test(text))
                return { contents: text, loader };
              if (!mapped) hooked.add(args.path);
              // After the module's last line, so every line and column stays where it is. A module
              // imports itself by its file name from its own folder, which resolves to the same path.
              const self = entryFiles.has(args.path)
                ? SELF + args.path
                : `./${path.basename(args.path)}`;
              const hook =
                `\n;import * as __tc_self from ${JSON.stringify(self)}` +
                `;\n__tc_leave(${JSON.stringify(args.path)}, __tc_self);\n`;
              return { contents: text + hook, loader };
            });
          },
        },
      ],
    });
  let result: { code: string; metafile: Metafile; warnings: Message[] };
  try {
    const built = await bundle(false);
    result = {
      code: built.outputFiles[0]!.text,
      metafile: built.metafile,
      warnings: built.warnings,
    };
  } catch (error) {
    const failure = error as BuildFailure;
    if (!Array.isArray(failure.errors)) throw error;
    const messages = [
      ...failure.errors,
      ...failure.warnings.filter((w) => w.id === 'duplicate-object-key'),
    ];
    return failed(texts, await messageDiagnostics(messages, rootDir, texts, loaderOf));
  }
  const diagnostics = result.warnings
    .filter((w) => w.id === 'duplicate-object-key')
    .map((m) => messageDiagnostic(m, rootDir));
  const imports = new Map<string, Map<string, string>>();
  const packageFiles: string[] = [];
  const graph = new Map<string, string[]>();
  for (const [key, input] of Object.entries(result.metafile.inputs)) {
    if (key === ENTRIES) {
      graph.set(
        '',
        input.imports.map((i) => path.resolve(rootDir, i.path)),
      );
      continue;
    }
    const file = path.resolve(rootDir, key);
    if (isPackageFile(file)) {
      packageFiles.push(file);
      continue;
    }
    const own = new Map<string, string>();
    imports.set(file, own);
    const next: string[] = [];
    for (const i of input.imports) {
      // Every import was resolved to a file above; none is left out of the bundle.
      if (i.external) continue;
      const target = path.resolve(rootDir, i.path);
      if (target === file) continue;
      if (i.original !== undefined && target !== authoring) own.set(i.original, target);
      if (i.kind !== 'dynamic-import') next.push(target);
    }
    graph.set(file, next);
  }
  // Module bodies run in post-order from the entries: what a module imports runs before it.
  const modules: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of graph.get(file) ?? []) visit(dep);
    if (hooked.has(file)) modules.push(file);
  };
  visit('');
  let sourceMap: Promise<SourceMap | undefined> | undefined;
  /** Made only when a module threw: a run that succeeds never pays for it. */
  const mapOf = async () => {
    const mapped = await bundle(true).catch(() => undefined);
    const code = mapped?.outputFiles.find((f) => !f.path.endsWith('.map'))?.text;
    const map = mapped?.outputFiles.find((f) => f.path.endsWith('.map'))?.text;
    // Files that changed on disk since could resolve differently: then the positions would not match.
    return code === result.code && map
      ? new SourceMap(JSON.parse(map) as SourceMapPayload)
      : undefined;
  };
  return {
    code: result.code,
    modules,
    texts,
    imports,
    packageFiles,
    diagnostics,
    runnable: !diagnostics.some((d) => d.code !== DIAGNOSTIC_CODES.duplicateKey),
    async locate(line, column) {
      sourceMap ??= mapOf();
      const map = await sourceMap;
      const entry = map?.findEntry(line - 1, column - 1) as Partial<SourceMapping> | undefined;
      if (entry?.originalSource === undefined || entry.originalLine === undefined) return undefined;
      const file = path.resolve(rootDir, entry.originalSource);
      if (!texts.has(file) || isPackageFile(file)) return undefined;
      return { file, line: entry.originalLine + 1, column: entry.originalColumn! + 1 };
    },
  };
}
