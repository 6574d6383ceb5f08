// Watch mode of Rollup, esbuild and webpack: a catalog edit rebuilds with the regenerated registry,
// our own output never keeps the watcher busy (the build count settles), and a fix after an error
// recovers. With CI=true the catalog is not watched.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationEvent } from '../../plugin/bundler/options';
import { createFixtureApp, fixtureEntry, fixtureTools, type FixtureApp } from './fixture-app';

interface Watcher {
  /** Bundle text of each finished build, or the error text of a failed one. */
  readonly builds: { ok: boolean; text: string }[];
  close(): Promise<void>;
}

const GREP = `\n  Grep: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Grep', description: 'Searches file contents' },`;
const BROKEN = GREP.replace("category: 'file'", "category: 'serach'");

async function watchRollup(
  app: FixtureApp,
  onGenerate: (e: GenerationEvent) => void,
  ci = false,
): Promise<Watcher> {
  const { watch } = await import('rollup');
  const plugin = (await import('../../plugin/bundler/rollup')).default;
  const { existsSync } = await import('node:fs');
  const builds: Watcher['builds'] = [];
  const watcher = watch({
    input: app.file('src/main.ts'),
    output: { file: app.file('dist/main.js'), format: 'esm' },
    logLevel: 'silent',
    plugins: [
      plugin({ root: app.dir, ci, onGenerate }),
      {
        name: 'strip-types',
        resolveId(source, importer) {
          const file =
            importer && source.startsWith('.')
              ? path.resolve(path.dirname(importer), `${source}.ts`)
              : undefined;
          return file && existsSync(file) ? file : null;
        },
        async transform(code, id) {
          if (!id.endsWith('.ts')) return null;
          const { transform } = await import('esbuild');
          return { code: (await transform(code, { loader: 'ts', format: 'esm' })).code, map: null };
        },
      },
    ],
    watch: { buildDelay: 20 },
  });
  watcher.on('event', (event) => {
    if (event.code === 'BUNDLE_END') {
      builds.push({ ok: true, text: readFileSync(app.file('dist/main.js'), 'utf8') });
      void event.result.close();
    } else if (event.code === 'ERROR') {
      builds.push({ ok: false, text: event.error.message });
    }
  });
  return { builds, close: () => watcher.close() };
}

async function watchEsbuild(
  app: FixtureApp,
  onGenerate: (e: GenerationEvent) => void,
  ci = false,
): Promise<Watcher> {
  const { context } = await import('esbuild');
  const plugin = (await import('../../plugin/bundler/esbuild')).default;
  const builds: Watcher['builds'] = [];
  const ctx = await context({
    absWorkingDir: app.dir,
    entryPoints: ['src/main.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    outfile: app.file('dist/main.js'),
    logLevel: 'silent',
    plugins: [
      plugin({ root: app.dir, ci, onGenerate }),
      {
        name: 'record',
        setup(build) {
          build.onEnd((result) => {
            builds.push(
              result.errors.length > 0
                ? { ok: false, text: result.errors.map((e) => e.text).join('\n') }
                : { ok: true, text: result.outputFiles?.map((f) => f.text).join('\n') ?? '' },
            );
          });
        },
      },
    ],
  });
  await ctx.watch();
  return { builds, close: () => ctx.dispose() };
}

async function watchWebpack(
  app: FixtureApp,
  onGenerate: (e: GenerationEvent) => void,
  ci = false,
): Promise<Watcher> {
  const { webpack } = await import('webpack');
  const plugin = (await import('../../plugin/bundler/webpack')).default;
  const builds: Watcher['builds'] = [];
  const compiler = webpack({
    context: app.dir,
    mode: 'development',
    devtool: false,
    entry: './src/main.ts',
    output: { path: app.file('dist'), filename: 'main.js' },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [{ test: /\.ts$/, loader: path.join(import.meta.dirname, 'ts-loader.cjs') }] },
    infrastructureLogging: { level: 'none' },
    plugins: [plugin({ root: app.dir, ci, onGenerate })],
  });
  const watching = compiler.watch({ aggregateTimeout: 20 }, (err, stats) => {
    if (err || !stats || stats.hasErrors())
      builds.push({
        ok: false,
        text: String(err ?? stats?.toString({ all: false, errors: true })),
      });
    else builds.push({ ok: true, text: readFileSync(app.file('dist/main.js'), 'utf8') });
  });
  if (!watching) throw new Error('webpack did not start watching');
  return { builds, close: () => new Promise<void>((resolve) => watching.close(() => resolve())) };
}

const WATCHERS = { rollup: watchRollup, esbuild: watchEsbuild, webpack: watchWebpack } as const;

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
/**
 * Edits the entry with `marker` and waits for the build that carries it. Bundlers take changes in the
 * order they happen, so whatever an earlier change set off has been built (and reported) by then.
 */
async function buildAfter(app: FixtureApp, watcher: Watcher, marker: string): Promise<number> {
  app.write('src/main.ts', fixtureEntry(marker));
  await until(
    () => watcher.builds.some((b) => b.ok && b.text.includes(marker)),
    `the build with ${marker}`,
  );
  return watcher.builds.findIndex((b) => b.ok && b.text.includes(marker));
}

const open: { watcher: Watcher; app: FixtureApp }[] = [];
afterEach(async () => {
  for (const { watcher, app } of open.splice(0)) {
    await watcher.close();
    app.remove();
  }
});

describe.each(Object.keys(WATCHERS) as (keyof typeof WATCHERS)[])('%s watch mode', (name) => {
  it('rebuilds with the regenerated catalog, settles, and recovers from an error', async () => {
    const app = createFixtureApp(`watch-${name}`);
    const events: GenerationEvent[] = [];
    const watcher = await WATCHERS[name](app, (e) => events.push(e));
    open.push({ watcher, app });
    await until(() => watcher.builds.length >= 1, 'the first build');
    expect(watcher.builds[0]!.ok).toBe(true);
    await buildAfter(app, watcher, 'first-settled');

    app.write('catalog/tools.catalog.ts', fixtureTools(BROKEN));
    await until(() => watcher.builds.some((b) => !b.ok), 'the failed build');
    expect(watcher.builds.find((b) => !b.ok)!.text).toContain('TC140');

    app.write('catalog/tools.catalog.ts', fixtureTools(GREP));
    await until(
      () => watcher.builds.at(-1)?.ok === true && /["']Grep["']/.test(watcher.builds.at(-1)!.text),
      'a build with the new tool',
    );
    // A loop on our own output writes on every round: by the time a later edit is built, only the first
    // generation and the fix have written anything.
    await buildAfter(app, watcher, 'fix-settled');
    expect(events.filter((e) => e.ok && e.written.length > 0)).toHaveLength(2);
  });

  it('with CI=true does not watch the catalog', async () => {
    const app = createFixtureApp(`watch-${name}-ci`);
    const watcher = await WATCHERS[name](app, () => undefined, true);
    open.push({ watcher, app });
    await until(() => watcher.builds.length >= 1, 'the first build');
    const before = await buildAfter(app, watcher, 'before-edit');
    app.write('catalog/tools.catalog.ts', fixtureTools(GREP));
    // The next build is the one a later edit of the entry starts: the catalog edit started none.
    expect(await buildAfter(app, watcher, 'after-edit')).toBe(before + 1);
  });
});
