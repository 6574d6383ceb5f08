// Evaluations kept on disk for the next process (`node_modules/.cache/agent-tool-catalog/`, one record
// per entry file), read only when checksum, shape and key hold — else ignored, never trusted; a store
// that cannot be used is skipped with one warning. TOOL_CATALOG_CACHE=0 turns it off.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { stillHolds, type EvaluationRecord } from './evaluation-cache.js';
import type { SourceReader } from './source-reader.js';
import { isPlainData, type Exports } from './exports-shape.js';
import type { PathState } from './resolution-candidates.js';
import { keptEvaluationsFolder } from './evaluation-folder.js';
import { atSessionEnd, keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';

/** What a record file holds; `format` changes whenever what a record means does. */
const FORMAT = 'agent-tool-catalog evaluation 3';
/** Far above a 20,000-tool catalog's exports: a larger file is not read. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;
const HASH = /^[0-9a-f]{40}$/;
const STATES = new Set<string>(['f', 'd', 'x', '-']);

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex');

interface StoredRecord {
  readonly format: string;
  readonly key: string;
  readonly entry: string;
  /** Each source file and the hash of its text. */
  readonly sources: readonly (readonly [string, string])[];
  readonly paths: readonly (readonly [string, PathState])[];
  readonly exports: Exports;
}

/** The record's fields, if it has exactly the shape this version writes for `entry` under `key`. */
function validRecord(value: unknown, entry: string, key: string): StoredRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = value as Partial<StoredRecord>;
  const pair = (p: unknown, second: (v: unknown) => boolean) =>
    Array.isArray(p) &&
    p.length === 2 &&
    typeof p[0] === 'string' &&
    path.isAbsolute(p[0]) &&
    second(p[1]);
  if (r.format !== FORMAT || r.key !== key || r.entry !== entry) return undefined;
  if (
    !Array.isArray(r.sources) ||
    !r.sources.every((p) => pair(p, (h) => typeof h === 'string' && HASH.test(h)))
  )
    return undefined;
  if (!r.sources.some(([file]) => file === entry)) return undefined;
  if (
    !Array.isArray(r.paths) ||
    !r.paths.every((p) => pair(p, (s) => typeof s === 'string' && STATES.has(s)))
  )
    return undefined;
  const exports = r.exports;
  if (
    typeof exports !== 'object' ||
    exports === null ||
    Array.isArray(exports) ||
    !isPlainData(exports)
  )
    return undefined;
  return r as StoredRecord;
}

/** A regular file's text, if it is one and not larger than the limit; never blocks on a FIFO. */
function readRegularFile(file: string): string | undefined {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_RECORD_BYTES) return undefined;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** How long a watch session's runs must pause before its records are written. */
const FLUSH_AFTER_MS = 1_000;

/** Per folder and mode: the store a run or session uses, so one that cannot be used warns once. */
const STORE = memoSlot<string, EvaluationStore>('evaluation store');

