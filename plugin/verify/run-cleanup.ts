// Every runtime verify has started and the folder it runs in, so that Ctrl-C or SIGTERM ends them
// all and removes the folders before the process exits, instead of leaving process groups behind.
import { rmSync } from 'node:fs';

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
function endActiveRuns(): number {
  const count = active.size;
  for (const run of active) {
    run.kill();
    rmSync(run.folder, { recursive: true, force: true });
  }
  active.clear();
  return count;
}

/**
 * For the CLI: on SIGINT or SIGTERM, end every run and exit with the signal's code (130, 143).
 * Returns a function that removes the handlers again.
 */
export function endRunsOnSignals(
  onSignal: (signal: NodeJS.Signals) => void = () => {},
): () => void {
  const handler = (signal: NodeJS.Signals) => {
    endActiveRuns();
    onSignal(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
