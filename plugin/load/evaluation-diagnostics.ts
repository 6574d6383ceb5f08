// Why an evaluation gave no exports, as one located diagnostic: a throw or a rejection (at the frame
// it came from, mapped back to the source), the time or memory limit (at the loop of the module
// that was running), a syntax error only V8 finds, or a process that ended.
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import { PACKAGE_NAME, refusal } from './import-boundary.js';
import type { EvaluationOutcome, ThrownValue } from './evaluation-outcome.js';
import { EVALUATION_HEAP_MB } from './evaluation-child.js';
import type { ModuleGraph } from './module-graph.js';
import { locateLateCode, locateLoop, locateStuckCode, locateThrow } from './locate-source.js';

/** Node's globals that catalog code may reach for and does not get. */
const NODE_GLOBALS = new Set([
  'process',
  'require',
  'module',
  'exports',
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

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** The first stack frame in a module of the app, mapped back to its source. */
async function throwingPosition(
  stack: string,
  graph: ModuleGraph,
): Promise<SourcePosition | undefined> {
  for (const match of stack.matchAll(/(?:\(|at (?:async )?)([^()\s][^()]*?):(\d+):(\d+)\)?$/gm)) {
    const at = await graph.locate(match[1]!, Number(match[2]), Number(match[3]));
    if (at) return at;
  }
  return undefined;
}

type WithoutProgress<T> = T extends unknown ? Omit<T, 'left' | 'reading'> : never;
/** How far the run got: the modules whose body ended, and the entry whose exports were being read. */
interface Progress {
  readonly left?: readonly string[];
  readonly reading?: number;
}
export type FailedOutcome = (
  | WithoutProgress<Exclude<EvaluationOutcome, { kind: 'result' }>>
  | { readonly kind: 'threw'; readonly error: ThrownValue }
) &
  Progress;

/**
 * The module that was running when the evaluation stopped: the entry whose exports were being read,
 * else the first module whose body had not ended; undefined when all had ended and none was read.
 */
function runningModule(
  graph: ModuleGraph,
  progress: Progress,
  entries: readonly string[],
): string | undefined {
  if (progress.reading !== undefined) return entries[progress.reading];
  // No progress known (the run ended, and what it gave cannot be read): the first entry.
  if (progress.left === undefined) return entries[0];
  const ended = new Set(progress.left);
  return graph.modules.find((m) => !ended.has(m)) ?? (ended.size > 0 ? undefined : entries[0]);
}

/**
 * Where a module that ran out of time or memory was most likely stuck: its own first loop, else the
 * first loop of a module it imports (directly or through others) — a function or getter it called —
 * else its own first use of what runs later, or its line 1.
 */
function stuckPosition(module: string, text: string, graph: ModuleGraph): SourcePosition {
  const own = locateLoop(module, text);
  if (own) return own;
  const seen = new Set([module]);
  const pending = [...(graph.imports.get(module)?.values() ?? [])];
  while (pending.length > 0) {
    const file = pending.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const imported = graph.texts.get(file);
    const loop = imported === undefined ? undefined : locateLoop(file, imported);
    if (loop) return loop;
    pending.push(...(graph.imports.get(file)?.values() ?? []));
  }
  return locateStuckCode(module, text);
}

/** `, in code of helper.ts that demo.catalog.ts called` when the code stuck is in another module. */
const elsewhere = (at: SourcePosition, module: string | undefined) =>
  module !== undefined && at.file !== module
    ? `; the code running was most likely the loop in ${path.basename(at.file)}, ` +
      `which ${path.basename(module)} called`
    : '';

export async function failureDiagnostic(
  outcome: FailedOutcome,
  graph: ModuleGraph,
  entries: readonly string[],
  timeoutMs: number,
): Promise<PendingDiagnostic> {
  const module = runningModule(graph, outcome, entries);
  const text = module === undefined ? undefined : graph.texts.get(module);
  const name = module ? path.basename(module) : 'the catalog';
  const lineOne = module === undefined ? undefined : { file: module, line: 1, column: 1 };
  // Every module ended: what ran on is code run later (a FinalizationRegistry, a promise job).
  const late = () =>
    locateLateCode(graph.texts) ?? lineOne ?? { file: entries[0]!, line: 1, column: 1 };
  const stuck = () =>
    module !== undefined && text !== undefined ? stuckPosition(module, text, graph) : late();
  switch (outcome.kind) {
    case 'timeout': {
      const at = stuck();
      return {
        code: DIAGNOSTIC_CODES.evaluationTimeout,
        severity: 'error',
        message:
          `Evaluating ${name} did not finish within ${timeoutMs} ms, so it was ` +
          `stopped${elsewhere(at, module)}; catalog modules must be plain data, so remove the loop or ` +
          `computation that does not end (or raise evaluationTimeoutMs in the config).`,
        at,
      };
    }
    case 'memory': {
      const at = stuck();
      return {
        code: DIAGNOSTIC_CODES.evaluationMemory,
        severity: 'error',
        message:
          `Evaluating ${name} used more memory than the ${EVALUATION_HEAP_MB} MB ` +
          `it may, so it was stopped${elsewhere(at, module)}; catalog modules must be plain data, so ` +
          `remove the code that keeps allocating.`,
        at,
      };
    }
    case 'tampered':
      return {
        code: DIAGNOSTIC_CODES.evaluation,
        severity: 'error',
        message:
          'Evaluating the catalog replaced objects the loader relies on (such as ' +
          'JSON or the loader itself), so its exports cannot be read; catalog ' +
          'modules must be plain data, so remove the code that changes built-in objects.',
        at: lineOne ?? late(),
      };
    case 'crashed':
      return {
        code: DIAGNOSTIC_CODES.evaluation,
        severity: 'error',
        message:
          `Evaluating ${name} stopped: ${outcome.detail}; catalog modules must be ` +
          `plain data, so remove the code that ends the evaluation.`,
        at: lineOne ?? late(),
      };
    case 'syntax': {
      const at = (await graph.locate(outcome.file, outcome.line, outcome.column)) ?? lineOne;
      return {
        code: DIAGNOSTIC_CODES.syntax,
        severity: 'error',
        message:
          `${sentence(outcome.message)} Node cannot run this code, though it ` +
          `parses; write it in a form this Node version supports.`,
        at,
      };
    }
    case 'rejected':
    case 'threw':
      return thrownDiagnostic(outcome.kind, outcome.error, graph, module, text, late);
  }
}

async function thrownDiagnostic(
  kind: 'threw' | 'rejected',
  error: ThrownValue,
  graph: ModuleGraph,
  module: string | undefined,
  text: string | undefined,
  late: () => SourcePosition,
): Promise<PendingDiagnostic> {
  const at =
    (error.stack ? await throwingPosition(error.stack, graph) : undefined) ??
    (module !== undefined && text !== undefined
      ? locateThrow(module, text, error.message)
      : late());
  const missingGlobal = /^(\w+) is not defined$/.exec(error.message)?.[1];
  // A `require` or `import()` of a name computed as the module runs: nothing is compiled for it.
  const required = error.isError
    ? /^Dynamic require of "((?:[^"\\]|\\.)*)" is not supported/.exec(error.message)?.[1]
    : undefined;
  if (required !== undefined)
    return {
      code: DIAGNOSTIC_CODES.forbiddenImport,
      severity: 'error',
      message: sentence(refusal(required)),
      at,
    };
  if (
    error.isError &&
    /^An import\(\) of a name computed while the module runs/.test(error.message)
  )
    return {
      code: DIAGNOSTIC_CODES.forbiddenImport,
      severity: 'error',
      message:
        `An import() of a name computed while the module runs cannot be ` +
        `followed: catalog and config modules may import only "${PACKAGE_NAME}" ` +
        `and each other, by a name written in the code; write the import with a ` +
        `literal relative path, or move the value into the catalog.`,
      at,
    };
  const what = error.isError ? `"${error.message}"` : `the value ${error.message} (not an Error)`;
  const message =
    missingGlobal !== undefined && NODE_GLOBALS.has(missingGlobal)
      ? `'${missingGlobal}' is not available while the catalog is evaluated: ` +
        `catalog and config modules run without Node's globals (no process, ` +
        `require, timers or fetch), so they cannot read files, start processes ` +
        `or exit; write the value itself.`
      : kind === 'rejected'
        ? `Evaluating the catalog left a promise rejected with ${what} that ` +
          `nothing handled; catalog modules must be plain data, so remove the ` +
          `promise or the code that rejects it.`
        : `Evaluating the catalog threw ${what}; catalog modules must be plain data, so remove the code that throws.`;
  return { code: DIAGNOSTIC_CODES.evaluation, severity: 'error', message, at };
}
