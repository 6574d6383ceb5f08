// Where a command writes a file the user names with --out: never into a folder, never over a file
// it did not write, a regular file replaced whole, a device (`/dev/stdout`) written as it is.
import { closeSync, promises as fs, openSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fsErrorReason } from '../text/fs-error.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import { UsageError } from './command.js';

export interface OutputTarget {
  readonly file: string;
  /** A device or pipe: written directly, not replaced. */
  readonly inPlace: boolean;
}

/**
 * Where `--out` writes, or a usage error: a folder, a path under a file, or a file that `isOwn` does
 * not recognize as this command's output (`what`) is refused. A device or pipe (`/dev/stdout`) is
 * written as it is; a regular file (or a link to one) is replaced whole, never left half-written.
 */
export function outputTarget(
  cwd: string,
  out: string,
  isOwn: (head: string) => boolean,
  what: string,
): OutputTarget {
  const file = path.resolve(cwd, out);
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    const reason = fsErrorReason(error);
    if (reason === undefined) throw error;
    throw new UsageError(`--out ${out} cannot be written: ${reason}.`);
  }
  if (stat?.isDirectory())
    throw new UsageError(
      `--out ${out} is a folder; name a file in it, e.g. --out ${path.join(out, 'policy.md')}.`,
    );
  if (stat && !stat.isFile()) return { file, inPlace: true };
  if (stat && stat.size > 0 && !isOwn(head(file)))
    throw new UsageError(
      `--out ${out} already holds a file that is not ${what}; only such a file ` +
        `is replaced, so remove that one or choose another path.`,
    );
  return { file: stat ? realpathSync(file) : file, inPlace: false };
}

/**
 * Creates the missing folders above a report one at a time. Node's recursive mkdir never returns
 * where a folder cannot be created though its parent exists (under /proc it retries for ever).
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = dir; ; at = path.dirname(at)) {
    const stat = await fs.stat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (stat) break;
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing)
    await fs.mkdir(folder).catch(async (error: NodeJS.ErrnoException) => {
      // Made meanwhile by someone else: fine when it is a folder.
      if (error.code !== 'EEXIST' || !(await fs.stat(folder)).isDirectory()) throw error;
    });
}

/** The first 4 KiB of a file, as text ('' when it cannot be read). */
function head(file: string): string {
  const bytes = Buffer.alloc(4096);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    return bytes.toString('utf8', 0, readSync(fd, bytes, 0, bytes.length, 0));
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes `content` where `outputTarget` said: a file whole (through a temp file), a device as it is. */
export async function writeOutput(target: OutputTarget, content: string): Promise<void> {
  if (target.inPlace) return fs.writeFile(target.file, content);
  await makeFolders(path.dirname(target.file));
  await writeFileAtomic(target.file, content);
}
