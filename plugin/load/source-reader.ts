// What one evaluation reads of the file system, each thing once: the kept-evaluation check, the
// module graph (every import resolved through the project boundary, links followed) and the record
// of what could take over an import all ask it. A watch edit of one catalog file then costs one read
// of each module and one look at each path, where each stage looking for itself cost ten times more
// (twenty tools files importing one vocabulary resolved it, with its real place, twenty times).
import { realpathSync, statSync, type Stats } from 'node:fs';
import { readRegularFileSync } from '../text/regular-file.js';
import { MAX_MODULE_BYTES } from './import-boundary.js';
import type { PathState } from './resolution-candidates.js';

/** What a look at a path found: its stats (none where nothing stands), or the error it gave. */
type Look = { readonly stats: Stats | undefined } | { readonly error: NodeJS.ErrnoException };

/** The file system as one evaluation sees it: each file read, each path looked at, once. */
export class SourceReader {
  private readonly texts = new Map<string, string | undefined>();
  private readonly looks = new Map<string, Look>();
  private readonly reals = new Map<string, string | undefined>();
  private readonly resolved = new Map<string, unknown>();

  /** The file's text; undefined for a file that is gone. */
  read(file: string): string | undefined {
    if (!this.texts.has(file)) {
      let text: string | undefined;
      try {
        // A source replaced by a FIFO or a device since is a change, and never blocks the run.
        text = readRegularFileSync(file, MAX_MODULE_BYTES);
      } catch {
        text = undefined;
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file);
  }

  /** The text this evaluation already read of `file`, if it did. */
  readAlready(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** Records a text read elsewhere (with its own limits), so it is not read again. */
  readElsewhere(file: string, text: string): void {
    this.texts.set(file, text);
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

  state(file: string): PathState {
    let stats: Stats | undefined;
    try {
      stats = this.stat(file);
    } catch {
      return '-';
    }
    if (!stats) return '-';
    return stats.isFile() ? 'f' : stats.isDirectory() ? 'd' : 'x';
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
