// The process groups of MCP servers this process started and has not stopped yet. Servers run in
// their own group, so a terminal's Ctrl-C no longer reaches them: they are killed here instead.

/** Process groups are a POSIX notion; on Windows only the server process itself can be signalled. */
const GROUPS = process.platform !== 'win32';

const live = new Set<number>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Sends `signal` to the group led by `pid` (or to `pid` alone without groups); a group already gone is fine. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(GROUPS ? -pid : pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

const killAll = () => {
  for (const pid of live) signalGroup(pid, 'SIGKILL');
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

/** Remembers a server's group until `forget`; the first one installs the exit and signal hooks. */
export function remember(pid: number): void {
  if (live.size === 0) install();
  live.add(pid);
}

/** The group is gone (or stopped by its transport); the last one removes the hooks again. */
export function forget(pid: number): void {
  if (!live.delete(pid) || live.size > 0) return;
  uninstall();
}

/** Whether spawned servers get a process group of their own (`detached`). */
export const usesProcessGroups = GROUPS;
