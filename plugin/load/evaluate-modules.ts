// Evaluates catalog and config modules: each file is compiled to CommonJS with esbuild (cached by its
// text), its imports are resolved here — only relative files and `agent-tool-catalog` — and the
// modules run in the sandbox, which hands back their exports as plain data.
import { transform, type Message, type TransformResult } from 'esbuild';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTIC_CODES, type PendingDiagnostic, type SourcePosition } from '../diagnostics/diagnostics.js';
import { EvaluationStore, keepEvaluation, keptEvaluation, SourceReader, sourcesOf } from './evaluation-cache.js';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';
import { locateStuckCode, locateThrow } from './locate-source.js';
import { runInSandbox, sandboxFormat, type SandboxModule } from './sandbox.js';

interface EvaluatedModule {
  /** Absolute path. */
  readonly file: string;
  /** Its exports as plain data (see `MARK` in sandbox.ts for what plain data cannot hold). */
  readonly exports: Readonly<Record<string, unknown>>;
}

export interface EvaluationResult {
  readonly modules: readonly EvaluatedModule[];
  /** Every file evaluation read (absolute): what a watcher must watch. */
  readonly inputs: readonly string[];
  /** Problems found; `modules` is empty when one of them stopped the evaluation. */
  readonly diagnostics: readonly PendingDiagnostic[];
}

export interface EvaluateOptions {
  /** Where relative paths in messages start. */
  readonly cwd: string;
  /** How long the modules may run, in milliseconds. */
  readonly timeoutMs: number;
  /** Exports kept on disk from earlier processes. */
  readonly store?: EvaluationStore;
}

/** Where evaluations of the project at `rootDir` are kept for the next process (none without a node_modules). */
export const evaluationStore = (rootDir: string) => EvaluationStore.near(rootDir, sandboxFormat());

/** Catalog evaluation's default time limit: far above what plain data needs, far below a hung CI job. */
export const DEFAULT_EVALUATION_TIMEOUT_MS = 5_000;

const PACKAGE_NAME = 'agent-tool-catalog';
/** Node's globals that catalog code may reach for and does not get. */
const NODE_GLOBALS = new Set([
  'process',
  'require',
  'Buffer',
  'global',
  '__dirname',
  '__filename',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'fetch',
  'structuredClone',
  'queueMicrotask',
]);
const EXTENSIONS = ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json'];

/** The authoring API the evaluated modules get for `import … from 'agent-tool-catalog'`. */
function authoringEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '../index.ts'), path.join(here, 'index.js'), path.join(here, '../index.js')];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`agent-tool-catalog: cannot find its authoring entry near ${here}`);
  return found;
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** A relative import as TypeScript resolves it: the file, an added extension, `.js` written for `.ts`, or an index. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    base.replace(/\.([cm]?)js$/, '.$1ts'),
    base.replace(/\.jsx$/, '.tsx'),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.find(isFile);
}

interface CompiledModule {
  readonly code: string;
  readonly warnings: readonly Message[];
  /** Specifiers as the compiled code requires them, in order. */
  readonly requires: readonly string[];
}

/** Compiled modules by file and text: a watch session recompiles only the files that changed. */
const COMPILED = memoSlot<string, { text: string; module: Promise<CompiledModule> } | undefined>('compiled module');

const loaderOf = (file: string): 'ts' | 'tsx' | 'js' | 'jsx' | 'json' => {
  const ext = path.extname(file);
  if (ext === '.tsx') return 'tsx';
  if (ext === '.jsx') return 'jsx';
  if (ext === '.json') return 'json';
  return /^\.[cm]?ts$/.test(ext) ? 'ts' : 'js';
};

const transformOptions = (file: string) => ({
  loader: loaderOf(file),
  format: 'cjs' as const,
  target: 'node20',
  sourcefile: file,
  logLevel: 'silent' as const,
});

/**
 * The source map of `file`'s compiled code, made only when a module threw: the code esbuild writes
 * does not depend on whether a map is asked for, so a clean run compiles without one.
 */
