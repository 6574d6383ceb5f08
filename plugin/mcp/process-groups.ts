// The MCP servers this process started and has not stopped yet, and how everything they started is
// found again: their process group, and (on Linux) a mark in the environment every descendant inherits.
import { readdirSync, readFileSync } from 'node:fs';

/** Process groups are a POSIX notion; on Windows only the server process itself can be signalled. */
const GROUPS = process.platform !== 'win32';

/**
 * The environment variable each server gets, with a value of its own. A descendant that leaves the
 * server's process group (`setsid`, a detached child, a daemon that forked twice) still carries it,
 * so it is found in `/proc` and stopped with the rest.
 */
export const SERVER_MARK_VARIABLE = 'AGENT_TOOL_CATALOG_MCP_SERVER';

/** Group leader pid → the mark of its server. */
const live = new Map<number, string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Sends `signal` to the group led by `pid` (or to `pid` alone without groups); a group already gone is fine. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(GROUPS ? -pid : pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/**
 * Every live process whose environment holds `mark` (read from `/proc`; none where there is no
 * `/proc`). A zombie has no environment left, so only processes still running are found.
 */
function processesMarked(mark: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = `\0${SERVER_MARK_VARIABLE}=${mark}\0`;
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      // Leading NUL: the variable may be the first one.
      if (`\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(needle))
        found.push(Number(entry));
    } catch {
      // Gone meanwhile, or another user's process: not ours.
    }
  }
  return found;
}

/** Sends `signal` to every process carrying `mark`. */
export function signalMarked(mark: string, signal: NodeJS.Signals): number {
  const pids = processesMarked(mark);
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  return pids.length;
}

/**
 * How many times the marked processes are looked for again after a kill: one that forks while it is
 * killed is caught by the next look.
 */
const KILL_ROUNDS = 20;

/** SIGKILL to the group and to every marked process, again until none is found (synchronous: it also runs on exit). */
export function killServerTree(pid: number, mark: string): void {
  signalGroup(pid, 'SIGKILL');
  for (let round = 0; round < KILL_ROUNDS && signalMarked(mark, 'SIGKILL') > 0; round++);
}

const killAll = () => {
  for (const [pid, mark] of live) killServerTree(pid, mark);
};

/**
 * On an interrupt, kill every server, then let the signal do what it would have done: with no other
 * listener that is Node's default (exit with the signal), so the command still dies of its Ctrl-C.
 */
function onSignal(signal: NodeJS.Signals): void {
  killAll();
  live.clear();
  uninstall();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  process.on('exit', killAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', killAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** Remembers a server's group and mark until `forget`; the first one installs the exit and signal hooks. */
export function remember(pid: number, mark: string): void {
  if (live.size === 0) install();
  live.set(pid, mark);
}

/** The server is gone (or stopped by its transport); the last one removes the hooks again. */
export function forget(pid: number): void {
  if (!live.delete(pid) || live.size > 0) return;
  uninstall();
}

/** Whether spawned servers get a process group of their own (`detached`). */
export const usesProcessGroups = GROUPS;
