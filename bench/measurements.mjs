// Each measurement of `npm run bench` as its own function (ctx, size) → result. A feature that has
// not landed yet (or is skipped at a size) throws Unavailable: the report says "not measured" and why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { interleave, peakRssMb, repeat, timeNode, Unavailable } from './stats.mjs';
import { scenarioErrors } from './synthetic-catalog.mjs';

const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;
const worker = (ctx, name) => path.join(ctx.repo, 'bench', 'workers', name);

/** Runs a worker that prints one JSON line; its own `unavailable` answer becomes Unavailable. */
function runWorker(args, cwd) {
  const { stdout } = timeNode(args, { cwd });
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  if (result.unavailable) throw new Unavailable(result.unavailable);
  return result;
}

/**
 * Fails when `generate` in `dir` would keep its evaluations on disk (a node_modules in or above it):
 * a cold row measured there would not be cold.
 */
function withoutKeptEvaluations(dir) {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'node_modules')))
      throw new Error(`${d} holds a node_modules: generate would keep its evaluations there`);
    if (path.dirname(d) === d) return;
  }
}

/**
 * `tool-catalog generate` as a whole process: cold (empty output folder), then a no-op second
 * `generate` (everything up to date, nothing to write) and `--check`, in turns so that all three
 * meet the same load; then the peak RSS of each.
 */
export function coldGenerate(ctx, size) {
  const { dir } = ctx.catalogs.get(size);
  withoutKeptEvaluations(dir);
  const bin = path.join(ctx.repo, 'bin/tool-catalog.js');
  const clean = () => rmSync(path.join(dir, 'generated'), { recursive: true, force: true });
  // Each turn: cold first (it leaves fresh output behind), then the two runs that find it up to date.
  const turn = (measure) => ({
    time: { before: clean, fn: () => measure([bin, 'generate']) },
    noop: { fn: () => measure([bin, 'generate']) },
    check: { fn: () => measure([bin, 'generate', '--check']) },
  });
  const times = interleave(
    ctx.runs,
    turn((args) => timeNode(args, { cwd: dir }).ms),
    3 * ctx.budgetMs,
  );
  const rss = interleave(
    Math.min(ctx.runs, 3),
    turn((args) => peakRssMb(args, { cwd: dir })),
    3 * ctx.budgetMs,
    { warmup: false },
  );
  // The output is fresh: a no-op run must write nothing (its own summary line says how much it wrote).
  const { stdout } = timeNode([bin, 'generate'], { cwd: dir });
  const wrote = /wrote (\d+) files?, removed (\d+)/.exec(stdout);
  return {
    ...times,
    rssMb: rss.time,
    noopRssMb: rss.noop,
    checkRssMb: rss.check,
    noopFilesWritten: wrote ? Number(wrote[1]) + Number(wrote[2]) : undefined,
    kept: keptEvaluations(ctx, dir, bin, clean),
  };
}

/**
 * The same cold process in a folder with a node_modules, as in an app: the previous run's evaluations
 * are kept under node_modules/.cache, so an unchanged catalog is not compiled or run again. The
 * figures above are without it (a temp folder has no node_modules): each run evaluates everything.
 */
function keptEvaluations(ctx, dir, bin, clean) {
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  try {
    timeNode([bin, 'generate'], { cwd: dir }); // keeps the evaluations
    const turn = (measure) => ({
      time: { before: clean, fn: () => measure([bin, 'generate']) },
      noop: { fn: () => measure([bin, 'generate']) },
    });
    const times = interleave(
      ctx.runs,
      turn((args) => timeNode(args, { cwd: dir }).ms),
      2 * ctx.budgetMs,
    );
    const rss = interleave(
      Math.min(ctx.runs, 3),
      turn((args) => peakRssMb(args, { cwd: dir })),
      2 * ctx.budgetMs,
      { warmup: false },
    );
    return { time: times.time, noop: times.noop, rssMb: rss.time, noopRssMb: rss.noop };
  } finally {
    rmSync(modules, { recursive: true, force: true });
  }
}

/**
 * A catalog with one error (an unknown category; a syntax error) against the same catalog clean,
 * whole process, each from an empty output folder, in turns. The error path must not cost much
 * more than a clean run (no heavy module loaded just to print a code frame).
 */
