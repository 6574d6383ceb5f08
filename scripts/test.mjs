// `npm test`: the build, then every check and the vitest run. The checks (lint, the type-check, the
// CLI's own checks on this repository's catalogs) read the build and the sources and write nothing
// another reads, so they run side by side, as many at once as the machine has cores: most are one
// single-threaded process, and one after the other they left a core idle. The vitest run (the slow
// suites among its files) keeps every core busy on its own (beside the checks, the slow suites'
// type-checks ran past their time limits on a loaded machine), so it follows. A check's output is
// shown when it ends, vitest's as it goes, then a summary with each step's time; any failure fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
/** The commands of a package.json script that chains them with `&&` (one source for both). */
const commands = (name) => scripts[name].split(' && ').map((c) => c.trim());
const bin = (name) => `${root}node_modules/.bin/${name}`;

/** Longest first, so that the last to end is not a long one started late. */
const CHECKS = [
  'node scripts/typecheck.mjs',
  ...commands('verify'),
  ...commands('lint').map((c) => c.replace(/^(biome|knip)\b/, (b) => bin(b))),
  ...commands('drift'),
  'node bin/tool-catalog.js generate --check',
  'node bin/tool-catalog.js stale-refs',
];
const results = [];

/** Runs one command in a shell at the repository's root; `live` shows its output as it comes. */
function run(command, live = false) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { cwd: root, shell: true, stdio: live ? 'inherit' : 'pipe' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code, signal) => {
      const result = { command, ok: code === 0, ms: Date.now() - started, code: code ?? signal };
      results.push(result);
      if (!live || !result.ok)
        process.stdout.write(
          `\n> ${command}\n${output}${result.ok ? '' : `(exit ${result.code})\n`}`,
        );
      resolve(result);
    });
  });
}

/** Runs `list` with at most `width` commands at once. */
async function pool(list, width) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, list.length) }, async () => {
      while (next < list.length) await run(list[next++]);
    }),
  );
}

const build = await run('node scripts/build.mjs');
if (build.ok) {
  await pool(CHECKS, os.availableParallelism());
  await run(`${bin('vitest')} run`, true);
}
process.stdout.write('\nnpm test, step by step:\n');
for (const r of results)
  process.stdout.write(
    `${r.ok ? 'ok  ' : 'FAIL'} ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.command}\n`,
  );
process.exit(results.every((r) => r.ok) ? 0 : 1);
