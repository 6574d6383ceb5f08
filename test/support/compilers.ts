// The TypeScript compilers generated code must compile under (7 native, 6, 5.9), and one way to run
// them. scripts/typecheck.mjs keeps its own copy of the table: it is plain JavaScript.
import { spawn } from 'node:child_process';
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

/** Runs `tsc ...args` with one of the compilers in `cwd`; diagnostics print as `file(line,col): error TS…`. */
export function runTsc(
  compiler: CompilerName,
  args: readonly string[],
  cwd: string,
): Promise<TscRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMPILERS[compiler], ...args], { cwd });
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
