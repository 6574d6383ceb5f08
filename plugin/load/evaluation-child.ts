// One evaluation process as it runs: started under Node's permission model with a heap limit, no
// environment and a deadline per request, read frame by frame (JSON, size-limited), and killed when
// it outgrows its memory or its time. evaluation-process.ts decides when one is started and kept.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  isThrownValue,
  type EvaluationOutcome,
  type EvaluationRequest,
} from './evaluation-outcome.js';
import { runWaitingWork } from '../session-memory.js';
import { RUNNER_SOURCE } from './sandbox.js';

/** The evaluation process's V8 heap limit, in MiB: far above what plain data needs. */
export const EVALUATION_HEAP_MB = 512;
/** Its resident memory limit (array buffers live outside the heap), checked where /proc tells it. */
const EVALUATION_RSS_MB = 1024;
/**
 * A request that runs out of memory while its modules run is the cause itself when the process used
 * less than this at its start; above it, code an earlier request left behind may hold the memory.
 */
const OWN_RUN_FLOOR_MB = EVALUATION_HEAP_MB / 2;
/** A starting process that has not said it is ready by then is reported, not waited for. */
const STARTUP_MS = 30_000;
/** The longest time a Node timer (and V8's time limit) takes. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The largest reply frame read: a reply larger than any catalog's data is not buffered. */
const MAX_FRAME_BYTES = 256 * 1024 * 1024;

const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/** Resident memory of `pid` in MiB, where the system tells it (Linux); undefined elsewhere. */
function residentMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

type Frame = Record<string, unknown>;

/** One running evaluation process: started once, asked one request at a time. */
export class Child {
  readonly process: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  served = 0;
  private stderrTail = '';
  private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** What came on stdout and is not read yet, in the pieces it came in. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** How many bytes the frame being read needs, header and body (0 while its header is not in). */
  private needed = 0;
  private onFrame: ((frame: Frame | string) => void) | undefined;
  private onExit: (() => void) | undefined;
  private overMemory = false;
  private nextId = 1;
  private rawExpected = false;
  /** The modules the process compiled for the last request: their code is not sent again. */
  private known = new Set<string>();

