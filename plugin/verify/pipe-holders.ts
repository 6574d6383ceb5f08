// Which processes a runtime left outside its process group (a session of its own): those still holding
// its pipes, and those carrying its run's mark in their environment. Found through /proc on Linux only.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const PROC = process.platform === 'linux';

/**
 * The identity (`socket:[inode]` or `pipe:[inode]`) of a child's end of one of its standard streams.
 * Node gives a child one end of a socket pair and keeps the other, so only the child's side names
 * what its descendants inherit: read it right after the spawn, while the child cannot have exited.
 */
export function childEndOf(pid: number | undefined, fd: 0 | 1 | 2): string | undefined {
  if (!PROC || pid === undefined) return undefined;
  try {
    const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
    return /^(socket|pipe):\[\d+\]$/.test(link) ? link : undefined;
  } catch {
    return undefined;
  }
}

/** Every other process's pid as /proc names it (none where there is no /proc). */
function otherProcesses(): string[] {
  try {
    return readdirSync('/proc').filter(
      (name) => /^\d+$/.test(name) && Number(name) !== process.pid,
    );
  } catch {
    return [];
  }
}

/**
 * Pids of the processes whose environment holds `variable=value`: a runtime's descendants inherit
 * it, even those that left its process group and closed its pipes (a daemon it started).
 */
export function markedProcesses(variable: string, value: string): number[] {
  if (!PROC) return [];
  // Each entry ends in a NUL: with one in front, an entry is found whole wherever it is.
  const mark = `\0${variable}=${value}\0`;
  return otherProcesses()
    .filter((pid) => {
      try {
        return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(mark);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Pids of the other processes that have one of `pipes` open (processes of other users cannot be seen). */
export function pipeHolders(pipes: ReadonlySet<string>): number[] {
  if (!PROC || pipes.size === 0) return [];
  const pids = otherProcesses();
  const holders: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return pipes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (holds) holders.push(Number(pid));
  }
  return holders;
}
