// `npm run bench` (`--quick`: a CI smoke run that only prints): synthetic catalogs of 100 … 20,000 tools
// and as many TanStack routes, every measurement side by side; writes bench/results.json and docs/benchmarks.md.
// `--npm-test` also times a whole `npm test` (minutes; otherwise reported as not measured).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  coldGenerate,
  coldTanstack,
  drift,
  errorPath,
  freshMemory,
  inProcess,
  inProcessTanstack,
  npmTest,
  runtimeCalls,
  startup,
  storedOptOuts,
  versusTanstack,
} from './measurements.mjs';
import { measureTsc } from './measure-tsc.mjs';
import { renderReport } from './report.mjs';
import { Unavailable } from './stats.mjs';
import { writeSyntheticCatalog } from './synthetic-catalog.mjs';
import { writeRoutes } from './tanstack-routes.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    runs: { type: 'string' },
    sizes: { type: 'string' },
    'tanstack-max': { type: 'string' },
    'tsc-max': { type: 'string' },
    budget: { type: 'string' },
    'no-build': { type: 'boolean' },
    'no-write': { type: 'boolean' },
    'npm-test': { type: 'boolean' },
  },
});
const quick = values.quick === true;
const sizes = (values.sizes ?? (quick ? '100,1000' : '100,1000,5000,20000')).split(',').map(Number);
const ctx = {
  repo,
  runs: Number(values.runs ?? (quick ? 2 : 5)),
  tanstackMax: Number(values['tanstack-max'] ?? (quick ? 1000 : 5000)),
  tscMax: Number(values['tsc-max'] ?? 5000),
  npmTest: values['npm-test'] === true,
  // Per measurement: when one run takes seconds, fewer timed runs (reported) keep the bench near 10 minutes.
  budgetMs: Number(values.budget ?? (quick ? 10 : 20)) * 1000,
  tmp: mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-bench-')),
  catalogs: new Map(),
  routes: new Map(),
};

const log = (line) => process.stderr.write(`${line}\n`);

let failures = 0;

/** One measurement: its result, or why it could not run; never aborts the bench (but fails its exit code). */
async function measure(name, fn) {
  const started = performance.now();
  try {
    const result = await fn();
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(
      `  ${name}: ${error instanceof Unavailable ? 'not measured' : 'FAILED'}: ${reason.split('\n')[0]}`,
    );
    if (!(error instanceof Unavailable)) failures++;
    return error instanceof Unavailable
      ? { unavailable: reason }
      : { error: reason.slice(0, 2000) };
  }
}

/** `uptime`'s line (load and uptime), or the load averages where the command is missing. */
function uptime() {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadBefore: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    uptime: uptime(),
  };
}

async function main() {
  const started = Date.now();
  if (!values['no-build']) {
    log('building dist/ (node scripts/build.mjs) …');
    try {
      execFileSync(process.execPath, [path.join(repo, 'scripts/build.mjs')], {
        cwd: repo,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      // The bundles are written before the .d.ts step; a type error elsewhere must not stop the bench.
      if (!existsSync(path.join(repo, 'dist/cli.js'))) throw error;
      log(
        `  build reported errors (dist/cli.js exists, continuing): ${String(error.stderr ?? error).split('\n')[0]}`,
      );
    }
  }
  const results = {
    date: new Date().toISOString(),
    quick,
    runs: ctx.runs,
    sizesRun: sizes,
    budgetSeconds: ctx.budgetMs / 1000,
    machine: machine(),
    sizes: {},
  };
  // First, while the machine is as quiet as it will be: it explains rows below, not a target.
  log('fresh memory:');
  results.freshMemory = await measure('one large string against the same text in pieces', () =>
    freshMemory(ctx),
  );
  for (const size of sizes) {
    log(`${size} tools / routes:`);
    ctx.catalogs.set(size, writeSyntheticCatalog(path.join(ctx.tmp, `catalog-${size}`), size));
    ctx.routes.set(size, writeRoutes(path.join(ctx.tmp, `routes-${size}`), size));
    const r = {};
    r.coldGenerate = await measure('cold generate', () => coldGenerate(ctx, size));
    r.coldTanstack = await measure('cold TanStack', () => coldTanstack(ctx, size));
    // The error-path target is set at 1,000 tools only.
    if (size === 1000)
      r.errorPath = await measure('generate with one error', () => errorPath(ctx, size));
    r.inProcess = await measure('in-process generate', () => inProcess(ctx, size));
    r.inProcessTanstack = await measure('in-process TanStack', () => inProcessTanstack(ctx, size));
    r.versusTanstack = await measure('ours / TanStack', () => versusTanstack(r));
    r.tsc = await measure('tsc', () => {
      if (size > ctx.tscMax)
        throw new Unavailable(
          `skipped above ${ctx.tscMax} tools to keep the bench under 10 minutes (pass --tsc-max ${size})`,
        );
      return measureTsc(ctx, size);
    });
    r.runtime = await measure('runtime calls', () => runtimeCalls(ctx, size));
    results.sizes[size] = r;
    rmSync(ctx.routes.get(size).dir, { recursive: true, force: true });
  }
  log('start-up, drift:');
  results.startup = await measure('--help and Vite plugin import over bare node', () =>
    startup(ctx),
  );
  results.drift = await measure('drift', () => drift(ctx));
  results.storedOptOuts = await measure('stored opt-outs, 10⁶ entries', () => storedOptOuts(ctx));
  log('npm test:');
  results.npmTest = await measure('npm test', () => npmTest(ctx));
  results.machine.loadAfter = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  results.machine.uptimeAfter = uptime();
  results.durationSeconds = Math.round((Date.now() - started) / 1000);

  const json = `${JSON.stringify(results, null, 2)}\n`;
  const report = renderReport(results);
  process.stdout.write(report);
  // A quick (CI smoke) run only prints: docs/benchmarks.md must always hold a full run.
  if (!quick && !values['no-write']) {
    writeFileSync(path.join(repo, 'bench/results.json'), json);
    writeFileSync(path.join(repo, 'docs/benchmarks.md'), report);
    log('wrote bench/results.json and docs/benchmarks.md');
  }
  if (failures > 0) {
    log(`${failures} measurement${failures === 1 ? '' : 's'} FAILED (see above)`);
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  rmSync(ctx.tmp, { recursive: true, force: true });
}
