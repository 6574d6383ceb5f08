// Shared measuring helpers: run something after a warm-up, summarise as median / min / max, and
// time whole child processes (node start included) with their peak RSS.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RSS_PRELOAD = fileURLToPath(new URL('./workers/report-rss.mjs', import.meta.url));

/** median / min / max of numbers, rounded to 0.01. */
export function summarise(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const round = (x) => Math.round(x * 100) / 100;
  return {
    median: round(median),
    min: round(sorted[0]),
    max: round(sorted.at(-1)),
    runs: sorted.length,
  };
}

/** A measurement that cannot run yet (feature not landed, tool missing): reported, never faked. */
export class Unavailable extends Error {
  name = 'Unavailable';
}

/** Runs `node <args>` once; returns wall milliseconds. Throws with the output when it fails. */
export function timeNode(args, { cwd, env, expectExit = 0 } = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - started;
  if (result.status !== expectExit) {
    throw new Error(
      `node ${args.join(' ')} exited ${result.status} in ${cwd}:\n${(result.stdout + result.stderr).slice(0, 2000)}`,
    );
  }
  return { ms, stdout: result.stdout, stderr: result.stderr };
}

/** Peak RSS (MB) of `node <args>`, reported by a preload at exit (the preload costs ~1 ms, so timing runs do without it). */
export function peakRssMb(args, options) {
  const { stderr } = timeNode(['--import', RSS_PRELOAD, ...args], options);
  const match = /tool-catalog-bench-maxrss=(\d+)/.exec(stderr);
  if (!match) throw new Error(`no RSS report from node ${args.join(' ')}`);
  return Number(match[1]) / 1024;
}

/**
 * How many timed runs fit the budget after a warm-up that took `warmupMs`: `runs`, or fewer (at
 * least 1) for sizes where one run takes many seconds; the summary's `runs` says which.
 */
const runsWithin = (runs, warmupMs, budgetMs) =>
  Math.max(1, Math.min(runs, Math.floor(budgetMs / Math.max(warmupMs, 1))));

/** `before` runs untimed before each run (resetting state); one warm-up run is discarded. */
export function repeat(runs, fn, before = () => {}, budgetMs = Infinity) {
  before();
  const started = performance.now();
  fn();
  const count = runsWithin(runs, performance.now() - started, budgetMs);
  const values = [];
  for (let i = 0; i < count; i++) {
    before();
    values.push(fn());
  }
  return summarise(values);
}

/** The async form of `repeat`, for in-process measurements. */
export async function repeatAsync(runs, fn, before = async () => {}, budgetMs = Infinity) {
  await before();
  const started = performance.now();
  await fn();
  const count = runsWithin(runs, performance.now() - started, budgetMs);
  const values = [];
  for (let i = 0; i < count; i++) {
    await before();
    values.push(await fn());
  }
  return summarise(values);
}

/**
 * Runs several commands in turns (a, b, c, a, b, c …) after one warm-up each, so that a change of
 * load on the shared machine hits all of them alike: ratios between them are then fair. `before`
 * (untimed) runs before each timed call of that command. Returns one summary per name.
 * `warmup: false` for what a warm-up does not change (peak RSS of a fresh process).
 */
export function interleave(runs, commands, budgetMs = Infinity, { warmup = true } = {}) {
  const entries = Object.entries(commands);
  let warmupMs = 0;
  for (const [, { fn, before = () => {} }] of warmup ? entries : []) {
    before();
    const started = performance.now();
    fn();
    warmupMs += performance.now() - started;
  }
  const count = runsWithin(runs, warmupMs, budgetMs);
  const values = Object.fromEntries(entries.map(([name]) => [name, []]));
  for (let i = 0; i < count; i++) {
    for (const [name, { fn, before = () => {} }] of entries) {
      before();
      values[name].push(fn());
    }
  }
  return Object.fromEntries(entries.map(([name]) => [name, summarise(values[name])]));
}
