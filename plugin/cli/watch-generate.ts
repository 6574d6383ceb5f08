// `generate --watch`: for apps without a bundler (an agent server started with node or tsx). One
// generate session regenerates after every change to the config, a catalog file (or a file it
// imports, or a new file the include globs match, or one that would take over an import), a locale
// file, the app's binding file, or an output edited or deleted by hand, and prints one line per run —
// or the diagnostics, and keeps watching until they are fixed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DIAGNOSTIC_CODES } from '../diagnostics/diagnostics.js';
import { createGenerateSession } from '../generate-session.js';
import type { GenerateResult } from '../generate.js';
import { pathsToRead } from '../render/render-catalog.js';
import { relativePosix } from '../text/spelling.js';
import type { CommandIO } from './command.js';
import { printDiagnostics } from './report-diagnostics.js';

/** How long the files must be quiet before a run: an editor's save is often several writes. */
const SETTLE_MS = 30;
/** chokidar's window for one change event per file, and a margin. */
const CHANGE_WINDOW_MS = 75;

/** The folder a glob starts in: its parts before the first one with a glob character. */
export function globBase(rootDir: string, pattern: string): string {
  const parts = pattern.split('/');
  const firstGlob = parts.findIndex((p) => /[*?[\]{}()!]/.test(p));
  // A pattern without glob characters names one file: its folder is watched.
  return path.resolve(rootDir, ...parts.slice(0, firstGlob === -1 ? parts.length - 1 : firstGlob));
}

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

/** Everything a run read or may read next time: sources, the include globs' folders, locale and binding files. */
function watchedPaths(result: GenerateResult): string[] {
  const paths = new Set<string>(result.inputs);
  if (result.configFile) paths.add(result.configFile);
  for (const c of result.catalogs) {
    for (const pattern of c.config.include) paths.add(globBase(c.config.rootDir, pattern));
    if (c.model) for (const file of pathsToRead(c.model)) paths.add(file);
  }
  return [...paths].sort();
}

/** The existing folders of the paths that do not exist (where a new file would take over an import). */
function absentFolders(paths: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const p of paths)
    if (!existsSync(p) && existsSync(path.dirname(p))) found.add(path.dirname(p));
  return [...found];
}

/** Every file a run emitted (create-only ones aside: the app owns them once written). */
function outputPaths(result: GenerateResult): string[] {
  return result.catalogs.flatMap((c) =>
    [...c.files].filter(([, f]) => !f.createOnly).map(([file]) => file),
  );
}

/** Whether `file` is an output of the last run that holds what the run emitted. */
function isOutputAsWritten(result: GenerateResult, file: string): boolean {
  for (const c of result.catalogs) {
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

export async function watchGenerate(
  options: { cwd: string; config?: string; catalog?: string },
  io: CommandIO,
): Promise<number> {
  // Listening from the start: Ctrl-C during the first run stops it cleanly too.
  const stop = stopped(io.signal);
  const session = createGenerateSession(options);
  const rel = (f: string) => relativePosix(io.cwd, f) || f;
  const runOnce = async (): Promise<GenerateResult> => {
    const started = performance.now();
    const result = await session.run();
    const ms = Math.round(performance.now() - started);
    printDiagnostics(result.diagnostics, io);
    const report = result.report;
    if (result.diagnostics.some((d) => d.code === DIAGNOSTIC_CODES.configMissing))
      io.stderr(
        'Nothing was written, and there is nothing to watch without a config ' +
          'file; fix the path, then run generate --watch again.\n',
      );
    else if (!report || report.problems.length > 0)
      io.stderr(`Nothing was written; watching for a fix (${ms} ms).\n`);
    else {
      const names = result.catalogs.map((c) => c.config.name).join(', ');
      const written =
        report.changed.length === 0 ? 'up to date' : `wrote ${report.changed.map(rel).join(', ')}`;
      io.stdout(
        `${names}: ${written}${report.orphaned.length ? `, removed ${report.orphaned.map(rel).join(', ')}` : ''}` +
          ` (${ms} ms).\n`,
      );
    }
    return result;
  };

  let result = await runOnce();
  // Without a config there is nothing to watch (and nothing would keep this process alive): say so and end.
  if (result.diagnostics.some((d) => d.code === DIAGNOSTIC_CODES.configMissing)) {
    await session.dispose();
    return 1;
  }
  // Loaded on use: a plain `generate` never pays for the watcher.
  const { watch } = await import('chokidar');
  const watched = new Set([...watchedPaths(result), ...outputPaths(result)]);
  const ignored = (file: string) => file.includes(`${path.sep}node_modules${path.sep}`);
  const watcher = watch([...watched], { ignoreInitial: true, ignored });
  // A path where a new file would take over an import does not exist yet. chokidar watches such a
  // path only after it says it is ready, so a file made just then would be missed: their folders
  // are watched instead (only their own entries), and ready when chokidar says so.
  const folders = new Set(absentFolders(watched));
  const folderWatcher = watch([...folders], { ignoreInitial: true, ignored, depth: 0 });
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    clearTimeout(timer);
    clearTimeout(recheck);
    timer = setTimeout(() => {
      running = running.then(async () => {
        const startedAt = Date.now();
        result = await runOnce();
        const added = [...watchedPaths(result), ...outputPaths(result)].filter(
          (p) => !watched.has(p),
        );
        for (const p of added) watched.add(p);
        if (added.length > 0) watcher.add(added);
        const addedFolders = absentFolders(added).filter((f) => !folders.has(f));
        for (const f of addedFolders) folders.add(f);
        if (addedFolders.length > 0) folderWatcher.add(addedFolders);
        // A source written while the run read it (or half-written when it was read) runs again, and
        // so does one saved just after: chokidar reports one change per file per 50 ms, so a second
        // save in that window is never reported. A time in the future (a clock skew) does not count.
        const writtenSince = (f: string) => {
          const time = statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0;
          return time >= startedAt - 10 && time <= Date.now();
        };
        if (result.inputs.some(writtenSince)) schedule();
        else
          recheck = setTimeout(
            () => result.inputs.some(writtenSince) && schedule(),
            CHANGE_WINDOW_MS,
          );
      });
    }, SETTLE_MS);
  };
  watcher.on('all', (_event, file) => {
    // An output the run wrote is not a change; one edited or deleted by hand is put back.
    if (isOutputAsWritten(result, file)) return;
    schedule();
  });
  folderWatcher.on('all', (_event, file) => watched.has(file) && schedule());
  // chokidar never says it is ready for an empty list of paths; and a stop before then ends the wait.
  const ready = [
    [watcher, watched.size],
    [folderWatcher, folders.size],
  ] as const;
  await Promise.race([
    stop,
    Promise.all(
      ready
        .filter(([, paths]) => paths > 0)
        .map(([w]) => new Promise<void>((resolve) => w.on('ready', () => resolve()))),
    ),
  ]);
  io.stdout(`Watching ${watched.size} paths; press Ctrl-C to stop.\n`);
  await stop;
  clearTimeout(timer);
  clearTimeout(recheck);
  await Promise.all([watcher.close(), folderWatcher.close()]);
  await running;
  await session.dispose();
  return 0;
}