async function sourceMapOf(file: string, text: string): Promise<string> {
  return (await transform(text, { ...transformOptions(file), sourcemap: 'external' })).map;
}

function compile(file: string, text: string): Promise<CompiledModule> {
  const known = lastKept(COMPILED, file);
  if (known?.text === text) return known.module;
  const module = transform(text, transformOptions(file)).then((r: TransformResult) => ({
    code: r.code,
    warnings: r.warnings,
    // esbuild keeps comments written inside the call: `require(/* why */ "x")`.
    requires: [...r.code.matchAll(/\brequire\(\s*(?:\/\*[\s\S]*?\*\/\s*)*"((?:[^"\\]|\\.)*)"\s*\)/g)].map(
      (m) => JSON.parse(`"${m[1]}"`) as string,
    ),
  }));
  keepLast(COMPILED, file, { text, module });
  // A failed compile is not kept: the next run reports it again from the same text.
  module.catch(() => {
    if (lastKept(COMPILED, file)?.module === module) keepLast(COMPILED, file, undefined);
  });
  return module;
}

/** esbuild counts columns in UTF-8 bytes; editors and code frames count UTF-16 units. */
function utf16Column(lineText: string, byteColumn: number): number {
  return Buffer.from(lineText, 'utf8').subarray(0, byteColumn).toString('utf8').length + 1;
}

const messagePosition = (loc: Message['location'], file: string): SourcePosition | undefined =>
  loc ? { file, line: loc.line, column: utf16Column(loc.lineText, loc.column) } : undefined;

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** A compile error, with a fix where the cause is known. */
function compileDiagnostic(m: Message, file: string): PendingDiagnostic {
  const topLevelAwait = /top-level await/i.test(m.text);
  return {
    code: DIAGNOSTIC_CODES.syntax,
    severity: 'error',
    message: topLevelAwait
      ? 'Catalog and config modules run synchronously, so top-level await cannot be used; write the value itself instead of awaiting it.'
      : sentence(m.text),
    at: messagePosition(m.location, file),
  };
}

/**
 * A key written twice in one object literal silently keeps the last value once evaluated, so the
 * loader could never see it; esbuild's parser does, and its warning becomes a located error.
 */
function duplicateKeyDiagnostic(m: Message, file: string): PendingDiagnostic {
  const key = /"(.*)"/.exec(m.text)?.[1] ?? '?';
  const original = m.notes[0]?.location;
  return {
    code: DIAGNOSTIC_CODES.duplicateKey,
    severity: 'error',
    message: `'${key}' is written twice in the same object literal, so the first one would be silently dropped; keep one (rename or delete this one).`,
    at: messagePosition(m.location, file),
    related: original
      ? [{ at: messagePosition(original, file)!, message: `'${key}' is first written here` }]
      : undefined,
  };
}

/** Where `specifier` is written in `text` (the import a message is about). */
function specifierPosition(file: string, text: string, specifier: string): SourcePosition {
  const index = Math.max(0, text.search(new RegExp(`(['"])${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`)));
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { file, line, column: index - before.lastIndexOf('\n') };
}

/** The message `require` throws for an import catalog modules may not make. */
const refusal = (specifier: string) =>
  `"${specifier}" cannot be imported here: catalog and config modules may import only "${PACKAGE_NAME}" and each other, so no app code runs at build time; move the value into the catalog or reference the module with { module, export }`;

interface ModuleGraph {
  readonly modules: SandboxModule[];
  readonly texts: Map<string, string>;
  readonly diagnostics: PendingDiagnostic[];
}

