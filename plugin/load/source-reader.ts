// What one evaluation reads of the file system, each thing once: the kept-evaluation check, the
// module graph (every import resolved through the project boundary, links followed) and the record
// of what could take over an import all ask it. A watch edit of one catalog file then costs one read
// of each module and one look at each path, where each stage looking for itself cost ten times more
// (twenty tools files importing one vocabulary resolved it, with its real place, twenty times).
// In a watch session a file that stands as it stood when an earlier run read it is not read again.
import { realpathSync, statSync, type Stats } from 'node:fs';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';
import { readRegularFileSync } from '../text/regular-file.js';
import { MAX_MODULE_BYTES } from './import-boundary.js';
import { stateOf, type PathState } from './resolution-candidates.js';

/** What a look at a path found: its stats (none where nothing stands), or the error it gave. */
type Look = { readonly stats: Stats | undefined } | { readonly error: NodeJS.ErrnoException };

/**
 * A file changed this recently may be written again within the same tick of the file system's clock
 * (a few milliseconds on Linux, a second or two elsewhere) and keep its times: its text is not kept.
 */
const SETTLE_MS = 2_000;

/** Per watch session and file: the text an earlier run read, and what stood there when it did. */
const KEPT_TEXTS = memoSlot<string, { readonly identity: string; readonly text: string }>(
  'source text and the file it was read from',
);

/** What a write, a replacement or a move changes: which file it is, its size and its times. */
const identityOf = (s: Stats) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

/** How many source texts this process read from disk: tests read it to see kept texts used. */
export const sourceTextsRead = { count: 0 };

/** The file system as one evaluation sees it: each file read, each path looked at, once. */
export class SourceReader {
  private readonly texts = new Map<string, string | undefined>();
  private readonly looks = new Map<string, Look>();
  private readonly reals = new Map<string, string | undefined>();
  private readonly resolved = new Map<string, unknown>();

  /** The file's text; undefined for a file that is gone. */
  read(file: string): string | undefined {
    if (!this.texts.has(file) && this.keptText(file) === undefined) {
      let text: string | undefined;
      try {
        // Looked at before it is read: what the look saw is what the text is kept under.
        this.stat(file);
        // A source replaced by a FIFO or a device since is a change, and never blocks the run.
        sourceTextsRead.count++;
        text = readRegularFileSync(file, MAX_MODULE_BYTES);
      } catch {
        text = undefined;
      }
      this.texts.set(file, text);
      if (text !== undefined) this.keepText(file, text);
    }
    return this.texts.get(file);
  }

  /**
   * The text a watch session's earlier run read of `file`, while the file stands as it stood then
   * (the same file, size and times); undefined otherwise, or outside a session.
   */
  keptText(file: string): string | undefined {
    const kept = lastKept(KEPT_TEXTS, file);
    if (kept === undefined) return undefined;
    let stats: Stats | undefined;
    try {
      stats = this.stat(file);
    } catch {
      return undefined;
    }
    if (!stats?.isFile() || identityOf(stats) !== kept.identity) return undefined;
    this.texts.set(file, kept.text);
    return kept.text;
  }

  /**
   * Keeps `text` for the session's next runs under what this evaluation's look at `file` saw (taken
   * before the read, so a write since changes what stands there), unless it changed too recently.
   */
  private keepText(file: string, text: string): void {
    const look = this.looks.get(file);
    if (look === undefined || 'error' in look || !look.stats?.isFile()) return;
    const settled = Date.now() - SETTLE_MS;
    if (look.stats.mtimeMs > settled || look.stats.ctimeMs > settled) return;
    keepLast(KEPT_TEXTS, file, { identity: identityOf(look.stats), text });
  }

  /** The text this evaluation already read of `file`, if it did. */
  readAlready(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** Records a text read elsewhere (with its own limits, after a look at it), so it is not read again. */
  readElsewhere(file: string, text: string): void {
    this.texts.set(file, text);
    this.keepText(file, text);
  }

  /** `statSync(path)` (links followed), once: its stats, undefined where nothing stands, or it throws. */
  stat(file: string): Stats | undefined {
    let look = this.looks.get(file);
    if (look === undefined) {
      try {
        look = { stats: statSync(file, { throwIfNoEntry: false }) };
      } catch (error) {
        look = { error: error as NodeJS.ErrnoException };
      }
      this.looks.set(file, look);
    }
    if ('error' in look) throw look.error;
    return look.stats;
  }

  /** `pathState(path)`, from the one look at it. */
  state(file: string): PathState {
    try {
      return stateOf(this.stat(file));
    } catch {
      return '-';
    }
  }

  /** `realpathSync.native(path)`, once; undefined where it fails. */
  realpath(file: string): string | undefined {
    if (!this.reals.has(file)) {
      let real: string | undefined;
      try {
        real = realpathSync.native(file);
      } catch {
        real = undefined;
      }
      this.reals.set(file, real);
    }
    return this.reals.get(file);
  }

  /** `compute()`, once per `key` (an import resolved from one folder resolves alike from each file in it). */
  once<T>(key: string, compute: () => T): T {
    if (!this.resolved.has(key)) this.resolved.set(key, compute());
    return this.resolved.get(key) as T;
  }
}
