// `generate --watch`: for apps without a bundler (an agent server started with node or tsx). One
// generate session regenerates after every change to the config, a catalog file (or a file it
// imports, or a new file the include globs match, or one that would take over an import), a locale
// file, the app's binding file, or an output edited or deleted by hand, and prints one line per run —
// or the diagnostics, and keeps watching until they are fixed. Whatever the file tree does (a link
// loop, a folder moved away and back, a file swapped for a folder, a permission taken away) is
// reported and watched through: the watchers are made again when their ground moved, and while a
// run fails the watched paths are also looked at every half second.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { DIAGNOSTIC_CODES } from '../diagnostics/diagnostics.js';
import { createGenerateSession } from '../generate-session.js';
import type { GenerateAndWriteResult, GenerateResult } from '../generate.js';
import { relativePosix } from '../text/spelling.js';
import { carriedNotes } from './carried-notes.js';
import { failureLine } from './cli-errors.js';
import type { CommandIO } from './command.js';
import { printDiagnostics } from './report-diagnostics.js';
import {
  anchorsOfMissing,
  foldersOf,
  leadsTo,
  outputPaths,
  shapes,
  standing,
  watchedPaths,
  writtenAt,
} from './watch-paths.js';

export { globBase } from './watch-paths.js';

/** How long the files must be quiet before a run: an editor's save is often several writes. */
const SETTLE_MS = 30;
/** chokidar's window for one change event per file, and a margin. */
const CHANGE_WINDOW_MS = 75;
/** How often the watched paths are looked at while a run fails or a watcher could not watch. */
const POLL_MS = 500;
/** How often the watched paths' folders and sources are looked at, whatever happens. */
const GROUND_POLL_MS = 1_000;
/**
 * How long a watcher's first scan is waited for. A watcher that never says it is ready (a path gone
 * in the middle of its scan) must not hold up every later run; it goes on watching what it found.
 */
const READY_WAIT_MS = 5_000;

