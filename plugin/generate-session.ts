// A long-lived `generateAndWrite` for watch mode (bundler plugins, `generate --watch`, benchmarks):
// each run goes through the very same core inside the session's memory (`session-memory.ts`), so an
// edit re-evaluates, re-validates and re-renders only what it touched. A file that was there and is
// now missing or empty is first taken for a save in progress (an editor's two-step save, a checkout),
// not a deletion.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  generateAndWrite,
  type GenerateAndWriteOptions,
  type GenerateAndWriteResult,
} from './generate.js';
import { localeFile } from './render/renderers/i18n.js';
import { setAsideFile } from './render/renderers/i18n-set-aside.js';
import { runWithMemory, SessionMemory } from './session-memory.js';

export interface GenerateSession {
  /** What `generateAndWrite(options)` returns, byte for byte; only faster on the second run on. */
  run(): Promise<GenerateAndWriteResult>;
  /** Ends the session; it must not run afterwards. */
  dispose(): Promise<void>;
}

export interface GenerateSessionOptions extends GenerateAndWriteOptions {
  /**
   * How long a run waits for a file that the last run read, and that is now missing or empty, to be
   * back, before it takes that for a deletion (milliseconds; default 1,500).
   */
  readonly transientMs?: number;
}

const DEFAULT_TRANSIENT_MS = 1_500;
/** How often a missing file is looked for again while a run waits for it. */
const POLL_MS = 20;

/** Whether `file` is a file that holds something (one that cannot be read, or a folder, does not). */
const holdsText = (file: string) => {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() === true && stat.size > 0;
  } catch {
    return false;
  }
};

/**
 * The files a person may be saving that the run read and that hold something: the sources, and
 * the translations (the default locale's file is the catalog's own copy; the binding file is never
 * made again by a session).
 */
function filesWithText(result: GenerateAndWriteResult): string[] {
  const read = new Set(result.inputs);
  if (result.configFile) read.add(result.configFile);
  for (const c of result.catalogs) {
    if (!c.model) continue;
    for (const locale of c.config.i18n.locales.filter((l) => l !== c.config.i18n.defaultLocale)) {
      read.add(localeFile(c.model, locale));
      read.add(setAsideFile(c.model, locale));
    }
  }
  return [...read].filter(holdsText);
}

/** Missing or empty, in a folder that is still there (a removed folder is a deliberate removal, not a save). */
const inTransit = (file: string) => {
  try {
    return !holdsText(file) && existsSync(path.dirname(file));
  } catch {
    return false;
  }
};

export function createGenerateSession(options: GenerateSessionOptions): GenerateSession {
  const { transientMs = DEFAULT_TRANSIENT_MS, ...generateOptions } = options;
  const memory = new SessionMemory(true);
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  let lastFiles: readonly string[] = [];
  /** Create-only files seen on disk: the app's from then on, never made again by this session. */
  const appFiles = new Set<string>();

  /** Waits, up to `transientMs`, while a file the last run read is missing or empty. */
  async function settle(): Promise<void> {
    const deadline = Date.now() + transientMs;
    while (lastFiles.some(inTransit) && Date.now() < deadline && !disposed)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  return {
    run() {
      if (disposed)
        return Promise.reject(new Error('agent-tool-catalog: this generate session was disposed'));
      // Runs one at a time: each run starts from what the previous one kept.
      const next = queue.then(async () => {
        await settle();
        const result = await runWithMemory(memory, () =>
          generateAndWrite({ ...generateOptions, leaveMissing: appFiles }),
        );
        lastFiles = filesWithText(result);
        for (const c of result.catalogs)
          for (const [file, f] of c.files) if (f.createOnly && holdsText(file)) appFiles.add(file);
        return result;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async dispose() {
      disposed = true;
      await queue;
      await memory.end();
    },
  };
}
