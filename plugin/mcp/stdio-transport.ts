// An MCP client transport over a server's stdin/stdout that leaves nothing behind: the server runs
// in its own process group, close() can be awaited until the whole group is gone, and the exit code
// and the end of stderr are kept for the error message when the server fails.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { AnswerTooLarge, MAX_LINE_BYTES } from './answer-limit.js';
import {
  forget,
  killServerTree,
  remember,
  SERVER_MARK_VARIABLE,
  signalGroup,
  signalMarked,
  usesProcessGroups,
} from './process-groups.js';

export interface StdioServerSpec {
  readonly command: string;
  readonly args: readonly string[];
  /** The complete environment of the server. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Whether the server ended before it was asked to stop (a crash or an early exit, not our signal). */
  readonly onItsOwn: boolean;
}

/** How much of stderr is kept: enough for a stack trace, bounded for a chatty server. */
const STDERR_TAIL_BYTES = 8 * 1024;
/**
 * After stdin is closed, how long a server may take to exit by itself before it is sent SIGTERM.
 * Most exit at once; some linger (server-everything takes about 350 ms) and SIGTERM, the ordinary
 * request to stop, costs them nothing after a listing.
 */
const EXIT_GRACE_MS = 250;
/** After SIGTERM, how long before SIGKILL. */
const TERM_GRACE_MS = 1000;
/** After the server exited, how long its stdout may take to close before the transport counts as closed. */
const DRAIN_MS = 200;

