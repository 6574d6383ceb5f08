// Evaluated exports kept for the next run, keyed on all that decides them (sources, the paths that
// would take over an import, the options): the layer a watch session keeps in its memory
// (session-memory.ts), with its warm evaluation process. evaluation-store.ts keeps the same records on disk.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { authoringEntry } from './module-graph.js';
import { EVALUATION_HEAP_MB } from './evaluation-child.js';
import { EvaluationProcess } from './evaluation-process.js';
import type { Exports } from './exports-shape.js';
import type { PathState } from './resolution-candidates.js';
import type { SourceReader } from './source-reader.js';
import { sandboxFormat } from './sandbox.js';
import { keepLast, lastKept, memoSlot, sessionResource } from '../session-memory.js';

export type { Exports } from './exports-shape.js';

export interface EvaluationRecord {
  /** The sandbox, limits and versions it was computed with (`evaluationKey`). */
  readonly key: string;
  /** Every file the result was computed from → its text. */
  readonly sources: ReadonlyMap<string, string>;
  /** Every path that would take over one of their imports (and the file each one uses) → what stood there. */
  readonly paths: ReadonlyMap<string, PathState>;
  readonly exports: Exports;
  /** What the watch session's evaluation process names these exports by (not stored on disk). */
  readonly token?: string;
}

/** The versions read once per run or session (they do not change while a process runs). */
const VERSIONS = memoSlot<'versions', string>('versions that decide an evaluation');

/** The versions that decide what modules evaluate to: Node (its V8), the compiler (rolldown), this package. */
function versionsKey(): string {
  let versions = lastKept(VERSIONS, 'versions');
  if (versions === undefined) {
    const read = (file: string) => {
      try {
        return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version);
      } catch {
        return 'unknown';
      }
    };
    const compiler = (() => {
      try {
        return read(createRequire(import.meta.url).resolve('rolldown/package.json'));
      } catch {
        return 'unknown';
      }
    })();
    const own = read(path.join(path.dirname(authoringEntry()), '..', 'package.json'));
    versions = `${process.version} rolldown@${compiler} agent-tool-catalog@${own}`;
    keepLast(VERSIONS, 'versions', versions);
  }
  return versions;
}

/**
 * Everything besides the files' texts that decides what an evaluation gives — the options, and the
 * entries evaluated together (each can change what the others export) — so a record made under
 * other options, or beside other entries, is not used.
 */
export function evaluationKey(timeoutMs: number, entries: readonly string[]): string {
  return createHash('sha1')
    .update(
      JSON.stringify([
        sandboxFormat(),
        versionsKey(),
        timeoutMs,
        EVALUATION_HEAP_MB,
        authoringEntry(),
        entries,
      ]),
    )
    .digest('hex');
}

/** Whether every file of `record` holds the same text, and every path holds what it held. */
export function stillHolds(
  sources: Iterable<readonly [string, string]>,
  paths: Iterable<readonly [string, PathState]>,
  reader: SourceReader,
  same: (text: string | undefined, kept: string) => boolean,
): boolean {
  for (const [file, kept] of sources) if (!same(reader.read(file), kept)) return false;
  for (const [at, state] of paths) if (reader.state(at) !== state) return false;
  return true;
}

/** Per entry file: what it evaluated to last in this run or session, with all it was computed from. */
const EVALUATED = memoSlot<string, EvaluationRecord>('evaluated catalog module');

/** What `file` evaluated to earlier in this run or session, if under `key` and nothing it depends on changed. */
export function keptEvaluation(
  file: string,
  reader: SourceReader,
  key: string,
): EvaluationRecord | undefined {
  const entry = lastKept(EVALUATED, file);
  if (!entry || entry.key !== key) return undefined;
  return stillHolds(entry.sources, entry.paths, reader, (text, kept) => text === kept)
    ? entry
    : undefined;
}

/** The exports `file` evaluated to last in this run or session, if they hold the same data as `exports`. */
export function sameAsKept(file: string, exports: Exports): Exports | undefined {
  const kept = lastKept(EVALUATED, file)?.exports;
  return kept !== undefined && JSON.stringify(kept) === JSON.stringify(exports) ? kept : undefined;
}

/** The exports `file` evaluated to last in this session, with the token the evaluation process sent them by. */
export function heldExports(file: string): { token: string; exports: Exports } | undefined {
  const kept = lastKept(EVALUATED, file);
  return kept?.token === undefined ? undefined : { token: kept.token, exports: kept.exports };
}

export const keepEvaluation = (file: string, record: EvaluationRecord): void =>
  keepLast(EVALUATED, file, record);

const SESSION_PROCESS = memoSlot<'resource', EvaluationProcess>(
  'evaluation process of a watch session',
);

/** A watch session's evaluation process, kept warm and ended with the session; none outside a session. */
export const sessionEvaluationProcess = (): EvaluationProcess | undefined =>
  sessionResource(
    SESSION_PROCESS,
    () => new EvaluationProcess({ keepWarm: true }),
    (p) => p.dispose(),
  );
