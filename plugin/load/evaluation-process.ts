// The boundary catalog code runs behind: a separate `node` process under Node's permission model (no
// file reads or writes, no child processes, workers, addons or WASI), with a heap limit, no
// environment, and a hard deadline. What it hands back is data: frames of JSON, size-limited.
import { existsSync } from 'node:fs';
import { Child } from './evaluation-child.js';
import { keptEvaluationsFolder } from './evaluation-folder.js';
import type { EvaluationOutcome, EvaluationRequest } from './evaluation-outcome.js';

/** How long a process kept for later calls (outside a watch session) waits for one. */
const IDLE_MS = 5_000;
/** Failures after which a process is not asked again (it may be stuck, or its realm changed). */
const ENDS_PROCESS = new Set(['timeout', 'memory', 'tampered', 'crashed', 'rejected']);
/**
 * Whether a process kept from earlier requests may have failed because of them (a callback of an
 * earlier bundle run late): it did not say itself that this request's code ran out of time.
 */
export const mayBeLeftover = (outcome: EvaluationOutcome) =>
  (outcome.kind === 'memory' && !outcome.whileRunning) ||
  outcome.kind === 'crashed' ||
  (outcome.kind === 'timeout' && outcome.killed === true);

/**
 * Evaluates bundles in one process at a time, started on first use and kept for the next request:
 * for a watch session until it ends (an edit does not pay for a process start), otherwise until
 * it has been idle a few seconds. It never keeps a program running.
 */
export class EvaluationProcess {
  private child: Child | undefined;
  private queue: Promise<void> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private disposed = false;
  private startedCount = 0;

  constructor(private readonly options: { readonly keepWarm: boolean }) {}

  /** How many processes it has started: a new one after a failure ended one, or to ask a request again. */
  get started(): number {
    return this.startedCount;
  }

  private start(): Child {
    this.startedCount++;
    this.child = new Child();
    return this.child;
  }

  /** Starts the process now, so that it is ready when the bundle is. */
  warmUp(): void {
    if (this.disposed) return;
    if (!this.child) this.start();
    this.closeWhenIdle();
  }

  private closeWhenIdle(): void {
    clearTimeout(this.idle);
    if (this.options.keepWarm || !this.child) return;
    this.idle = setTimeout(() => this.close(), IDLE_MS);
    this.idle.unref();
  }

  evaluate(request: EvaluationRequest): Promise<EvaluationOutcome> {
    const next = this.queue.then(() => this.run(request));
    // The queue holds no outcome: the last one (the exports of every module, megabytes at 20,000
    // tools) would otherwise stay in memory for as long as the process is kept.
    this.queue = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async run(request: EvaluationRequest): Promise<EvaluationOutcome> {
    clearTimeout(this.idle);
    let child = this.child ?? this.start();
    const reused = child.served > 0;
    child.hold(true);
    const keep = this.options.keepWarm;
    let outcome = await child.request(request, keep);
    if (ENDS_PROCESS.has(outcome.kind)) {
      child.kill();
      this.child = undefined;
      // A process that ran earlier requests may be stuck in one of their callbacks: ask a new one.
      if (reused && mayBeLeftover(outcome)) {
        child = this.start();
        child.hold(true);
        outcome = await child.request(request, keep);
        if (ENDS_PROCESS.has(outcome.kind)) {
          child.kill();
          this.child = undefined;
        }
      }
    }
    this.child?.hold(false);
    if (this.disposed) this.close();
    else this.closeWhenIdle();
    return outcome;
  }

  private close(): void {
    this.child?.kill();
    this.child = undefined;
  }

  /** Ends the process once the requests already asked are answered. */
  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.idle);
    await this.queue;
    this.close();
  }
}

const shared = new Map<string, EvaluationProcess>();
/** Where `shared` holds a process started before any project asked for one (no project's folder is ''). */
const UNCLAIMED = '';

/**
 * Starts an evaluation process before any project has asked for one: the CLI starts it first, so it
 * starts while the command's code loads. The first project to ask takes it; unasked, it ends when idle.
 * Where evaluations may be kept near `cwd` none is started ahead (an unchanged catalog needs none; a
 * changed one starts it when it bundles). Returns the process started, or undefined.
 */
export function prestartEvaluationProcess(cwd: string): EvaluationProcess | undefined {
  const kept = keptEvaluationsFolder(cwd);
  if (shared.size > 0 || (kept !== undefined && existsSync(kept))) return undefined;
  const started = new EvaluationProcess({ keepWarm: false });
  started.warmUp();
  shared.set(UNCLAIMED, started);
  return started;
}

/** The process outside a watch session for the project at `rootDir`: one per project, so no project sees another's. */
export function sharedEvaluationProcess(rootDir: string): EvaluationProcess {
  let found = shared.get(rootDir);
  if (!found) {
    found = shared.get(UNCLAIMED) ?? new EvaluationProcess({ keepWarm: false });
    shared.delete(UNCLAIMED);
    shared.set(rootDir, found);
  }
  return found;
}
