// Runs once per vitest run, in the main process: rebuilds dist/ when a source is newer than the build
// (many tests run bin/, which runs dist/), picks and prints the seed of every property test, and gives
// every test file the same id for this run, so the packaging tests in different workers share one
// `npm pack` and one install (test/support/packed.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PACKAGING_ROOT, repoPath } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unique to this `vitest run`; the same in every worker. */
    testRunId: string;
    /** The seed of every fast-check property in this run: `TC_SEED`, or a new one (printed). */
    propertySeed: number;
  }
}

/** What the build reads: the plugin's sources, the templates, and the build script itself. */
const BUILD_INPUTS = [
  'plugin',
  'templates',
  'scripts/build.mjs',
  'tsconfig.build.json',
  'package.json',
];
/** What the build writes last of each kind: bundles, precompiled templates, declaration files. */
const BUILD_OUTPUTS = ['dist/cli.js', 'dist/templates.precompiled.cjs', 'dist/types/index.d.ts'];

const mtimeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/** The newest modification time under `entry` (a file or a folder). */
function newest(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const name of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

/** The sources newer than the oldest build output (every input, when something was never built). */
export function staleBuildInputs(root = repoPath()): string[] {
  const built = Math.min(...BUILD_OUTPUTS.map((f) => mtimeOf(path.join(root, f)) ?? 0));
  return BUILD_INPUTS.filter((input) => newest(path.join(root, input)) > built);
}

/** What the first project's setup chose, for every other project of the same run (vitest.config.ts). */
interface RunChoice {
  readonly seed: number;
  readonly runId: string;
}
const CHOSEN = Symbol.for('agent-tool-catalog.test-run');
const store = globalThis as { [CHOSEN]?: RunChoice };

/** Rebuilds a stale dist/, then picks and prints the seed and the run id: once per vitest run. */
function chooseOnce(): RunChoice {
  if (store[CHOSEN]) return store[CHOSEN];
  const stale = staleBuildInputs();
  if (stale.length > 0) {
    process.stderr.write(
      `dist/ is older than ${stale.join(', ')}: rebuilding it (node scripts/build.mjs)\n`,
    );
    execFileSync(process.execPath, [repoPath('scripts/build.mjs')], {
      cwd: repoPath(),
      stdio: 'inherit',
    });
  }
  const seed = process.env.TC_SEED
    ? Number(process.env.TC_SEED)
    : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(seed))
    throw new Error(`TC_SEED must be an integer, not '${process.env.TC_SEED}'`);
  process.stderr.write(
    `property tests: seed ${seed} (replay this run's random cases with TC_SEED=${seed})\n`,
  );
  store[CHOSEN] = { seed, runId: `${process.pid}-${Date.now().toString(36)}` };
  return store[CHOSEN];
}

// Each project of the config runs its global setup: the projects of one run share one choice.
export default function setup(project: TestProject): () => void {
  const { seed, runId } = chooseOnce();
  project.provide('propertySeed', seed);
  project.provide('testRunId', runId);
  // The run's tarball and installs (tens of MB) go when the run ends.
  return () => rmSync(path.join(PACKAGING_ROOT, runId), { recursive: true, force: true });
}
