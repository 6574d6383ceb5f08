// Type-checks the repository with TypeScript 7 (native), 6 and 5.9: generated code must compile
// under all three. 7 checks the whole repository; 6 and 5.9 what users compile (tsconfig.compat.json:
// the generated files, the package's source behind its published types, the type tests), since the
// repository's own tests and scripts run on the native compiler only. Extra projects (examples, fixtures) are listed in PROJECTS. The nine runs are
// independent, so they run side by side, as many at once as the machine has cores.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const COMPILERS = {
  'TypeScript 7': `${root}node_modules/typescript/bin/tsc`,
  'TypeScript 6': `${root}node_modules/typescript-6/bin/tsc`,
  'TypeScript 5.9': `${root}node_modules/typescript-5.9/bin/tsc`,
};
/** The repository: TypeScript 7 checks all of it, 6 and 5.9 what users compile (tsconfig.compat.json). */
const REPOSITORY = {
  'TypeScript 7': 'tsconfig.json',
  'TypeScript 6': 'tsconfig.compat.json',
  'TypeScript 5.9': 'tsconfig.compat.json',
};
const PROJECTS = [
  'tsconfig.json',
  ...['examples/themis-agent/tsconfig.json', 'examples/agent-settings/tsconfig.json'].filter((p) =>
    existsSync(`${root}${p}`),
  ),
];

/** One compiler on one project: whether it passed, what it printed, how long it took. */
function check(name, tsc, project) {
  return new Promise((resolve) => {
    const started = Date.now();
    // One checker for the native compiler, as the tests run it (test/support/compilers.ts): its
    // default four each work through the shared declarations again, CPU the other checks need.
    const native = tsc === COMPILERS['TypeScript 7'] ? ['--checkers', '1'] : [];
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', ...native], {
      cwd: root,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) =>
      resolve({ name, project, ok: code === 0, output, ms: Date.now() - started }),
    );
  });
}

// Longest first, so that no long run starts last while the other core idles: the JavaScript
// compilers (5.9, 6) take several times as long as the native one, on the repository the longest.
const job = (name, project) => () =>
  check(name, COMPILERS[name], project === 'tsconfig.json' ? REPOSITORY[name] : project);
const jobs = [
  ...PROJECTS.flatMap((project) => [job('TypeScript 5.9', project), job('TypeScript 6', project)]),
  ...PROJECTS.map((project) => job('TypeScript 7', project)),
];
const results = [];
const parallel = Math.max(
  1,
  Math.min(os.availableParallelism?.() ?? os.cpus().length, jobs.length),
);
let next = 0;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (next < jobs.length) {
      const result = await jobs[next++]();
      results.push(result);
      console.log(
        `${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(15)} ${result.project} (${result.ms} ms)`,
      );
    }
  }),
);
const failed = results.filter((r) => !r.ok);
for (const r of failed) process.stdout.write(`\n${r.name} on ${r.project}:\n${r.output}`);
process.exit(failed.length > 0 ? 1 : 0);
