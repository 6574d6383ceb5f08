// Reading a file whose path came from the user's code or from a kept record: only a regular file is
// read, and only up to a size limit. Its type is looked at before it is opened — a FIFO would block
// the read forever, a device such as /dev/zero never ends, a socket cannot be read — and again on the
// open descriptor (opened without blocking), so a file swapped in between is refused too.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** What stands at a path, in the words a message uses. */
export type FileKind = 'file' | 'folder' | 'fifo' | 'socket' | 'device' | 'other';

export function fileKindOf(stat: Stats): FileKind {
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'folder';
  if (stat.isFIFO()) return 'fifo';
  if (stat.isSocket()) return 'socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'device';
  return 'other';
}

/** How a message names a kind of file that is not read. */
export const FILE_KIND_WORDS: Readonly<Record<FileKind, string>> = {
  file: 'a regular file',
  folder: 'a folder',
  fifo: 'a named pipe (FIFO), which could block the read forever',
  socket: 'a socket',
  device: 'a device, whose content may never end',
  other: 'not a regular file',
};

/** Why a file was not read: it is not a regular file, it is too large, or reading it took too long. */
export class UnreadFile extends Error {
  constructor(
    readonly reason: 'kind' | 'size' | 'deadline',
    readonly kind: FileKind,
    readonly size: number,
  ) {
    super(reason === 'kind' ? FILE_KIND_WORDS[kind] : reason);
  }
}

/** Opened without blocking (a FIFO swapped in after the first look opens at once, then is refused). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function checked(stat: Stats, maxBytes: number): void {
  const kind = fileKindOf(stat);
  if (kind !== 'file') throw new UnreadFile('kind', kind, stat.size);
  if (stat.size > maxBytes) throw new UnreadFile('size', kind, stat.size);
}

/**
 * The bytes read so far, read to the end of the file whatever size it claims (files the system
 * makes up, such as those under /proc, claim 0), and refused beyond the limit.
 */
class ChunkedText {
  buffer: Buffer;
  read = 0;

  constructor(
    size: number,
    private readonly maxBytes: number,
  ) {
    // One byte more than claimed: the end of the file is seen without a second buffer. Not zeroed:
    // only the bytes read are ever looked at.
    this.buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
  }

  get room(): number {
    return this.buffer.length - this.read;
  }

  /** Counts `n` bytes read; whether to read on (false at the end of the file). */
  more(n: number): boolean {
    if (n === 0) return false;
    this.read += n;
    if (this.read > this.maxBytes) throw new UnreadFile('size', 'file', this.read);
    if (this.room === 0) {
      const grown = Buffer.allocUnsafe(Math.min(this.buffer.length * 2, this.maxBytes + 1));
      this.buffer.copy(grown);
      this.buffer = grown;
    }
    return true;
  }

  text(): string {
    return this.buffer.subarray(0, this.read).toString('utf8');
  }
}

/**
 * The text of `file` (symbolic links followed), if it is a regular file of at most `maxBytes`;
 * throws `UnreadFile` otherwise, and what opening or reading throws (a missing file: ENOENT).
 */
export function readRegularFileSync(file: string, maxBytes: number): string {
  checked(statSync(file), maxBytes);
  const fd = openSync(file, OPEN_FLAGS);
  try {
    const stat = fstatSync(fd);
    checked(stat, maxBytes);
    const chunks = new ChunkedText(stat.size, maxBytes);
    for (;;)
      if (!chunks.more(readSync(fd, chunks.buffer, chunks.read, chunks.room, chunks.read))) break;
    return chunks.text();
  } finally {
    closeSync(fd);
  }
}

/** `work`, or `UnreadFile('deadline')` once `ms` have passed (the work itself is left to end on its own). */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnreadFile('deadline', 'file', 0)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** As `readRegularFileSync`, without blocking the thread, and refused when it takes over `deadlineMs`. */
export function readRegularFile(
  file: string,
  limits: { readonly maxBytes: number; readonly deadlineMs: number },
): Promise<string> {
  const read = async () => {
    checked(statSync(file), limits.maxBytes);
    const handle = await open(file, OPEN_FLAGS);
    try {
      const stat = await handle.stat();
      checked(stat, limits.maxBytes);
      const chunks = new ChunkedText(stat.size, limits.maxBytes);
      for (;;) {
        const { bytesRead } = await handle.read(
          chunks.buffer,
          chunks.read,
          chunks.room,
          chunks.read,
        );
        if (!chunks.more(bytesRead)) break;
      }
      return chunks.text();
    } finally {
      await handle.close();
    }
  };
  return withDeadline(read(), limits.deadlineMs);
}
