// `runtime-surface.lock.json`: what the Claude Code runtime itself offered, per SDK version and runtime
// configuration, when the policy allowed every tool — recorded by `tool-catalog verify --update` from
// real runs, read here field by field. `generate` takes the pinned version's record as an input, so
// what the model sees is computed (and reviewed in policy.md) without running the binary.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SURFACE_LOCK_NAME } from '../language/output-files.js';
import { isVersion } from '../language/versions.js';
import { isRecord } from '../language/plain-data.js';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';

export { SURFACE_LOCK_NAME };
export const SURFACE_LOCK_VERSION = 1;

/** How the runtime offered a tool the policy allowed. */
export type RecordedState = 'direct' | 'deferred' | 'absent';

/** One runtime configuration's recorded surface. */
export interface RecordedConfiguration {
  /** The facts the run used, as the catalog declared them (to notice a changed declaration). */
  readonly declared: {
    readonly model?: string;
    readonly permissionCallback: boolean;
    readonly toolSearch?: boolean;
    readonly env: Readonly<Record<string, string>>;
  };
  /** The model the runtime asked the API for. */
  readonly model: string;
  /** Tools were deferred behind ToolSearch in the run. */
  readonly toolSearch: boolean;
  /** Each built-in runtime name the run asked for, and how it was offered. */
  readonly builtins: Readonly<Record<string, RecordedState>>;
  /** How in-process MCP tools without `offer` were offered; absent when the catalog has none to measure. */
  readonly inProcess?: 'direct' | 'deferred';
  /** Tools the runtime sent that nobody asked for and that cannot be called (deferred-loading placeholders). */
  readonly placeholders: readonly string[];
}

export interface RecordedRuntime {
  /** The Claude Code version the SDK ships (`2.1.333`). */
  readonly claudeCode: string;
  /** The SDK's `BUILTIN_TOOL_NAMES`, when it exports them. */
  readonly builtinNames?: readonly string[];
  /** The SDK's `LEGACY_TOOL_NAME_ALIASES` (legacy name → current name); empty when it exports none. */
  readonly aliases: Readonly<Record<string, string>>;
  readonly configurations: Readonly<Record<string, RecordedConfiguration>>;
}

export interface SurfaceLock {
  readonly lockVersion: typeof SURFACE_LOCK_VERSION;
  readonly catalog: string;
  /** The SDK version the app runs: `generate` reads this runtime's record. */
  readonly pinned: string;
  /** By SDK version. */
  readonly runtimes: Readonly<Record<string, RecordedRuntime>>;
}

/** The pinned runtime's record, with where it came from. */
export interface PinnedSurface {
  readonly file: string;
  readonly sdk: string;
  readonly runtime: RecordedRuntime;
}

const STATES = new Set(['direct', 'deferred', 'absent']);
const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringRecord = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((x) => typeof x === 'string');

/** The first thing wrong with a recorded configuration, or undefined. */
function configurationProblem(c: unknown): string | undefined {
  if (!isRecord(c)) return 'is not an object';
  const d = c.declared;
  if (!isRecord(d)) return "has no 'declared' object";
  if (d.model !== undefined && typeof d.model !== 'string')
    return "has a 'declared.model' that is not a string";
  if (typeof d.permissionCallback !== 'boolean')
    return "has no boolean 'declared.permissionCallback'";
  if (d.toolSearch !== undefined && typeof d.toolSearch !== 'boolean')
    return "has a 'declared.toolSearch' that is not a boolean";
  if (!isStringRecord(d.env)) return "has a 'declared.env' that is not an object of strings";
  if (typeof c.model !== 'string') return "has no 'model' string";
  if (typeof c.toolSearch !== 'boolean') return "has no boolean 'toolSearch'";
  if (!isRecord(c.builtins) || !Object.values(c.builtins).every((s) => STATES.has(s as string)))
    return "has 'builtins' that do not map names to direct, deferred or absent";
  if (c.inProcess !== undefined && c.inProcess !== 'direct' && c.inProcess !== 'deferred')
    return "has an 'inProcess' that is not direct or deferred";
  if (!isStringList(c.placeholders)) return "has 'placeholders' that are not a list of names";
  return undefined;
}

/** The first thing wrong with a lock document, or undefined when every field is as written. */
export function surfaceLockProblem(doc: unknown, catalog: string): string | undefined {
  if (!isRecord(doc)) return 'is not a JSON object';
  if (doc.lockVersion !== SURFACE_LOCK_VERSION)
    return `has lockVersion ${JSON.stringify(doc.lockVersion)}, not 1`;
  if (doc.catalog !== catalog)
    return `is the lock of catalog ${JSON.stringify(doc.catalog)}, not '${catalog}'`;
  if (!isVersion(doc.pinned)) return "has no SDK version in 'pinned'";
  if (!isRecord(doc.runtimes)) return "has no 'runtimes' object";
  for (const [version, r] of Object.entries(doc.runtimes)) {
    const where = `runtimes['${version}']`;
    if (!isVersion(version)) return `has ${where}, which is not an SDK version`;
    if (!isRecord(r)) return `has ${where} that is not an object`;
    if (typeof r.claudeCode !== 'string') return `has ${where} without a 'claudeCode' version`;
    if (r.builtinNames !== undefined && !isStringList(r.builtinNames))
      return `has ${where}.builtinNames that is not a list of names`;
    if (!isStringRecord(r.aliases)) return `has ${where}.aliases that is not an object of names`;
    if (!isRecord(r.configurations)) return `has ${where} without a 'configurations' object`;
    for (const [name, c] of Object.entries(r.configurations)) {
      const problem = configurationProblem(c);
      if (problem) return `has ${where}.configurations['${name}'] that ${problem}`;
    }
  }
  if (!isRecord(doc.runtimes[doc.pinned])) return `pins ${doc.pinned}, which it has no record of`;
  return undefined;
}

export interface ReadSurfaceLock {
  readonly lock?: SurfaceLock;
  /** A lock that exists but cannot be read or trusted: nothing of it is used. */
  readonly problem?: PendingDiagnostic;
}

/** Reads `<outDir>/runtime-surface.lock.json`; a missing lock is no problem (nothing was recorded yet). */
export async function readSurfaceLock(outDir: string, catalog: string): Promise<ReadSurfaceLock> {
  const file = path.join(outDir, SURFACE_LOCK_NAME);
  let text: string;
  try {
    // Read synchronously: the lock is small, and a read through the thread pool costs a watch edit more.
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // No lock there; an output folder that is a file is reported where the outputs are written.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return {};
    return {
      problem: lockProblem(
        file,
        `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      ),
    };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { problem: lockProblem(file, 'is not valid JSON') };
  }
  const problem = surfaceLockProblem(doc, catalog);
  return problem ? { problem: lockProblem(file, problem) } : { lock: doc as SurfaceLock };
}

const lockProblem = (file: string, what: string): PendingDiagnostic => ({
  code: DIAGNOSTIC_CODES.surfaceLockInvalid,
  severity: 'error',
  message:
    `The runtime-surface lock ${what}; record it again with \`tool-catalog ` +
    `verify --update\` (or restore it from version control).`,
  at: { file, line: 1, column: 1 },
});

/** The pinned runtime's record of a lock. */
export const pinnedSurface = (lock: SurfaceLock, file: string): PinnedSurface => ({
  file,
  sdk: lock.pinned,
  runtime: lock.runtimes[lock.pinned]!,
});
