// `generate --watch`: for apps without a bundler (an agent server started with node or tsx). One
// generate session regenerates after every change to the config, a catalog file (or a file it
// imports, or a new file the include globs match), a locale file or the app's binding file, and
// prints one line per run — or the diagnostics, and keeps watching until they are fixed.
import { statSync } from 'node:fs';
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
        'Nothing was written, and there is nothing to watch without a config file; fix the path, then run generate --watch again.\n',
      );
    else if (!report || report.problems.length > 0) io.stderr(`Nothing was written; watching for a fix (${ms} ms).\n`);
    else {
      const names = result.catalogs.map((c) => c.config.name).join(', ');
      const written = report.changed.length === 0 ? 'up to date' : `wrote ${report.changed.map(rel).join(', ')}`;
      io.stdout(
        `${names}: ${written}${report.orphaned.length ? `, removed ${report.orphaned.map(rel).join(', ')}` : ''} (${ms} ms).\n`,
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
  const watched = new Set(watchedPaths(result));
  const watcher = watch([...watched], {
    ignoreInitial: true,
    ignored: (file: string) => file.includes(`${path.sep}node_modules${path.sep}`),
  });
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
        const added = watchedPaths(result).filter((p) => !watched.has(p));
        added.forEach((p) => watched.add(p));
        if (added.length > 0) watcher.add(added);
        // A source written while the run read it (or half-written when it was read) runs again, and
        // so does one saved just after: chokidar reports one change per file per 50 ms, so a second
        // save in that window is never reported. A time in the future (a clock skew) does not count.
        const writtenSince = (f: string) => {
          const time = statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0;
          return time >= startedAt - 10 && time <= Date.now();
        };
        if (result.inputs.some(writtenSince)) schedule();
        else recheck = setTimeout(() => result.inputs.some(writtenSince) && schedule(), CHANGE_WINDOW_MS);
      });
    }, SETTLE_MS);
  };
  watcher.on('all', schedule);
  await new Promise<void>((resolve) => watcher.on('ready', () => resolve()));
  io.stdout(`Watching ${watched.size} paths; press Ctrl-C to stop.\n`);
  await stop;
  clearTimeout(timer);
  clearTimeout(recheck);
  await watcher.close();
  await running;
  await session.dispose();
  return 0;
}
