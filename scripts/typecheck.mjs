// Type-checks the repository with TypeScript 7 (native), 6 and 5.9: generated code must compile
// under all three. 7 checks the whole repository; 6 and 5.9 what users compile (tsconfig.compat.json:
// the generated files, the package's source behind its published types, the type tests), since the
// repository's own tests and scripts run on the native compiler only. Extra projects (examples,
// fixtures) are listed in PROJECTS. The five runs (one build of every project per JavaScript compiler,
// one run per project of the native one) are independent, so they run side by side, as many at once
// as the machine has cores.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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

/** Runs `tsc ...args` at the repository's root: whether it passed, what it printed, how long it took. */
function run(name, project, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [COMPILERS[name], ...args], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) =>
      resolve({ name, project, ok: code === 0, output, ms: Date.now() - started }),
    );
  });
}

const projectOf = (name, project) => (project === 'tsconfig.json' ? REPOSITORY[name] : project);

/**
 * A JavaScript compiler (5.9, 6) on every project in one `tsc -b`: each project is checked with its
 * own tsconfig as `-p` would, in one process that reads the declarations they share once (a third
 * less CPU than one process per project). Each goes in through a tsconfig under
 * node_modules/.cache that extends it, so the build info lands there; inside the repository, so
 * `types` finds the repository's @types.
 */
function buildAll(name) {
  const scratch = `${root}node_modules/.cache/typecheck/${name.replace(' ', '-')}`;
  mkdirSync(scratch, { recursive: true });
  const references = PROJECTS.map((project, i) => {
    const wrapper = `${scratch}/project-${i}.json`;
    const tsBuildInfoFile = `${scratch}/project-${i}.tsbuildinfo`;
    const extended = `${root}${projectOf(name, project)}`;
    writeFileSync(
      wrapper,
      JSON.stringify({ extends: extended, compilerOptions: { tsBuildInfoFile } }),
    );
    return { path: wrapper };
  });
  writeFileSync(`${scratch}/tsconfig.json`, JSON.stringify({ files: [], references }));
  const projects = PROJECTS.map((project) => projectOf(name, project)).join(' + ');
  return run(name, projects, ['-b', `${scratch}/tsconfig.json`, '--force', '--noEmit']);
}

// Longest first, so that no long run starts last while the other core idles: the JavaScript
// compilers (5.9, 6) take several times as long as the native one. The native one runs per project
// with one checker, as the tests run it (test/support/compilers.ts): its default four each work
// through the shared declarations again, CPU the other checks need.
const jobs = [
  () => buildAll('TypeScript 5.9'),
  () => buildAll('TypeScript 6'),
  ...PROJECTS.map((project) => () => {
    const file = projectOf('TypeScript 7', project);
    return run('TypeScript 7', file, ['-p', file, '--noEmit', '--checkers', '1']);
  }),
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
