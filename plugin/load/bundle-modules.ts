// Bundles catalog or config modules with esbuild into one script for the evaluation process. Only
// relative imports and `agent-tool-catalog` are bundled; any other import is left out and refused
// from the metafile, so no app code or package ever runs at build time.
import { build, type BuildFailure, type Message, type Metafile } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import { RESOLVE_EXTENSIONS } from './resolution-candidates.js';
import { BUNDLE_FILE } from './sandbox.js';

export const PACKAGE_NAME = 'agent-tool-catalog';
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

/** esbuild counts columns in UTF-8 bytes; editors and code frames count UTF-16 units. */
function utf16Column(lineText: string, byteColumn: number): number {
  return Buffer.from(lineText, 'utf8').subarray(0, byteColumn).toString('utf8').length + 1;
}

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** The message for an import catalog modules may not make. */
export const refusal = (specifier: string) =>
  `"${specifier}" cannot be imported here: catalog and config modules may ` +
  `import only "${PACKAGE_NAME}" and each other, so no app code runs at ` +
  `build time; move the value into the catalog or reference the module ` +
  `with { module, export }`;

/** Where `specifier` is written in `text` (the import a message is about). */
function specifierPosition(file: string, text: string, specifier: string): SourcePosition {
  const index = Math.max(
    0,
    text.search(new RegExp(`(['"])${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`)),
  );
  const before = text.slice(0, index);
  return { file, line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

function messageDiagnostic(m: Message, rootDir: string): PendingDiagnostic {
  const loc = m.location;
  const file = loc ? path.resolve(rootDir, loc.file) : undefined;
  const at =
    loc && file
      ? { file, line: loc.line, column: utf16Column(loc.lineText, loc.column) }
      : undefined;
  if (m.id === 'duplicate-object-key') {
    // A key written twice silently keeps the last value once evaluated, so only the parser sees it.
    const key = /"(.*)"/.exec(m.text)?.[1] ?? '?';
    const first = m.notes[0]?.location;
    return {
      code: DIAGNOSTIC_CODES.duplicateKey,
      severity: 'error',
      message:
        `'${key}' is written twice in the same object literal, so the first one ` +
        `would be silently dropped; keep one (rename or delete this one).`,
      at,
      related:
        first && file
          ? [
              {
                at: { file, line: first.line, column: utf16Column(first.lineText, first.column) },
                message: `'${key}' is first written here`,
              },
            ]
          : undefined,
    };
  }
  return {
    code: DIAGNOSTIC_CODES.syntax,
    severity: 'error',
    message: /top-level await/i.test(m.text)
      ? 'Catalog and config modules run synchronously, so top-level await cannot ' +
        'be used; write the value itself instead of awaiting it.'
      : sentence(m.text),
    at,
  };
}

/**
 * The imports esbuild hands to the plugin: all but relative ones (`./`, `../`, `.`, `..`), which
 * esbuild resolves itself without a round trip to JavaScript (its filters are RE2: no look-ahead).
 */
const NOT_RELATIVE = /^(?:$|[^.]|\.[^./]|\.\.[^/])/;

/** Bundles `entries` (absolute paths) and what they import. */
export async function bundleModules(
  entries: readonly string[],
  rootDir: string,
): Promise<ModuleBundle> {
  const authoring = authoringEntry();
  const packageDir = path.dirname(authoring);
  const isPackageFile = (file: string) => file.startsWith(packageDir + path.sep);
  const texts = new Map<string, string>();
  const hooked = new Set<string>();
  const leftOut = new Set<string>();
  const entryCode =
    `${entries.map((f, i) => `import * as e${i} from ${JSON.stringify(f)};`).join('\n')}` +
    `\n__tc_entries([${entries.map((_, i) => `e${i}`).join(', ')}]);\n`;
  const entryFiles = new Set(entries);
  const entriesModule = path.join(rootDir, ENTRIES);
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
          name: 'tool-catalog-modules',
          setup(b) {
            b.onResolve({ filter: NOT_RELATIVE }, (args) => {
              // The entries as given (their paths are the records' names), never a file's import.
              if (args.importer === entriesModule && !texts.has(entriesModule))
                return { path: args.path };
              if (args.path.startsWith(SELF) && args.path.slice(SELF.length) === args.importer)
                return { path: args.importer };
              if (args.path === PACKAGE_NAME) return { path: authoring };
              if (/^\.\.?(?:\/|$)/.test(args.path)) return undefined;
              // Left out of the bundle, and refused where the metafile lists it.
              leftOut.add(`${args.importer}\0${args.path}`);
              return { path: args.path, external: true };
            });
            b.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
              const text =
                (mapped ? texts.get(args.path) : undefined) ?? readFileSync(args.path, 'utf8');
              if (!mapped) texts.set(args.path, text);
              const loader = loaderOf(args.path);
              if (isPackageFile(args.path) || loader === 'json' || !MODULE_SYNTAX.test(text))
                return { contents: text, loader };
              if (!mapped) hooked.add(args.path);
              // After the module's last line, so every line and column stays where it is. A module
              // esbuild resolved imports itself by its file name from its own folder: the same path.
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
    const diagnostics = [
      ...failure.errors,
      ...failure.warnings.filter((w) => w.id === 'duplicate-object-key'),
    ];
    return {
      code: '',
      modules: [],
      texts,
      imports: new Map(),
      packageFiles: [],
      diagnostics: diagnostics.map((m) => messageDiagnostic(m, rootDir)),
      runnable: false,
      locate: async () => undefined,
    };
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
      // An import TypeScript drops (only types used) is never resolved, and listed as external.
      if (i.external && !leftOut.has(`${file}\0${i.original ?? i.path}`)) continue;
      if (i.external) {
        diagnostics.push({
          code: DIAGNOSTIC_CODES.forbiddenImport,
          severity: 'error',
          message: sentence(refusal(i.original ?? i.path)),
          at: specifierPosition(file, texts.get(file) ?? '', i.original ?? i.path),
        });
        continue;
      }
      const target = path.resolve(rootDir, i.path);
      if (target === file) continue;
      if (i.original !== undefined && i.original !== PACKAGE_NAME) own.set(i.original, target);
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
