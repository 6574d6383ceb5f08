// `generate --watch` run in this process as the command line runs it, with what it printed so far,
// and a wait for a condition that fails with that output: the watch tests' shared harness.
import { runCli } from '../../plugin/cli/main';

export interface WatchRun {
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Both outputs, for a failure message. */
  readonly log: () => string;
  /** Resolves once the first run is done and the paths are watched. */
  readonly started: () => Promise<void>;
  /** Stops the watch, as Ctrl-C does, and resolves to its exit code. */
  readonly stop: () => Promise<number>;
}

/** Resolves once `check()` holds (looked at every 25 ms); fails saying `what`, with `log()`, after `ms`. */
export async function until(
  check: () => boolean,
  what: string,
  log: () => string = () => '',
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Starts `generate --watch` in `dir`; `onStdout` hears each line as it is printed. */
export function watchCli(dir: string, onStdout: (text: string) => void = () => {}): WatchRun {
  let stdout = '';
  let stderr = '';
  const abort = new AbortController();
  const running = runCli(['generate', '--watch'], {
    cwd: dir,
    stdout: (t) => {
      stdout += t;
      onStdout(t);
    },
    stderr: (t) => (stderr += t),
    signal: abort.signal,
  });
  const log = () => `stdout:\n${stdout}\nstderr:\n${stderr}`;
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    log,
    started: () => until(() => /Watching \d+ paths/.test(stdout), 'the watch to start', log),
    stop: () => {
      abort.abort();
      return running;
    },
  };
}
