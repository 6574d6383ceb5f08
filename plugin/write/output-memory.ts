// What a watch session remembers of the files it read or wrote: their content, for as long as the
// file's status (size, modification and change times, inode) is what it was. Comparing a run's
// output with the last one then costs one `stat` per file, not reading and decoding every output.
import { promises as fs, statSync, type Stats } from 'node:fs';

interface Known {
  readonly content: string | undefined;
  readonly stamp: string;
}

/** Everything that changes when a file is written, replaced or removed; '' for a missing file. */
function stampOf(file: string): string {
  let stats: Stats | undefined;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return '';
    throw error;
  }
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

export class OutputMemory {
  private readonly files = new Map<string, Known>();

  /** The file's content (undefined when missing): remembered while unchanged, else read. */
  async read(file: string): Promise<string | undefined> {
    const stamp = stampOf(file);
    const known = this.files.get(file);
    if (known && known.stamp === stamp) return known.content;
    const content = stamp === '' ? undefined : await readOrUndefined(file);
    // Stamped before reading: a write racing the read makes the next run read again.
    this.files.set(file, { content, stamp });
    return content;
  }

  /** Records what was just written to `file` (or that it was removed). */
  wrote(file: string, content: string | undefined): void {
    try {
      this.files.set(file, { content, stamp: stampOf(file) });
    } catch {
      this.files.delete(file);
    }
  }
}

/** How to read a file: through a session's memory when there is one. */
export const readerFor = (memory: OutputMemory | undefined): ((file: string) => Promise<string | undefined>) =>
  memory ? (file) => memory.read(file) : readOrUndefined;

/** A file's text, or undefined when it (or a folder above it) does not exist. */
async function readOrUndefined(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
