// Each measurement of `npm run bench` as its own function (ctx, size) → result. A feature that has
// not landed yet (or is skipped at a size) throws Unavailable: the report says "not measured" and why.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { peakRssMb, repeat, timeNode, Unavailable } from './stats.mjs';

const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;
const worker = (ctx, name) => path.join(ctx.repo, 'bench', 'workers', name);

/** Runs a worker that prints one JSON line; its own `unavailable` answer becomes Unavailable. */
function runWorker(ctx, args, cwd) {
  const { stdout } = timeNode(args, { cwd });
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  if (result.unavailable) throw new Unavailable(result.unavailable);
  return result;
}

/** `tool-catalog generate` as a whole process into an empty output folder, then as a no-op `--check`. */
export function coldGenerate(ctx, size) {
  const { dir } = ctx.catalogs.get(size);
  const bin = path.join(ctx.repo, 'bin/tool-catalog.js');
  const clean = () => rmSync(path.join(dir, 'generated'), { recursive: true, force: true });
  const time = repeat(ctx.runs, () => timeNode([bin, 'generate'], { cwd: dir }).ms, clean, ctx.budgetMs);
  const rssMb = repeat(Math.min(ctx.runs, 3), () => peakRssMb([bin, 'generate'], { cwd: dir }), clean, ctx.budgetMs);
  // Output fresh from this build (the RSS runs already wrote it); --check must then find nothing stale.
  timeNode([bin, 'generate'], { cwd: dir });
  const check = repeat(ctx.runs, () => timeNode([bin, 'generate', '--check'], { cwd: dir }).ms, undefined, ctx.budgetMs);
  return { time, rssMb, check };
}

/** @tanstack/router-generator writing routeTree.gen.ts for `size` flat routes, whole process, from scratch. */
export function coldTanstack(ctx, size) {
  if (size > ctx.tanstackMax) throw new Unavailable(`skipped above ${ctx.tanstackMax} routes to keep the bench under 10 minutes (pass --tanstack-max ${size})`);
  const routes = ctx.routes.get(size);
  const args = [worker(ctx, 'tanstack-generate.mjs'), routes.dir];
  const clean = () => rmSync(routes.routeTree, { force: true });
  const time = repeat(ctx.runs, () => timeNode(args, { cwd: routes.dir }).ms, clean, ctx.budgetMs);
  const rssMb = repeat(Math.min(ctx.runs, 3), () => peakRssMb(args, { cwd: routes.dir }), clean, ctx.budgetMs);
  return { time, rssMb };
}

/** Our watch path in one process (a generate session over the same core): full, edit, add, remove, no-op. */
export function inProcess(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  // Above 5,000 tools one regeneration takes seconds: a warm-up and one timed run per scenario.
  const runs = size > 5000 ? 1 : ctx.runs;
  return runWorker(ctx, [worker(ctx, 'catalog-inprocess.mjs'), catalog.dir, String(size), String(runs), String(ctx.budgetMs)], catalog.dir);
}

/** TanStack's watch path in one process: rerun, edit, add, remove. */
export function inProcessTanstack(ctx, size) {
  if (size > ctx.tanstackMax) throw new Unavailable(`skipped above ${ctx.tanstackMax} routes (pass --tanstack-max ${size})`);
  const routes = ctx.routes.get(size);
  return runWorker(ctx, [worker(ctx, 'tanstack-inprocess.mjs'), routes.dir, String(size), String(ctx.runs), String(ctx.budgetMs)], routes.dir);
}

/** Our time over TanStack's, pair by pair (lower is better; the cold target is ≤ 0.1). */
export function versusTanstack(results) {
  const pairs = {};
  const ours = results.coldGenerate, theirs = results.coldTanstack;
  if (ours?.time && theirs?.time) pairs.cold = ratio(ours.time.median, theirs.time.median);
  const a = results.inProcess, b = results.inProcessTanstack;
  for (const k of ['full', 'edit', 'add', 'remove']) if (a?.[k] && b?.[k]) pairs[k] = ratio(a[k].median, b[k].median);
  if (Object.keys(pairs).length === 0) throw new Unavailable('one side was not measured');
  return pairs;
}

/** The generated policy and tool-name functions, bundled with the runtime and called in a fresh process. */
export async function runtimeCalls(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  const index = path.join(catalog.dir, 'generated/bench/index.ts');
  if (!existsSync(index)) throw new Unavailable('no generated output (the cold generate measurement failed)');
  const runtime = path.join(ctx.repo, 'dist/runtime.js');
  if (!existsSync(runtime)) throw new Unavailable('dist/runtime.js is not built');
  const { build } = await import('esbuild');
  const bundle = path.join(catalog.dir, 'runtime-bundle.mjs');
  await build({
    entryPoints: [index], bundle: true, format: 'esm', platform: 'node', outfile: bundle, logLevel: 'silent',
    alias: { 'agent-tool-catalog/runtime': runtime }, external: ['@anthropic-ai/*'],
  });
  return runWorker(ctx, [worker(ctx, 'runtime-calls.mjs'), bundle, String(ctx.runs)], catalog.dir);
}

/** `tool-catalog drift` over the installed SDK's real sdk-tools.d.ts with the embedded catalog, whole process. */
export function drift(ctx) {
  const bin = path.join(ctx.repo, 'bin/tool-catalog.js');
  const probe = spawnSync(process.execPath, [bin, 'drift', '--json'], { cwd: ctx.repo, encoding: 'utf8' });
  if (probe.status === 2) throw new Unavailable(`the drift command is not available yet: ${(probe.stderr || probe.stdout).split('\n')[0]}`);
  // Exit 1 (drift found) is a valid answer; only the time matters here.
  const sdkTools = path.join(ctx.repo, 'node_modules/@anthropic-ai/claude-agent-sdk/sdk-tools.d.ts');
  const time = repeat(ctx.runs, () => timeNode([bin, 'drift'], { cwd: ctx.repo, expectExit: probe.status }).ms, undefined, ctx.budgetMs);
  return { time, exit: probe.status, sdkToolsBytes: existsSync(sdkTools) ? readFileSync(sdkTools).length : undefined };
}