/** Compiles `entries` and everything they import, following relative imports and the authoring entry. */
async function moduleGraph(entries: readonly string[]): Promise<ModuleGraph> {
  const graph: ModuleGraph = { modules: [], texts: new Map(), diagnostics: [] };
  const authoring = authoringEntry();
  const seen = new Set<string>();
  let pending = [...entries];
  while (pending.length > 0) {
    const batch = pending.filter((f) => !seen.has(f));
    for (const f of batch) seen.add(f);
    pending = [];
    const results = await Promise.all(
      batch.map(async (file) => {
        const text = readFileSync(file, 'utf8');
        try {
          return { file, text, module: await compile(file, text) };
        } catch (error) {
          const errors = (error as { errors?: Message[] }).errors;
          if (!Array.isArray(errors)) throw error;
          graph.diagnostics.push(...errors.map((m) => compileDiagnostic(m, file)));
          return { file, text, module: undefined };
        }
      }),
    );
    for (const { file, text, module } of results) {
      graph.texts.set(file, text);
      if (!module) continue;
      for (const w of module.warnings)
        if (w.id === 'duplicate-object-key') graph.diagnostics.push(duplicateKeyDiagnostic(w, file));
      const resolved: Record<string, string> = {};
      const refused: Record<string, string> = {};
      for (const specifier of module.requires) {
        const target =
          specifier === PACKAGE_NAME
            ? authoring
            : specifier.startsWith('.')
              ? resolveRelative(file, specifier)
              : undefined;
        if (target !== undefined) {
          resolved[specifier] = target;
          if (!seen.has(target)) pending.push(target);
          continue;
        }
        const message = specifier.startsWith('.')
          ? `"${specifier}" does not resolve to a file from ${path.basename(file)}`
          : refusal(specifier);
        refused[specifier] = message;
        graph.diagnostics.push({
          code: specifier.startsWith('.') ? DIAGNOSTIC_CODES.syntax : DIAGNOSTIC_CODES.forbiddenImport,
          severity: 'error',
          message: sentence(message),
          at: specifierPosition(file, text, specifier),
        });
      }
      graph.modules.push({ file, code: module.code, resolved, refused });
    }
  }
  return graph;
}

/** The first stack frame in one of the evaluated modules, mapped back to its source. */
async function throwingPosition(
  stack: string,
  texts: ReadonlyMap<string, string>,
): Promise<SourcePosition | undefined> {
  for (const match of stack.matchAll(/(?:\(|at )([^()\s][^()]*?):(\d+):(\d+)\)?$/gm)) {
    const file = match[1]!;
    const text = texts.get(file);
    if (text === undefined) continue;
    const map = await sourceMapOf(file, text);
    const entry = new SourceMap(JSON.parse(map) as SourceMapPayload).findEntry(
      Number(match[2]) - 1,
      Number(match[3]) - 1,
    ) as Partial<SourceMapping>;
    if (entry.originalLine === undefined) return { file, line: Number(match[2]), column: Number(match[3]) };
    return { file, line: entry.originalLine + 1, column: entry.originalColumn! + 1 };
  }
  return undefined;
}

/**
 * Evaluates `files` (absolute paths) and what they import; the result lists each file's exports.
 * Entries the caches know with unchanged sources are not compiled or run again.
 */
export async function evaluateModules(files: readonly string[], options: EvaluateOptions): Promise<EvaluationResult> {
  const reader = new SourceReader();
  const known = files.map((file) => {
    const inMemory = keptEvaluation(file, reader);
    if (inMemory) return inMemory;
    const stored = options.store?.get(file, reader);
    if (stored) keepEvaluation(file, stored.sources, stored.exports);
    return stored;
  });
  const stale = files.filter((_, i) => known[i] === undefined);
  const knownInputs = known.flatMap((k) => (k ? [...k.sources.keys()] : []));
  if (stale.length === 0)
    return {
      modules: files.map((file, i) => ({ file, exports: known[i]!.exports })),
      inputs: [...new Set(knownInputs)],
      diagnostics: [],
    };
  const fresh = await evaluateFresh(stale, options);
  if (fresh.modules.length === 0) return { ...fresh, inputs: [...new Set([...fresh.inputs, ...knownInputs])] };
  const byFile = new Map(fresh.modules.map((m) => [m.file, m.exports]));
  return {
    modules: files.map((file, i) => ({ file, exports: known[i]?.exports ?? byFile.get(file)! })),
    inputs: [...new Set([...fresh.inputs, ...knownInputs])],
    diagnostics: fresh.diagnostics,
  };
}

