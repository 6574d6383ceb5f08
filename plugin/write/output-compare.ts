// Whether an output's file already holds the text a run made for it.
// In a watch session, through what it last read or wrote
// (output-memory.ts); otherwise by bytes, a stretch at a time, never
// read into a string: at 20,000 tools a run that wrote nothing read
// 28 MB of outputs as strings, each over 128 kB on fresh pages of its
// own, and held 30–40 MB more at its peak.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { keepsLast } from '../session-memory.js';
import { readOutput } from './output-memory.js';

/** What stands at an output's path, against the run's text. */
export type StandingOutput =
  | { readonly kind: 'missing' }
  | { readonly kind: 'same' }
  /** `head`: the first characters, where a header would be. */
  | { readonly kind: 'different'; readonly head: string };

/** How many characters of the head are read. */
const HEAD_CHARACTERS = 300;
/** Characters compared at a time (each 3 bytes at most). */
const STRETCH = 1 << 18;

export async function standingOutput(file: string, content: string): Promise<StandingOutput> {
  if (!keepsLast()) {
    const byBytes = compareBytes(file, content);
    if (byBytes) return byBytes;
  }
  const existing = await readOutput(file);
  if (existing === undefined) return { kind: 'missing' };
  if (existing === content) return { kind: 'same' };
  return { kind: 'different', head: existing.slice(0, HEAD_CHARACTERS) };
}

/**
 * The file against `content` by bytes; undefined when it is no regular
 * file (then read as text, which fails as it did).
 */
function compareBytes(file: string, content: string): StandingOutput | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    const same = stats.size === Buffer.byteLength(content) && holds(fd, content);
    return same ? { kind: 'same' } : { kind: 'different', head: head(fd) };
  } finally {
    closeSync(fd);
  }
}

/** Whether the file holds `content` in UTF-8 (its size already does). */
function holds(fd: number, content: string): boolean {
  const ours = Buffer.allocUnsafe(Math.min(content.length, STRETCH) * 3);
  const theirs = Buffer.allocUnsafe(ours.length);
  let position = 0;
  for (let start = 0; start < content.length; ) {
    let end = Math.min(content.length, start + STRETCH);
    // Not between the halves of a pair: alone, each is written as U+FFFD.
    const last = content.charCodeAt(end - 1);
    if (end < content.length && last >= 0xd800 && last <= 0xdbff) end--;
    const length = ours.write(content.slice(start, end), 0, 'utf8');
    if (readFully(fd, theirs, length, position) !== length) return false;
    if (!ours.subarray(0, length).equals(theirs.subarray(0, length))) return false;
    position += length;
    start = end;
  }
  return true;
}

/** Reads `length` bytes at `position`, or as many as there are. */
function readFully(fd: number, into: Buffer, length: number, position: number): number {
  let read = 0;
  while (read < length) {
    const n = readSync(fd, into, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return read;
}

/** The first characters (4 bytes each read: a cut one falls past them). */
function head(fd: number): string {
  const bytes = Buffer.allocUnsafe(HEAD_CHARACTERS * 4);
  const length = readFully(fd, bytes, bytes.length, 0);
  return bytes.toString('utf8', 0, length).slice(0, HEAD_CHARACTERS);
}