/** Resolves when `signal` aborts, or (run from the command line) on Ctrl-C or SIGTERM. */
function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
      return;
    }
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** Whether `file` is an output of the last run that holds what the run emitted. */
function isOutputAsWritten(result: GenerateResult | undefined, file: string): boolean {
  for (const c of result?.catalogs ?? []) {
    const emitted = c.files.get(file);
    if (!emitted || emitted.createOnly) continue;
    try {
      return readFileSync(file, 'utf8') === emitted.content;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * An output a run that wrote everything owns, which holds something else now: edited by hand since,
 * in a way the watcher did not report (a second edit within its window of one change per file).
 */
const outputEdited = (result: GenerateAndWriteResult | undefined, failing: boolean) =>
  !failing &&
  result?.report?.problems.length === 0 &&
  outputPaths(result).some((f) => !isOutputAsWritten(result, f));

/**
 * Closes `watcher`. chokidar drops its listeners when it closes, but a look-up still under way may
 * fail afterwards and emit an error nobody listens to, which would end the process: one is kept.
 */
async function close(watcher: FSWatcher | undefined): Promise<void> {
  if (!watcher) return;
  await watcher.close();
  watcher.on('error', () => {});
}

/**
 * Resolves when `watcher` is ready (at once for an empty list of paths: chokidar never says so), or
 * after the longest wait for it.
 */
const readyOf = (watcher: FSWatcher, paths: number) =>
  paths === 0
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const waited = setTimeout(resolve, READY_WAIT_MS);
        watcher.on('ready', () => {
          clearTimeout(waited);
          resolve();
        });
      });

export async function watchGenerate(
  options: { cwd: string; config?: string; catalog?: string },
  io: CommandIO,
): Promise<number> {
  // Listening from the start: Ctrl-C during the first run stops it cleanly too.
  const stop = stopped(io.signal);
  let stopping = false;
  void stop.then(() => {
    stopping = true;
  });
  const session = createGenerateSession(options);
  const rel = (f: string) => relativePosix(io.cwd, f) || f;
  let result: GenerateAndWriteResult | undefined;
  /** The last run failed (it threw, or reported an error): the watched paths are polled. */
  let failing = false;

  const runOnce = async (first = false): Promise<void> => {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    let run: Awaited<ReturnType<typeof session.run>>;
    try {
      run = await session.run();
    } catch (error) {
      failing = true;
      const line = failureLine('generate', error, io.cwd).replace(/\.$/, '');
      io.stderr(`${line}; watching for a fix (${ms()} ms).\n`);
      return;
    }
    failing = !run.ok;
    printDiagnostics(run.diagnostics, io);
    const report = run.report;
    if (run.diagnostics.some((d) => d.code === DIAGNOSTIC_CODES.configMissing))
      io.stderr(
        first
          ? 'Nothing was written, and there is nothing to watch without a config ' +
              'file; fix the path, then run generate --watch again.\n'
          : `Nothing was written; watching for the config file to be back (${ms()} ms).\n`,
      );
    else if (!report || report.problems.length > 0)
      io.stderr(`Nothing was written; watching for a fix (${ms()} ms).\n`);
    else {
      for (const line of carriedNotes(run, rel)) io.stdout(line);
      const names = run.catalogs.map((c) => c.config.name).join(', ');
      const written =
        report.changed.length === 0 ? 'up to date' : `wrote ${report.changed.map(rel).join(', ')}`;
      const removed = report.orphaned.length
        ? `, removed ${report.orphaned.map(rel).join(', ')}`
        : '';
      io.stdout(`${names}: ${written}${removed} (${ms()} ms).\n`);
    }
    // A run that lost the config keeps the last paths: the config's return is what fixes it.
    if (run.catalogs.length > 0 || !result) result = run;
  };

  await runOnce(true);
  // Without a config there is nothing to watch (and nothing would keep this process alive): say so and end.
  if (!result || result.diagnostics.some((d) => d.code === DIAGNOSTIC_CODES.configMissing)) {
    await session.dispose();
    return 1;
  }
  // Loaded on use: a plain `generate` never pays for the watcher.
  const { watch } = await import('chokidar');
  const ignored = (file: string) => file.includes(`${path.sep}node_modules${path.sep}`);
  // Links are watched as links, not followed: a link to a folder above would be walked without end.
  // The files a run read are watched by their real paths (the generator resolves every import to one).
  const watchOptions = { ignoreInitial: true, ignored, followSymlinks: false };

  let watchers: { files: FSWatcher; folders: FSWatcher } | undefined;
  let watched = new Set<string>();
  /**
   * The watched paths' folders, what stood there, and what kind of thing stood at each watched
   * source when the watchers were made or told: a change in either takes the watchers' ground away.
   */
  let groundFolders: string[] = [];
  let ground = '';
  /** The watched sources (not the outputs: the writer reports what stands in their way). */
  let sources: string[] = [];
  let shape = '';
  /**
   * What stood at each watched source (which file, of what kind) when last looked at: a source
   * deleted or replaced is seen within a second even when the watcher missed it (a watcher on a
   * busy machine has missed a deletion right after a `git stash pop`).
   */
  let sourcesStanding = '';
  /** A watched folder went, or a watcher could not watch something, since the watchers were made. */
  let shaken = false;
  /** What the watchers could not watch, as said: said once until the paths change. */
  const reported = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  /** Looks at the watched folders every second: a folder swapped or moved may give no event at all. */
  let groundPoll: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (stopping) return;
    clearTimeout(timer);
    clearTimeout(recheck);
    timer = setTimeout(() => {
      running = running.then(async () => {
        const startedAt = Date.now();
        await runOnce();
        await keepWatching();
        // A source written while the run read it (or half-written when it was read) runs again, and
        // so does one saved just after: chokidar reports one change per file per 50 ms, so a second
        // save in that window is never reported — nor an output edited again as it was put back.
        // A time in the future (a clock skew) does not count.
        const inputs = result?.inputs ?? [];
        const writtenSince = (f: string) => {
          const time = writtenAt(f);
          return time >= startedAt - 10 && time <= Date.now();
        };
        const changed = () => inputs.some(writtenSince) || outputEdited(result, failing);
        if (inputs.some(writtenSince)) schedule();
        else recheck = setTimeout(() => changed() && schedule(), CHANGE_WINDOW_MS);
      });
    }, SETTLE_MS);
  };

  /** A watcher that could not watch a path: said once, and the tree is looked at again. */
  const onError = (error: unknown) => {
    const reason = failureLine(undefined, error, io.cwd).replace(/^tool-catalog: /, '');
    const line = `watching: ${reason.replace(/\.$/, '')}; it is watched again once it changes.\n`;
    // The same failure met again when the watchers are made again is not news.
    if (reported.has(line)) return;
    reported.add(line);
    shaken = true;
    io.stderr(line);
    schedule();
  };

  /** Makes the watchers for `paths` (closing the last ones), and waits until they are ready. */
  const build = async (paths: readonly string[]) => {
    await Promise.all([close(watchers?.files), close(watchers?.folders)]);
    watched = new Set(paths);
    // A path that does not exist (a file that would take over an import, a folder moved away) is
    // seen appearing from the nearest folder above it that exists, watched for its own entries.
    const anchors = anchorsOfMissing(watched);
    const files = watch([...watched], watchOptions);
    const folders = watch(anchors, { ...watchOptions, depth: 0 });
    watchers = { files, folders };
    files.on('error', onError);
    folders.on('error', onError);
    files.on('all', (event, file) => {
      if (event === 'unlinkDir') shaken = true;
      // An output the run wrote is not a change; one edited or deleted by hand is put back.
      if (!isOutputAsWritten(result, file)) schedule();
    });
    folders.on('all', (_event, file) => leadsTo(watched, file) && schedule());
    shaken = false;
    const ready = Promise.all([readyOf(files, watched.size), readyOf(folders, anchors.length)]);
    await Promise.race([stop, ready]);
  };

  /**
   * After a run: the watchers are made again when their ground moved (a folder moved, swapped or
   * re-permissioned) or a watcher failed — then one more run picks up what changed meanwhile — and
   * are told about new paths. While the run fails, or a watcher could not watch, the paths are polled.
   */
  const keepWatching = async () => {
    if (stopping || !result) return;
    const paths = [...new Set([...watchedPaths(result), ...outputPaths(result)])];
    const moved = standing(groundFolders, false) !== ground || shapes(sources) !== shape;
    if (!watchers) await build(paths);
    else if (moved || shaken) {
      await build(paths);
      schedule();
    } else {
      // More to watch (a new catalog file, a new import): added to the running watchers, no gap.
      const added = paths.filter((p) => !watched.has(p));
      for (const p of added) watched.add(p);
      if (added.length > 0) watchers.files.add(added);
      const anchors = anchorsOfMissing(added);
      if (anchors.length > 0) watchers.folders.add(anchors);
    }
    groundFolders = foldersOf(watched);
    ground = standing(groundFolders, false);
    sources = watchedPaths(result);
    shape = shapes(sources);
    sourcesStanding = standing(sources, false);
    clearInterval(groundPoll);
    groundPoll = setInterval(() => {
      const now = standing(sources, false);
      if (standing(groundFolders, false) === ground && now === sourcesStanding) return;
      sourcesStanding = now;
      schedule();
    }, GROUND_POLL_MS);
    clearInterval(poll);
    poll = undefined;
    if (!failing && reported.size === 0) return;
    const all = [...watched, ...foldersOf(watched)];
    let seen = standing(all, true);
    poll = setInterval(() => {
      const now = standing(all, true);
      if (now === seen) return;
      seen = now;
      // What was reported may be gone now: said again if it is not.
      reported.clear();
      schedule();
    }, POLL_MS);
  };

  await keepWatching();
  io.stdout(`Watching ${watched.size} paths; press Ctrl-C to stop.\n`);
  await stop;
  clearTimeout(timer);
  clearTimeout(recheck);
  await running;
  clearInterval(poll);
  clearInterval(groundPoll);
  await Promise.all([close(watchers?.files), close(watchers?.folders)]);
  await session.dispose();
  return 0;
}