/** Compiles `files` and what they import, and runs them; keeps what they evaluated to in the caches. */
async function evaluateFresh(files: readonly string[], options: EvaluateOptions): Promise<EvaluationResult> {
  const graph = await moduleGraph(files);
  const inputs = [...graph.texts.keys()];
  if (graph.diagnostics.some((d) => d.code !== DIAGNOSTIC_CODES.duplicateKey))
    return { modules: [], inputs: [...new Set([...files, ...inputs])], diagnostics: graph.diagnostics };
  const outcome = runInSandbox(graph.modules, files, options.timeoutMs);
  if ('exports' in outcome) {
    const imports = new Map(graph.modules.map((m) => [m.file, Object.values(m.resolved)]));
    // Files that gave a diagnostic (a key written twice) are evaluated again next time, to say so again.
    if (graph.diagnostics.length === 0)
      files.forEach((file, i) => {
        const sources = sourcesOf(file, imports, graph.texts);
        keepEvaluation(file, sources, outcome.exports[i]!);
        options.store?.set(file, sources, outcome.exports[i]!);
      });
    return {
      modules: files.map((file, i) => ({ file, exports: outcome.exports[i]! })),
      inputs,
      diagnostics: graph.diagnostics,
    };
  }
  const module = outcome.module ?? files[0];
  const text = module === undefined ? undefined : graph.texts.get(module);
  if (outcome.kind === 'timeout') {
    const at = module !== undefined && text !== undefined ? locateStuckCode(module, text) : undefined;
    return {
      modules: [],
      inputs,
      diagnostics: [
        ...graph.diagnostics,
        {
          code: DIAGNOSTIC_CODES.evaluationTimeout,
          severity: 'error',
          message: `Evaluating ${module ? path.basename(module) : 'the catalog'} did not finish within ${options.timeoutMs} ms, so it was stopped; catalog modules must be plain data, so remove the loop or computation that does not end (or raise evaluationTimeoutMs in the config).`,
          at,
        },
      ],
    };
  }
  if (outcome.kind === 'tampered') {
    const message =
      'Evaluating the catalog replaced objects the loader relies on (such as JSON or the loader itself), so its exports cannot be read; catalog modules must be plain data, so remove the code that changes built-in objects.';
    return {
      modules: [],
      inputs,
      diagnostics: [
        ...graph.diagnostics,
        {
          code: DIAGNOSTIC_CODES.evaluation,
          severity: 'error',
          message,
          at: module === undefined ? undefined : { file: module, line: 1, column: 1 },
        },
      ],
    };
  }
  const { error } = outcome;
  const missingGlobal = /^(\w+) is not defined$/.exec(error.message)?.[1];
  const at =
    (error.stack ? await throwingPosition(error.stack, graph.texts) : undefined) ??
    (module !== undefined && text !== undefined ? locateThrow(module, text, error.message) : undefined);
  // A `require` the compiled code builds at run time (`require(name)`) is refused as it runs.
  const refused = error.isError ? /^"((?:[^"\\]|\\.)*)" cannot be imported here/.exec(error.message)?.[1] : undefined;
  if (refused !== undefined)
    return {
      modules: [],
      inputs,
      diagnostics: [
        ...graph.diagnostics,
        { code: DIAGNOSTIC_CODES.forbiddenImport, severity: 'error', message: sentence(refusal(refused)), at },
      ],
    };
  const what = error.isError ? `threw "${error.message}"` : `threw the value ${error.message} (not an Error)`;
  const message =
    missingGlobal !== undefined && NODE_GLOBALS.has(missingGlobal)
      ? `'${missingGlobal}' is not available while the catalog is evaluated: catalog and config modules run without Node's globals (no process, require, timers or fetch), so they cannot read files, start processes or exit; write the value itself.`
      : `Evaluating the catalog ${what}; catalog modules must be plain data, so remove the code that throws.`;
  return {
    modules: [],
    inputs,
    diagnostics: [...graph.diagnostics, { code: DIAGNOSTIC_CODES.evaluation, severity: 'error', message, at }],
  };
}
