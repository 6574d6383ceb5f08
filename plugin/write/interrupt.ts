// What a command must undo when Ctrl-C, SIGTERM or SIGHUP ends it: every cleanup registered here runs,
// newest first, before the process exits with the signal's code — runtimes it started are ended, files
// it edited get their old bytes back. Without one, the default applies (the process just ends).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** The exit code of a process ended by each signal, as a shell reports it (128 + its number). */
const EXIT_CODES: Readonly<Record<(typeof SIGNALS)[number], number>> = {
  SIGINT: 130,
  SIGTERM: 143,
  SIGHUP: 129,
};

/**
 * How long after a signal the cleanups run a second time, before the exit. A signal that came while
 * the command's code ran is handled at its next wait, which may be a write the thread pool is still
 * doing (a rename): the second pass undoes what such a write finished after the first.
 */
const SETTLE_MS = 100;

/** `now`: at the signal; `settled`: once writes already under way have finished, just before the exit. */
type Pass = 'now' | 'settled';
type Cleanup = (signal: NodeJS.Signals, pass: Pass) => void;

const cleanups: Cleanup[] = [];
let stopping: NodeJS.Signals | undefined;

function runAll(list: readonly Cleanup[], signal: NodeJS.Signals, pass: Pass): void {
  for (const cleanup of list)
    try {
      cleanup(signal, pass);
    } catch {
      // One cleanup that fails must not stop the others.
    }
}

function onSignal(signal: (typeof SIGNALS)[number]): void {
  if (stopping) return;
  stopping = signal;
  // Newest first: a command's last step (files it wrote) is undone before what it started earlier ends.
  const list = [...cleanups].reverse();
  runAll(list, signal, 'now');
  setTimeout(() => {
    runAll(list, signal, 'settled');
    process.exit(EXIT_CODES[signal]);
  }, SETTLE_MS);
}

/**
 * Runs `cleanup` (synchronously, twice: at the signal and just before the exit) if the process is
 * interrupted before the returned function is called; the process then exits with the signal's code.
 */
export function onInterrupt(cleanup: Cleanup): () => void {
  if (cleanups.length === 0) for (const s of SIGNALS) process.on(s, onSignal);
  cleanups.push(cleanup);
  return () => {
    // Once interrupted, the cleanups stay: the second pass still runs them.
    if (stopping) return;
    const at = cleanups.indexOf(cleanup);
    if (at >= 0) cleanups.splice(at, 1);
    if (cleanups.length === 0) for (const s of SIGNALS) process.off(s, onSignal);
  };
}

/** The files an edit changes, each with its bytes before (undefined: it did not exist). */
export interface EditJournal {
  /**
   * Await before writing `file`: the first bytes recorded for a file are the ones put back. Once the
   * command is interrupted it never resolves, so no write starts after the signal.
   */
  record(file: string, before: string | undefined): Promise<void>;
  /** The edit is complete (or was undone by the command itself): an interruption changes nothing now. */
  close(): void;
}

/** Puts `content` in place of `file` through a temp file and a rename, synchronously (a signal handler cannot wait). */
function restoreFile(file: string, content: string | undefined): void {
  if (content === undefined) {
    rmSync(file, { force: true });
    return;
  }
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.restore`);
  writeFileSync(temp, content);
  renameSync(temp, file);
}

/**
 * A journal of the files a command edits: interrupted before `close()`, every file it recorded gets
 * its old bytes back (one it created is removed) before the process exits, and `said` is told.
 */
export function journalEdits(
  said?: (signal: NodeJS.Signals, files: readonly string[]) => void,
): EditJournal {
  const before = new Map<string, string | undefined>();
  const release = onInterrupt((signal, pass) => {
    for (const [file, content] of before) restoreFile(file, content);
    if (pass === 'settled' && before.size > 0) said?.(signal, [...before.keys()]);
  });
  return {
    record(file, content) {
      if (stopping) return new Promise<void>(() => {});
      if (!before.has(file)) before.set(file, content);
      return Promise.resolve();
    },
    close: release,
  };
}