export function errorPath(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  const bin = path.join(ctx.repo, 'bin/tool-catalog.js');
  const errors = scenarioErrors(catalog);
  const cleanOutput = () =>
    rmSync(path.join(catalog.dir, 'generated'), { recursive: true, force: true });
  const failing = (code) => () => {
    const { ms, stdout, stderr } = timeNode([bin, 'generate'], { cwd: catalog.dir, expectExit: 1 });
    // A run that failed for another reason would time the wrong path.
    if (!(stdout + stderr).includes(code))
      throw new Error(
        `expected ${code} from the broken catalog, got:\n${(stdout + stderr).slice(0, 500)}`,
      );
    return ms;
  };
  try {
    const times = interleave(
      ctx.runs,
      {
        clean: {
          before: () => {
            errors.restore();
            cleanOutput();
          },
          fn: () => timeNode([bin, 'generate'], { cwd: catalog.dir }).ms,
        },
        unknownCategory: {
          before: () => {
            errors.unknownCategory();
            cleanOutput();
          },
          fn: failing('TC140'),
        },
        syntaxError: {
          before: () => {
            errors.syntaxError();
            cleanOutput();
          },
          fn: failing('TC100'),
        },
      },
      3 * ctx.budgetMs,
    );
    return {
      ...times,
      ratios: {
        unknownCategory: ratio(times.unknownCategory.median, times.clean.median),
        syntaxError: ratio(times.syntaxError.median, times.clean.median),
      },
    };
  } finally {
    errors.restore();
    // Later measurements (in-process, tsc, runtime) expect this size's output in place.
    timeNode([bin, 'generate'], { cwd: catalog.dir });
  }
}

/**
 * Fixed start-up cost: `tool-catalog --help` and importing the Vite plugin, each over a bare
 * `node -e 0`, in turns; and importing unplugin alone, which the plugin cannot start without (its
 * floor).
 */
export function startup(ctx) {
  const node = (args) => () => timeNode(args, { cwd: ctx.repo }).ms;
  const vite = pathToFileURL(path.join(ctx.repo, 'dist/vite.js')).href;
  const times = interleave(
    Math.max(10, ctx.runs * 3),
    {
      bare: { fn: node(['-e', '0']) },
      help: { fn: node([path.join(ctx.repo, 'bin/tool-catalog.js'), '--help']) },
      vite: { fn: node(['-e', `import(${JSON.stringify(vite)})`]) },
      unplugin: { fn: node(['-e', "import('unplugin')"]) },
    },
    3 * ctx.budgetMs,
  );
  const over = (s) => Math.round((s.median - times.bare.median) * 10) / 10;
  return {
    ...times,
    overheadMs: { help: over(times.help), vite: over(times.vite), unplugin: over(times.unplugin) },
  };
}

/**
 * What the machine charges for memory touched for the first time: one 800 kB string made flat
 * (a fresh mapping of its own) against the same text as forty 20 kB strings (pages that stay mapped).
 */
export function freshMemory(ctx) {
  return runWorker(
    [worker(ctx, 'fresh-memory.mjs'), String(Math.max(100, ctx.runs * 40))],
    ctx.repo,
  );
}

