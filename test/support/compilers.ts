// The TypeScript compilers generated code must compile under (7 native, 6, 5.9), and one way to run
// them. scripts/typecheck.mjs keeps its own copy of the table: it is plain JavaScript.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from './paths';

const COMPILERS = {
  'TypeScript 7': repoPath('node_modules/typescript/bin/tsc'),
  'TypeScript 6': repoPath('node_modules/typescript-6/bin/tsc'),
  'TypeScript 5.9': repoPath('node_modules/typescript-5.9/bin/tsc'),
} as const;

export type CompilerName = keyof typeof COMPILERS;

export const COMPILER_NAMES = Object.keys(COMPILERS) as CompilerName[];

export interface TscRun {
  readonly code: number;
  /** stdout then stderr: tsc prints its diagnostics on stdout. */
  readonly output: string;
}

/**
 * What the native compiler is told here: one checker per project. Its default, four, has each checker
 * work through the declarations the files share again; beside the rest of a test run, which keeps every
 * core busy, that is CPU taken from other tests for no gain (the random-catalog check: 31 → 24 s of
 * CPU, 2.8 → 2.0 GB). The diagnostics are the same.
 */
const NATIVE_ARGS = ['--checkers', '1'];

/** Runs `tsc ...args` with one of the compilers in `cwd`; diagnostics print as `file(line,col): error TS…`. */
export function runTsc(
  compiler: CompilerName,
  args: readonly string[],
  cwd: string,
): Promise<TscRun> {
  const extra = compiler === 'TypeScript 7' ? NATIVE_ARGS : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMPILERS[compiler], ...args, ...extra], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output: stdout + stderr }));
  });
}

/** `tsc -p <project> --noEmit --pretty false`: a project type-checked, diagnostics one per line. */
export const typecheckProject = (compiler: CompilerName, project: string, cwd: string) =>
  runTsc(compiler, ['-p', project, '--noEmit', '--pretty', 'false'], cwd);

export interface ProjectsRun extends TscRun {
  /** The diagnostics in files under `dir`, plus any that name no project's file (never dropped). */
  readonly of: (dir: string) => string;
}

/**
 * One `tsc -b --noEmit` of several projects: each is checked with its own tsconfig exactly as
 * `tsc -p` would, but in one process that reads the declaration files they share (lib, SDKs) once
 * instead of once per project (two projects of the AI SDK fixture with TypeScript 5.9: 17.8 → 12.4 s
 * of CPU). A project is a folder with a tsconfig.json, or a tsconfig file. Each goes in through a
 * tsconfig in `scratch` that extends it, so the build info lands there and not in the app.
 * Diagnostics are told apart by file path (`of`: by folder).
 */
export async function typecheckProjects(
  compiler: CompilerName,
  projects: readonly string[],
  scratch: string,
): Promise<ProjectsRun> {
  mkdirSync(scratch, { recursive: true });
  const references = projects.map((project, i) => {
    const wrapper = path.join(scratch, `project-${i}.json`);
    const extended = project.endsWith('.json') ? project : path.join(project, 'tsconfig.json');
    const tsBuildInfoFile = path.join(scratch, `project-${i}.tsbuildinfo`);
    writeFileSync(
      wrapper,
      JSON.stringify({ extends: extended, compilerOptions: { tsBuildInfoFile } }),
    );
    return { path: wrapper };
  });
  const root = path.join(scratch, 'tsconfig.json');
  writeFileSync(root, JSON.stringify({ files: [], references }));
  const run = await runTsc(
    compiler,
    ['-b', root, '--force', '--noEmit', '--pretty', 'false'],
    scratch,
  );
  // A diagnostic is a line naming its file, then indented lines that continue it.
  const entries: string[] = [];
  for (const line of run.output.split('\n')) {
    if (/^\s/.test(line) && entries.length > 0) entries[entries.length - 1] += `\n${line}`;
    else if (line !== '') entries.push(line);
  }
  const inside = (dir: string, entry: string) => {
    const file = /^(.+?)\(\d+,\d+\): /.exec(entry)?.[1];
    return file !== undefined && !path.relative(dir, path.resolve(scratch, file)).startsWith('..');
  };
  const claimed = (entry: string) => projects.some((dir) => inside(dir, entry));
  return {
    ...run,
    of: (dir) =>
      entries
        .filter((entry) => inside(dir, entry) || !claimed(entry))
        .map((entry) => `${entry}\n`)
        .join(''),
  };
}

/**
 * `projects` type-checked by one `typecheckProjects` run of each of `compilers`, side by side, each
 * compiler's build files in a folder of its own under `scratch`.
 */
export const typecheckProjectsBy = (
  compilers: readonly CompilerName[],
  projects: readonly string[],
  scratch: string,
): Promise<[CompilerName, ProjectsRun][]> =>
  Promise.all(
    compilers.map(
      async (compiler): Promise<[CompilerName, ProjectsRun]> => [
        compiler,
        await typecheckProjects(compiler, projects, path.join(scratch, compiler.replace(' ', '-'))),
      ],
    ),
  );
