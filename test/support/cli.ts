// Running `tool-catalog` in tests: in process through the CLI's own entry (what the binary runs,
// fast, and it sees the sources), or as the real binary in a child process (what a user runs; it
// runs the build in dist/).
import { execFile } from 'node:child_process';
import { runCli as runCommandLine } from '../../plugin/cli/main';
import { BIN } from './paths';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `tool-catalog ...args` in `cwd`, in this process. */
export async function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCommandLine(args, {
    cwd,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

/** `node bin/tool-catalog.js ...args` in `cwd`, in a child process, as a user runs it. */
export function runBin(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // A run that hangs is killed: a test that times out must not leave it spinning.
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', ...env },
        timeout: 120_000,
        killSignal: 'SIGKILL',
        // Reports of thousands of tools run to megabytes.
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** The `--json` output of a run, parsed; fails loudly when stdout is not JSON. */
// biome-ignore lint/suspicious/noExplicitAny: each command has its own JSON shape
export function json(run: CliRun): any {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}
