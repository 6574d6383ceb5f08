// Every runtime verify has started and the folder it runs in, so that Ctrl-C or SIGTERM ends them
// all and removes the folders before the process exits, instead of leaving process groups behind.
import { rmSync } from 'node:fs';
import { onInterrupt } from '../write/interrupt.js';

interface ActiveRun {
  readonly kill: () => void;
  readonly folder: string;
}

const active = new Set<ActiveRun>();

/** Registers a run; the returned function forgets it once it has cleaned up after itself. */
export function trackRun(run: ActiveRun): () => void {
  active.add(run);
  return () => active.delete(run);
}

/** Ends every tracked run now: kills its process groups and removes its folder. */
function endActiveRuns(): void {
  for (const run of active) {
    run.kill();
    rmSync(run.folder, { recursive: true, force: true });
  }
  active.clear();
}

/**
 * For the CLI: on SIGINT, SIGTERM or SIGHUP, end every run (then `onSignal` hears of it) before the
 * process exits with the signal's code (130, 143, 129). Returns a function that stops this again.
 */
export function endRunsOnSignals(
  onSignal: (signal: NodeJS.Signals) => void = () => {},
): () => void {
  return onInterrupt((signal, pass) => {
    // Twice: a run that started between the signal and the exit is ended too.
    endActiveRuns();
    if (pass === 'settled') onSignal(signal);
  });
}
