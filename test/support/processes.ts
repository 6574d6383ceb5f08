// The process table, for tests that must prove a command left nothing running: which of some
// process groups still have a live (not zombie) member.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `pid pgid stat` of every process; zombies are dead, waiting only to be reaped, so they do not count. */
function liveProcesses(): { pid: number; pgid: number }[] {
  return execFileSync('ps', ['-eo', 'pid=,pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length === 3 && !cols[2]!.startsWith('Z'))
    .map(([pid, pgid]) => ({ pid: Number(pid), pgid: Number(pgid) }));
}

/** Of `pids` (and the process groups they lead), the ones with a process still alive. */
export function stillRunning(pids: readonly number[]): number[] {
  const live = liveProcesses();
  return pids.filter((pid) => live.some((p) => p.pid === pid || p.pgid === pid));
}

/** The pids a test server wrote, one a line, to its PID_FILE. */
export const pidsIn = (file: string): number[] =>
  readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);

/** Every live process descended from `pid` (children, theirs, …), whatever group or session it is in now. */
export function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length === 3 && !cols[2]!.startsWith('Z'))
    .map(([p, parent]) => ({ pid: Number(p), ppid: Number(parent) }));
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const row of rows)
      if (row.ppid === parent && !found.includes(row.pid)) {
        found.push(row.pid);
        queue.push(row.pid);
      }
  }
  return found;
}