/** How many lines that are not JSON-RPC are kept for the message (it shows three). */
const KEPT_PROTOCOL_ERRORS = 5;
/** A terminal's colour and cursor sequences (CSI) and titles (OSC), as servers write them into their logs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape and bell characters are what this pattern finds.
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** Resolves after `ms` or when `promise` settles, whichever is first, without keeping a timer behind. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Set once the server process has exited. */
  exit?: ServerExit;
  /** Lines on stdout that were not JSON-RPC messages. */
  readonly protocolErrors: string[] = [];

  private child?: ChildProcessWithoutNullStreams;
  private stderr = '';
  private pending = Buffer.alloc(0);
  private pieces: Buffer[] = [];
  private piecesBytes = 0;
  /** Set once the server wrote a line longer than the limit: nothing more is read. */
  private tooLarge = false;
  private stopRequested = false;
  private closed = false;
  private exited!: Promise<void>;
  private closing?: Promise<void>;
  private cutGrace?: () => void;
  /** This server's mark in the environment of everything it starts. */
  private readonly mark = `${process.pid}-${randomBytes(8).toString('hex')}`;

  /**
   * @param onTooLarge told when the server writes a line longer than `MAX_LINE_BYTES`: the listing
   *   ends then, instead of at its deadline.
   */
  constructor(
    private readonly spec: StdioServerSpec,
    private readonly onTooLarge?: (error: AnswerTooLarge) => void,
  ) {}

  /**
   * The last lines the server wrote to stderr, without its colours (other control characters are
   * escaped when printed).
   */
  stderrTail(lines = 20): string[] {
    return this.stderr
      .replace(ANSI_SEQUENCE, '')
      .trimEnd()
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .slice(-lines);
  }

  start(): Promise<void> {
    if (this.child) throw new Error('ProcessGroupTransport.start() was called twice');
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, [...this.spec.args], {
        cwd: this.spec.cwd,
        env: { ...this.spec.env, [SERVER_MARK_VARIABLE]: this.mark },
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own group, so that wrappers (npx, sh -c) are stopped together with the real server.
        detached: usesProcessGroups,
        windowsHide: true,
      });
      this.child = child;
      // Remembered at once (the pid exists as soon as spawning succeeded), so a Ctrl-C from now on kills it.
      if (child.pid !== undefined) remember(child.pid, this.mark);
      this.exited = new Promise((done) => child.once('exit', () => done()));
      child.once('spawn', () => resolve());
      child.once('error', (error) => {
        if (child.pid === undefined) reject(error);
        else this.onerror?.(error);
      });
      child.once('exit', (code, signal) => {
        this.exit = { code, signal, onItsOwn: !this.stopRequested };
        // A grandchild may hold stdout open after the server died: do not wait for it to close.
        setTimeout(() => this.markClosed(), DRAIN_MS).unref();
      });
      child.once('close', () => this.markClosed());
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        this.stderr = (this.stderr + text).slice(-STDERR_TAIL_BYTES);
      });
    });
  }

  /** Newline-delimited JSON-RPC, the framing of the SDK's own stdio transport. */
  private read(chunk: Buffer): void {
    if (this.tooLarge) return;
    // A line still without its newline is kept in pieces, joined once it ends (no copy per chunk).
    if (chunk.indexOf(10) < 0) {
      this.pieces.push(chunk);
      this.piecesBytes += chunk.length;
      if (this.pending.length + this.piecesBytes > MAX_LINE_BYTES) {
        this.tooLarge = true;
        this.pending = Buffer.alloc(0);
        this.pieces = [];
        this.protocolErrors.push(`a line of more than ${MAX_LINE_BYTES} bytes without a newline`);
        this.onTooLarge?.(new AnswerTooLarge(MAX_LINE_BYTES, 'on one line of stdout'));
      }
      return;
    }
    this.pending = Buffer.concat([this.pending, ...this.pieces, chunk]);
    this.pieces = [];
    this.piecesBytes = 0;
    for (let end = this.pending.indexOf(10); end >= 0; end = this.pending.indexOf(10)) {
      const line = this.pending.toString('utf8', 0, end).replace(/\r$/, '');
      this.pending = this.pending.subarray(end + 1);
      if (line.trim() === '') continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (error) {
        // A server writing junk endlessly must not grow this list: the first few say what it writes.
        if (this.protocolErrors.length < KEPT_PROTOCOL_ERRORS)
          this.protocolErrors.push(
            `${line.length > 80 ? `${line.slice(0, 80)}…` : line} (${(error as Error).message.split('\n')[0]})`,
          );
        this.onerror?.(
          new Error(`the server wrote a line that is not JSON-RPC: ${line.slice(0, 80)}`),
        );
        continue;
      }
      this.onmessage?.(message);
    }
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.exit || !stdin.writable) {
        reject(new Error('the server process is not running'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * Stops the server and everything it started: stdin is closed, then after `graceMs` (default 250 ms)
   * SIGTERM and after 1 s more SIGKILL go to its whole process group and to every process carrying
   * its mark; once the server has exited, what is left of both gets SIGTERM and SIGKILL too.
   * Resolves when that is done. Safe to call again: a later call with `graceMs: 0` cuts a running
   * grace period short (the SDK's client closes the transport itself when a request times out,
   * before the caller can choose the grace).
   */
  close(options: { graceMs?: number } = {}): Promise<void> {
    if (options.graceMs === 0) this.cutGrace?.();
    this.closing ??= this.stop(options.graceMs ?? EXIT_GRACE_MS);
    return this.closing;
  }

  private async stop(graceMs: number): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) {
      this.markClosed();
      return;
    }
    this.stopRequested = true;
    child.stdin.end();
    if (!this.exit && graceMs > 0)
      await within(
        Promise.race([this.exited, new Promise<void>((cut) => (this.cutGrace = cut))]),
        graceMs,
      );
    if (!this.exit) {
      signalGroup(child.pid, 'SIGTERM');
      signalMarked(this.mark, 'SIGTERM');
      await within(this.exited, TERM_GRACE_MS);
    }
    if (!this.exit) {
      killServerTree(child.pid, this.mark);
      await within(this.exited, TERM_GRACE_MS);
    }
    // The server is gone; anything it started goes too: what is left in its group, and what left the
    // group (setsid, a detached child, a daemon) but carries its mark. SIGTERM first, then SIGKILL.
    if (usesProcessGroups) signalGroup(child.pid, 'SIGTERM');
    if (signalMarked(this.mark, 'SIGTERM') > 0 || usesProcessGroups)
      await new Promise((resolve) => setTimeout(resolve, 50));
    killServerTree(child.pid, this.mark);
    forget(child.pid);
    this.markClosed();
  }
}