/** The on-disk layer: one record file per entry file. */
export class EvaluationStore {
  private unusable: string | undefined;
  private warned = false;
  private pruned = false;
  /**
   * A watch session's records, written once its runs pause (and when it ends): the store serves the
   * next process, and an edit changes every entry's record (entries run together), so writing them
   * all in each run was half of an edit's time in an app. The latest record of each entry.
   */
  private readonly pending = new Map<string, EvaluationRecord>();
  private flushTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly dir: string,
    private readonly readOnly: boolean,
    /** A watch session's store: its records wait (see `pending`). */
    private readonly deferred: boolean,
  ) {}

  /**
   * The store of the project at `rootDir`, in the nearest `node_modules/.cache` (none without a
   * node_modules). One per folder and mode in a run or session, so a store that cannot be used warns once.
   */
  static near(rootDir: string, options: { readOnly?: boolean } = {}): EvaluationStore | undefined {
    const folder = keptEvaluationsFolder(rootDir);
    if (folder === undefined) return undefined;
    const id = `${folder}\0${options.readOnly === true}`;
    let store = lastKept(STORE, id);
    if (!store) {
      const made = new EvaluationStore(folder, options.readOnly === true, keepsLast());
      if (made.deferred) atSessionEnd(async () => made.flush());
      keepLast(STORE, id, made);
      store = made;
    }
    return store;
  }

  private recordFile(entry: string): string {
    return path.join(this.dir, `${hashOf(entry)}.json`);
  }

  /** From now on the store is not used; the first time, a warning says why. */
  private giveUp(error: unknown): void {
    this.unusable ??= `${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }

  /** The one warning about a store that cannot be used, the first time it is asked for. */
  takeWarning(): PendingDiagnostic[] {
    if (this.unusable === undefined || this.warned) return [];
    this.warned = true;
    return [
      {
        code: DIAGNOSTIC_CODES.cacheUnusable,
        severity: 'warning',
        message:
          `The evaluation cache ${this.dir} cannot be used (${this.unusable}), so ` +
          `every catalog file is evaluated again in each run; remove or fix that ` +
          `path (or set TOOL_CATALOG_CACHE=0 to do without it).`,
      },
    ];
  }

  /**
   * What `entry` evaluated to in an earlier run, if that record is sound and every text and path it
   * depends on holds.
   */
  get(entry: string, reader: SourceReader, key: string): EvaluationRecord | undefined {
    if (this.unusable !== undefined) return undefined;
    let text: string | undefined;
    try {
      text = readRegularFile(this.recordFile(entry));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A missing record is a miss; a folder in the way or no permission makes the store unusable.
      if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ELOOP' && code !== 'ENXIO')
        this.giveUp(error);
      return undefined;
    }
    if (text === undefined) return undefined;
    const newline = text.indexOf('\n');
    const body = text.slice(newline + 1);
    if (newline !== 40 || hashOf(body) !== text.slice(0, 40)) return undefined;
    let record: StoredRecord | undefined;
    try {
      record = validRecord(JSON.parse(body), entry, key);
    } catch {
      return undefined;
    }
    if (!record) return undefined;
    const sources = new Map<string, string>();
    const holds = stillHolds(record.sources, record.paths, reader, (now, hash) => {
      if (now === undefined || hashOf(now) !== hash) return false;
      return true;
    });
    if (!holds) return undefined;
    for (const [file] of record.sources) sources.set(file, reader.read(file)!);
    return { key, sources, paths: new Map(record.paths), exports: record.exports };
  }

  /**
   * Records what `entry` evaluated to (nothing in read-only mode, as `generate --check` runs): at
   * once in a run, once the runs pause in a watch session.
   */
  set(entry: string, record: EvaluationRecord): void {
    if (this.readOnly || this.unusable !== undefined) return;
    if (!this.deferred) {
      this.write(entry, record);
      return;
    }
    this.pending.set(entry, record);
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => this.flush(), FLUSH_AFTER_MS);
    this.flushTimer.unref();
  }

  /** Writes the session's waiting records now. */
  flush(): void {
    clearTimeout(this.flushTimer);
    for (const [entry, record] of this.pending) {
      this.pending.delete(entry);
      if (this.unusable === undefined) this.write(entry, record);
    }
  }

  private write(entry: string, record: EvaluationRecord): void {
    const stored: StoredRecord = {
      format: FORMAT,
      key: record.key,
      entry,
      sources: [...record.sources].map(([file, text]) => [file, hashOf(text)] as const),
      paths: [...record.paths],
      exports: record.exports,
    };
    const body = JSON.stringify(stored);
    const target = this.recordFile(entry);
    const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true });
      if (!this.pruned) this.prune();
      writeFileSync(temp, `${hashOf(body)}\n${body}`, { flag: 'wx' });
      renameSync(temp, target);
    } catch (error) {
      this.giveUp(error);
      try {
        rmSync(temp, { force: true });
      } catch {
        // the folder itself is what cannot be used
      }
    }
  }

  /** Once per process: records of files not evaluated for a month (moved, deleted, renamed) go. */
  private prune(): void {
    this.pruned = true;
    const monthAgo = Date.now() - 30 * 24 * 3600_000;
    for (const name of readdirSync(this.dir)) {
      if (!/^[0-9a-f]{40}\.json$/.test(name) && !/\.tmp$/.test(name)) continue;
      const file = path.join(this.dir, name);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat?.isFile() && stat.mtimeMs < monthAgo) rmSync(file, { force: true });
    }
  }
}