/** `npm test` in the repository, timed whole; only on request (`--npm-test`): it takes minutes. */
export function npmTest(ctx) {
  if (!ctx.npmTest) throw new Unavailable('pass --npm-test to time it (it takes minutes)');
  const started = performance.now();
  const result = spawnSync('npm', ['test'], {
    cwd: ctx.repo,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  const ms = performance.now() - started;
  const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-5).join('\n');
  return { ms, exit: result.status, tail };
}

/** @tanstack/router-generator writing routeTree.gen.ts for `size` flat routes, whole process, from scratch. */
export function coldTanstack(ctx, size) {
  if (size > ctx.tanstackMax)
    throw new Unavailable(
      `skipped above ${ctx.tanstackMax} routes to keep the bench under 10 minutes (pass --tanstack-max ${size})`,
    );
  const routes = ctx.routes.get(size);
  const args = [worker(ctx, 'tanstack-generate.mjs'), routes.dir];
  const clean = () => rmSync(routes.routeTree, { force: true });
  const time = repeat(ctx.runs, () => timeNode(args, { cwd: routes.dir }).ms, clean, ctx.budgetMs);
  const rssMb = repeat(
    Math.min(ctx.runs, 3),
    () => peakRssMb(args, { cwd: routes.dir }),
    clean,
    ctx.budgetMs,
  );
  return { time, rssMb };
}

/**
 * Timed runs per watch scenario. Up to 1,000 tools / routes a run takes milliseconds, and five of
 * them after one warm-up left the medians to the compiler's warm-up and the load of the moment (an
 * edit's median moved by half between two runs of the bench): four times as many. Above 5,000 one
 * regeneration takes seconds: a warm-up and one timed run.
 */
const watchRuns = (ctx, size) => (size > 5000 ? 1 : size <= 1000 ? ctx.runs * 4 : ctx.runs);

/** Our watch path in one process (a generate session over the same core): full, edit, add, remove, no-op. */
export function inProcess(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  const runs = watchRuns(ctx, size);
  return runWorker(
    [
      worker(ctx, 'catalog-inprocess.mjs'),
      catalog.dir,
      String(size),
      String(runs),
      String(ctx.budgetMs),
    ],
    catalog.dir,
  );
}

/** TanStack's watch path in one process: rerun, edit, add, remove. */
export function inProcessTanstack(ctx, size) {
  if (size > ctx.tanstackMax)
    throw new Unavailable(`skipped above ${ctx.tanstackMax} routes (pass --tanstack-max ${size})`);
  const routes = ctx.routes.get(size);
  return runWorker(
    [
      worker(ctx, 'tanstack-inprocess.mjs'),
      routes.dir,
      String(size),
      String(watchRuns(ctx, size)),
      String(ctx.budgetMs),
    ],
    routes.dir,
  );
}

/** Our time over TanStack's, pair by pair (lower is better; the cold target is ≤ 0.1). */
export function versusTanstack(results) {
  const pairs = {};
  const ours = results.coldGenerate,
    theirs = results.coldTanstack;
  if (ours?.time && theirs?.time) pairs.cold = ratio(ours.time.median, theirs.time.median);
  const a = results.inProcess,
    b = results.inProcessTanstack;
  for (const k of ['full', 'edit', 'add', 'remove'])
    if (a?.[k] && b?.[k]) pairs[k] = ratio(a[k].median, b[k].median);
  if (Object.keys(pairs).length === 0) throw new Unavailable('one side was not measured');
  return pairs;
}

/** The generated policy and tool-name functions, bundled with the runtime and called in a fresh process. */
export async function runtimeCalls(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  const index = path.join(catalog.dir, 'generated/bench/index.ts');
  if (!existsSync(index))
    throw new Unavailable('no generated output (the cold generate measurement failed)');
  const runtime = path.join(ctx.repo, 'dist/runtime.js');
  if (!existsSync(runtime)) throw new Unavailable('dist/runtime.js is not built');
  const { build } = await import('esbuild');
  const bundle = path.join(catalog.dir, 'runtime-bundle.mjs');
  await build({
    entryPoints: [index],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: bundle,
    logLevel: 'silent',
    alias: { 'agent-tool-catalog/runtime': runtime },
    external: ['@anthropic-ai/*'],
  });
  return runWorker([worker(ctx, 'runtime-calls.mjs'), bundle, String(ctx.runs)], catalog.dir);
}

/**
 * The readers of a stored opt-out list (migrate, validate, the session, the policy) on lists of a
 * million entries, against the repository's default catalog as generated, in a fresh process.
 */
export async function storedOptOuts(ctx) {
  const index = path.join(ctx.repo, 'generated/claude/index.ts');
  if (!existsSync(index))
    throw new Unavailable('generated/claude is missing (run npm run generate)');
  const { build } = await import('esbuild');
  const bundle = path.join(ctx.tmp, 'stored-opt-outs-bundle.mjs');
  await build({
    entryPoints: [index],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: bundle,
    logLevel: 'silent',
    external: ['@anthropic-ai/*'],
  });
  return runWorker(
    [worker(ctx, 'stored-opt-outs.mjs'), bundle, String(Math.min(ctx.runs, 3))],
    ctx.repo,
  );
}

/** `tool-catalog drift` over the installed SDK's real sdk-tools.d.ts with the embedded catalog, whole process. */
export function drift(ctx) {
  const bin = path.join(ctx.repo, 'bin/tool-catalog.js');
  const probe = spawnSync(process.execPath, [bin, 'drift', '--json'], {
    cwd: ctx.repo,
    encoding: 'utf8',
  });
  if (probe.status === 2)
    throw new Unavailable(
      `the drift command is not available yet: ${(probe.stderr || probe.stdout).split('\n')[0]}`,
    );
  // Exit 1 (drift found) is a valid answer; only the time matters here.
  const sdkTools = path.join(
    ctx.repo,
    'node_modules/@anthropic-ai/claude-agent-sdk/sdk-tools.d.ts',
  );
  const time = repeat(
    ctx.runs,
    () => timeNode([bin, 'drift'], { cwd: ctx.repo, expectExit: probe.status }).ms,
    undefined,
    ctx.budgetMs,
  );
  return {
    time,
    exit: probe.status,
    sdkToolsBytes: existsSync(sdkTools) ? readFileSync(sdkTools).length : undefined,
  };
}
