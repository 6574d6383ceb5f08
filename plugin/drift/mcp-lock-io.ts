// Reads and writes a catalog's MCP lock file for `drift --mcp`: a lock that is missing is fine, one
// that cannot be read or used is a message naming the file, and a path that is not a file is never replaced.
import { readFileSync, statSync } from 'node:fs';
import { LockError, parseLock, type McpLock } from '../mcp/lock-file.js';
import { fsErrorReason } from '../text/fs-error.js';
import { writeFileAtomic } from '../write/write-outputs.js';

export interface LockRead {
  readonly lock?: McpLock;
  /** Why the lock cannot be used: it is reported and counts as a difference. */
  readonly error?: string;
  /** The path holds something that is not a lock file (a folder) or cannot be read: `--update` leaves it alone. */
  readonly blocked?: boolean;
}

/** The lock at `file` (shown as `shown` in messages). */
export function readLock(file: string, shown: string): LockRead {
  let text: string;
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return {};
    if (!stat.isFile())
      return {
        error:
          `${shown} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'}, ` +
          `not a lock file; move it away, then write the lock with tool-catalog ` +
          `drift --mcp --update.`,
        blocked: true,
      };
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = fsErrorReason(error);
    if (reason === undefined) throw error;
    return { error: `${shown} cannot be read: ${reason}.`, blocked: true };
  }
  try {
    return { lock: parseLock(text, shown) };
  } catch (error) {
    if (error instanceof LockError) return { error: error.message };
    throw error;
  }
}

/** Writes the lock's new text when its bytes change; whether it did, or why it could not. */
export async function writeLock(
  file: string,
  shown: string,
  text: string,
): Promise<{ readonly written: boolean; readonly error?: string }> {
  try {
    if (readFileSync(file, 'utf8') === text) return { written: false };
  } catch {
    // Missing (or unreadable): written below, where a real problem shows.
  }
  try {
    await writeFileAtomic(file, text);
    return { written: true };
  } catch (error) {
    const reason = fsErrorReason(error);
    if (reason === undefined) throw error;
    return { written: false, error: `${shown} cannot be written: ${reason}.` };
  }
}
