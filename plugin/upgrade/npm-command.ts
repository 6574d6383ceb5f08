// npm as the upgrade commands run it: its configured registry, proxy, credentials and cache, so that
// a second fetch of a version is fast and works offline.
import { execFile } from 'node:child_process';

/** A fetch that failed: the message says what was run and what npm said. */
export class SdkFetchError extends Error {
  override name = 'SdkFetchError';
}

/** Runs npm in `cwd` and returns its stdout; a failure is an `SdkFetchError` with npm's last lines. */
export function npm(args: readonly string[], cwd: string): Promise<string> {
  const windows = process.platform === 'win32';
  return new Promise((resolve, reject) => {
    execFile(
      windows ? 'npm.cmd' : 'npm',
      [...args],
      { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, shell: windows, timeout: 600_000 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const said = (stderr || error.message).trim().split('\n').slice(-6).join('\n  ');
        reject(new SdkFetchError(`npm ${args.join(' ')} failed:\n  ${said}`));
      },
    );
  });
}
