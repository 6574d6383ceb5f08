// Which processes still hold a runtime's pipes: a descendant that left the runtime's process group (a
// session of its own) but kept its output open. Found through /proc on Linux; elsewhere none are found.
import { readdirSync, readlinkSync } from 'node:fs';

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

/** Pids of the other processes that have one of `pipes` open (processes of other users cannot be seen). */
export function pipeHolders(pipes: ReadonlySet<string>): number[] {
  if (!PROC || pipes.size === 0) return [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
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
