// Evaluates catalog and config modules: each module the entries reach (relative files and
// `agent-tool-catalog` only) is compiled on its own, the evaluation process runs them, and the
// entries' exports come back as plain data. The entries are kept together, and run again together
// when any of them changed.
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { moduleGraph, type ModuleGraph } from './module-graph.js';
import {
  evaluationKey,
  heldExports,
  keepEvaluation,
  keptEvaluation,
  sameAsKept,
  sessionEvaluationProcess,
  type EvaluationRecord,
  type Exports,
} from './evaluation-cache.js';
import { failureDiagnostic } from './evaluation-diagnostics.js';
import type { ThrownValue } from './evaluation-outcome.js';
import { sharedEvaluationProcess, type EvaluationProcess } from './evaluation-process.js';
import { EvaluationStore } from './evaluation-store.js';
import { SourceReader } from './source-reader.js';
import { entryExports } from './exports-shape.js';
import { pathState, takeoverStates, type PathState } from './resolution-candidates.js';

interface EvaluatedModule {
  /** Absolute path. */
  readonly file: string;
  /** Its exports as plain data (see `MARK` in language/plain-data.ts for what plain data cannot hold). */
  readonly exports: Exports;
}

export interface EvaluationResult {
  readonly modules: readonly EvaluatedModule[];
  /**
   * Every file evaluation read, and every path where a new file would take over an import
   * (absolute): what a watcher must watch.
   */
  readonly inputs: readonly string[];
  /** Problems found; `modules` is empty when one of them stopped the evaluation. */
  readonly diagnostics: readonly PendingDiagnostic[];
}

export interface EvaluateOptions {
  /** Where relative paths in messages start, and the project whose evaluation process runs the modules. */
  readonly cwd: string;
  /** How long the modules may run, in milliseconds. */
  readonly timeoutMs: number;
  /** Exports kept on disk from earlier processes. */
  readonly store?: EvaluationStore;
}

/** Where evaluations of the project at `rootDir` are kept for the next process (none without a node_modules). */
export const evaluationStore = (rootDir: string, options: { readOnly?: boolean } = {}) =>
  EvaluationStore.near(rootDir, options);

/** Catalog evaluation's default time limit: far above what plain data needs, far below a hung CI job. */
export const DEFAULT_EVALUATION_TIMEOUT_MS = 5_000;

/** What a kept record says a path held: its paths and those of the files it was computed from. */
function recordInputs(record: EvaluationRecord): string[] {
  return [
    ...record.sources.keys(),
    ...[...record.paths].filter(([, s]) => s !== 'f').map(([p]) => p),
  ];
}

/**
 * Evaluates `files` (absolute paths) and what they import; the result lists each file's exports.
 * When the caches know every entry, with nothing any of them ran beside changed, none is compiled or
 * run again; otherwise all are, together.
 */
export async function evaluateModules(
  files: readonly string[],
  options: EvaluateOptions,
): Promise<EvaluationResult> {
  const reader = new SourceReader();
  const key = evaluationKey(options.timeoutMs, files);
  const known = files.map((file) => {
    const inMemory = keptEvaluation(file, reader, key);
    if (inMemory) return inMemory;
    const stored = options.store?.get(file, reader, key);
    if (stored) keepEvaluation(file, stored);
    return stored;
  });
  const warnings = () => options.store?.takeWarning() ?? [];
  if (known.every((k) => k !== undefined))
    return {
      modules: files.map((file, i) => ({ file, exports: known[i]!.exports })),
      inputs: [...new Set(known.flatMap(recordInputs))],
      diagnostics: warnings(),
    };
  // The entries ran together, and one can change what another exports: all run again together,
  // as a cold run runs them.
  const fresh = await evaluateFresh(files, options, key, reader);
  return { ...fresh, diagnostics: [...fresh.diagnostics, ...warnings()] };
}