  constructor() {
    this.process = spawn(
      process.execPath,
      [
        permissionFlag,
        '--disallow-code-generation-from-strings',
        '--no-warnings',
        `--max-old-space-size=${EVALUATION_HEAP_MB}`,
        '-e',
        RUNNER_SOURCE,
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: process.platform === 'win32' ? { SystemRoot: process.env.SystemRoot ?? '' } : {},
        windowsHide: true,
      },
    );
    // A process that already ended cannot take the request: its end is reported instead.
    this.process.stdin.on('error', () => {});
    this.process.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4096);
    });
    this.process.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('did not start')), STARTUP_MS);
      timer.unref();
      this.onFrame = (frame) => {
        if (typeof frame === 'object' && frame.kind === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      };
      this.onExit = () => {
        clearTimeout(timer);
        reject(new Error('ended while starting'));
      };
    });
    this.ready.catch(() => {});
    this.process.on('exit', (code, signal) => {
      this.exited = { code, signal };
      this.onExit?.();
    });
    this.process.on('error', () => {
      this.exited ??= { code: null, signal: null };
      this.onExit?.();
    });
    // Only a request in flight keeps the program running; an idle process ends with it (its stdin closes).
    this.hold(false);
  }

  /** Lets this process (and its pipes) keep the event loop alive, or not. */
  hold(held: boolean): void {
    for (const handle of [
      this.process,
      this.process.stdin,
      this.process.stdout,
      this.process.stderr,
    ])
      held ? (handle as { ref(): void }).ref() : (handle as { unref(): void }).unref();
  }

  /**
   * Takes a piece of stdout. The pieces of a frame are joined once it is all in: joining each piece
   * as it came copied a 6 MB reply about fifty times over.
   */
  private read(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.needed) return;
    let buffered =
      this.pending.length === 1 ? chunk : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.needed = 0;
    const keep = (rest: Buffer, needed: number) => {
      if (rest.length > 0) this.pending.push(rest);
      this.pendingBytes = rest.length;
      this.needed = needed;
    };
    for (;;) {
      const newline = buffered.indexOf(10);
      if (newline < 0 || newline > 12) {
        if (newline > 12 || buffered.length > 12) this.kill();
        else keep(buffered, 0);
        return;
      }
      const length = Number(buffered.subarray(0, newline).toString());
      if (!Number.isSafeInteger(length) || length < 0 || length > MAX_FRAME_BYTES) {
        this.kill();
        return;
      }
      if (buffered.length < newline + 1 + length) {
        keep(buffered, newline + 1 + length);
        return;
      }
      const text = buffered.subarray(newline + 1, newline + 1 + length).toString();
      buffered = buffered.subarray(newline + 1 + length);
      if (this.rawExpected) {
        this.rawExpected = false;
        this.onFrame?.(text);
        continue;
      }
      let frame: unknown;
      try {
        frame = JSON.parse(text);
      } catch {
        this.kill();
        return;
      }
      if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
        this.kill();
        return;
      }
      if ((frame as Frame).kind === 'result') this.rawExpected = true;
      this.onFrame?.(frame as Frame);
    }
  }

  kill(): void {
    if (!this.exited) this.process.kill('SIGKILL');
  }

  /** Sends one request and waits for its outcome, the deadline, or the end of the process. */
  async request(request: EvaluationRequest, keep: boolean): Promise<EvaluationOutcome> {
    try {
      await this.ready;
    } catch (error) {
      return { kind: 'crashed', detail: this.endDetail((error as Error).message), left: [] };
    }
    this.served++;
    const id = this.nextId++;
    // What V8's time limit and Node's timers accept: whole milliseconds, at most 2^31 - 1.
    const timeoutMs = Math.min(Math.max(1, Math.ceil(request.timeoutMs)), MAX_TIMER_MS);
    const left: string[] = [];
    let reading: number | undefined;
    let reused = false;
    const modules = new Set(request.modules);
    return new Promise<EvaluationOutcome>((resolve) => {
      let done = false;
      const finish = (outcome: EvaluationOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearInterval(memory);
        this.onFrame = undefined;
        this.onExit = undefined;
        resolve({
          ...outcome,
          ...(reading === undefined ? {} : { reading }),
          ...(reused ? { reused } : {}),
        });
      };
      // The process enforces the time limit itself; this is for what it cannot stop (a wait on a
      // lock, a callback run later): the limit for each of its phases (running the modules, reading a
      // rejection), and a margin.
      const deadline = setTimeout(
        () => {
          this.kill();
          finish({ kind: 'timeout', left, killed: true });
        },
        Math.min(timeoutMs * 2 + 2_000, MAX_TIMER_MS),
      );
      const memory = setInterval(() => {
        const mb = residentMb(this.process.pid ?? 0);
        if (mb !== undefined && mb > EVALUATION_RSS_MB) {
          this.overMemory = true;
          this.kill();
        }
      }, 50);
      let pending: Frame | undefined;
      /** The process's memory when this request's modules started running, until they ended. */
      let runningFromMb: number | undefined;
      this.onFrame = (frame) => {
        if (typeof frame === 'string') {
          if (pending) finish({ kind: 'result', json: frame, left });
          return;
        }
        if (frame.id !== id) return;
        if (frame.kind === 'left' && typeof frame.file === 'string' && modules.has(frame.file))
          left.push(frame.file);
        else if (frame.kind === 'kept' && Array.isArray(frame.files)) {
          for (const file of frame.files as unknown[])
            if (typeof file === 'string' && modules.has(file)) left.push(file);
        } else if (frame.kind === 'reading' && typeof frame.index === 'number')
          reading = frame.index;
        else if (frame.kind === 'running') {
          runningFromMb = typeof frame.rssMb === 'number' ? frame.rssMb : Number.POSITIVE_INFINITY;
          reused = frame.reused === true;
        } else if (frame.kind === 'ran') runningFromMb = undefined;
        else if (frame.kind === 'result') pending = frame;
        else if (frame.kind === 'timeout' || frame.kind === 'tampered')
          finish({ kind: frame.kind, left });
        else if (frame.kind === 'rejected' && isThrownValue(frame.error))
          finish({ kind: 'rejected', error: frame.error, left });
        else if (frame.kind === 'missing') send(true);
        else if (frame.kind === 'syntax' && typeof frame.message === 'string')
          finish({
            kind: 'syntax',
            message: frame.message,
            file: String(frame.file),
            line: Number(frame.line) || 0,
            column: Number(frame.column) || 0,
            left,
          });
        else if (frame.kind === 'crashed')
          finish({ kind: 'crashed', detail: 'it threw outside any module', left });
      };
      this.onExit = () => {
        const outOfMemory =
          this.overMemory ||
          /heap out of memory|heap limit|allocation failed/i.test(this.stderrTail);
        const whileRunning = runningFromMb !== undefined && runningFromMb < OWN_RUN_FLOOR_MB;
        finish(
          outOfMemory
            ? { kind: 'memory', whileRunning, left }
            : { kind: 'crashed', detail: this.endDetail('ended'), left },
        );
      };
      if (this.exited) return this.onExit();
      const send = (everything: boolean) => {
        const body = JSON.stringify({
          id,
          modules: request.compiled.map((m) =>
            !everything && this.known.has(m.hash) ? { ...m, code: undefined } : m,
          ),
          entries: request.entries,
          files: request.modules,
          timeoutMs,
          keep,
          known: keep ? request.known : undefined,
          trusted: keep ? request.trusted : undefined,
        });
        this.known = new Set(request.compiled.map((m) => m.hash));
        // Encoded once, and the header written apart: the body is neither measured nor copied again.
        const bytes = Buffer.from(body);
        this.process.stdin.write(`${bytes.length}\n`);
        this.process.stdin.write(bytes);
      };
      send(false);
      // The answer takes the process a while (at a cold start, its own start too): time for the run's other work.
      runWaitingWork();
    });
  }

  private endDetail(what: string): string {
    const how = this.exited?.signal
      ? ` (signal ${this.exited.signal})`
      : this.exited?.code != null
        ? ` (exit code ${this.exited.code})`
        : '';
    const last = this.stderrTail.trim().split('\n').pop()?.slice(0, 200);
    return `the evaluation process ${what}${how}${last ? `: ${last}` : ''}`;
  }
}