/** Each entry's record: its sources' texts as compiled and what stood at each path that could take over an import. */
function recordsOf(
  graph: ModuleGraph,
  entries: readonly string[],
  exports: readonly Exports[],
  key: string,
): (EvaluationRecord | undefined)[] {
  // Looked at after the run: a file that appeared while it ran fails the check against the graph.
  const states = new Map<string, PathState>();
  const state = (p: string) => {
    let s = states.get(p);
    if (s === undefined) {
      s = pathState(p);
      states.set(p, s);
    }
    return s;
  };
  const takeovers = new Map<string, [string, PathState][] | undefined>();
  const pathsOf = (file: string) => {
    if (takeovers.has(file)) return takeovers.get(file);
    const found: [string, PathState][] = [];
    for (const [specifier, resolved] of graph.imports.get(file) ?? []) {
      const states = takeoverStates(file, specifier, resolved, state);
      if (!states) {
        takeovers.set(file, undefined);
        return undefined;
      }
      found.push(...states);
    }
    takeovers.set(file, found);
    return found;
  };
  // Entries run together in one context share their modules and globals: one entry's code can change
  // another's exports (`tools.x.label = …` on an import). So every entry's record covers every module
  // that ran beside it, and holds only for the same set of entries (part of the key).
  const sources = new Map<string, string>();
  const paths = new Map<string, PathState>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (sources.has(file)) continue;
    const text = graph.texts.get(file);
    const found = pathsOf(file);
    if (text === undefined || !found) return entries.map(() => undefined);
    sources.set(file, text);
    for (const [p, s] of found) paths.set(p, s);
    pending.push(...(graph.imports.get(file)?.values() ?? []));
  }
  // The authoring API is part of every evaluation.
  for (const file of graph.packageFiles) sources.set(file, graph.texts.get(file)!);
  return entries.map((_, i) => ({ key, sources, paths, exports: exports[i]! }));
}

/** Compiles `files` and what they import, and runs them; keeps what they evaluated to in the caches. */
async function evaluateFresh(
  files: readonly string[],
  options: EvaluateOptions,
  key: string,
  reader: SourceReader,
): Promise<EvaluationResult> {
  const evaluator: EvaluationProcess =
    sessionEvaluationProcess() ?? sharedEvaluationProcess(options.cwd);
  // The process starts while the modules compile.
  evaluator.warmUp();
  const graph = await moduleGraph(files, options.cwd, reader);
  const takeoverPaths = new Set<string>();
  for (const [file, imports] of graph.imports)
    for (const [specifier, resolved] of imports)
      for (const [p, s] of takeoverStates(file, specifier, resolved, (at) => reader.state(at)) ??
        [])
        if (s !== 'f') takeoverPaths.add(p);
  const inputs = [...new Set([...files, ...graph.texts.keys(), ...takeoverPaths])];
  if (!graph.runnable) return { modules: [], inputs, diagnostics: graph.diagnostics };
  // What this session already holds: an entry whose exports did not change comes back by its token.
  const held = new Map<string, { token: string; exports: Exports }>();
  for (const file of files) {
    const h = heldExports(file);
    if (h) held.set(file, h);
  }
  const outcome = await evaluator.evaluate({
    compiled: graph.compiled,
    entries: files,
    modules: graph.modules,
    timeoutMs: options.timeoutMs,
    known: Object.fromEntries([...held].map(([file, h]) => [file, h.token])),
    trusted: graph.packageFiles,
  });
  const fail = async (failure: Parameters<typeof failureDiagnostic>[0]) => ({
    modules: [],
    inputs,
    diagnostics: [
      ...graph.diagnostics,
      await failureDiagnostic(failure, graph, files, options.timeoutMs),
    ],
  });
  if (outcome.kind !== 'result') return fail(outcome);
  let parsed: { exports?: unknown; threw?: ThrownValue } | undefined;
  try {
    parsed = JSON.parse(outcome.json) as typeof parsed;
  } catch {
    parsed = undefined;
  }
  const thrown = parsed?.threw;
  if (thrown && typeof thrown.isError === 'boolean' && typeof thrown.message === 'string')
    return fail({
      kind: 'threw',
      error: { ...thrown, stack: typeof thrown.stack === 'string' ? thrown.stack : undefined },
      left: outcome.left,
      reading: outcome.reading,
    });
  const replies = entryExports(parsed?.exports, files.length, (i, token) => {
    const h = held.get(files[i]!);
    return h?.token === token ? h.exports : undefined;
  });
  // The run ended, so no module or entry was running: the message points at the first entry.
  if (!replies) return fail({ kind: 'tampered' });
  // An entry that evaluated to the same data as last time keeps its objects: what later stages kept
  // for them (checks, tool models) still applies, so an edit costs little beyond the edited file.
  const exports = replies.map((r, i) =>
    r.sent ? (sameAsKept(files[i]!, r.exports) ?? r.exports) : r.exports,
  );
  // Files that gave a diagnostic (a key written twice) are evaluated again next time, to say so again.
  if (graph.diagnostics.length === 0)
    recordsOf(graph, files, exports, key).forEach((record, i) => {
      if (!record) return;
      const token = replies[i]!.token;
      keepEvaluation(files[i]!, token === undefined ? record : { ...record, token });
      options.store?.set(files[i]!, record);
    });
  return {
    modules: files.map((file, i) => ({ file, exports: exports[i]! })),
    inputs,
    diagnostics: graph.diagnostics,
  };
}
