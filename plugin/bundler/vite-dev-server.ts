// Vite dev server: watches every catalog input (also outside Vite's root), regenerates on a real
// change, restores deleted output, ignores our own writes, and shows catalog errors in the overlay.
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { CatalogBuildState, GenerationOutcome } from './catalog-build-state.js';
import { toRollupError } from './bundler-errors.js';

type WatchEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

/** chokidar's window for one change event per file, and a margin. */
const CHANGE_WINDOW_MS = 75;

export interface DevServerWatch {
  /** After a generation: watch any new input and show or clear the overlay. */
  report(outcome: GenerationOutcome): void;
}

export function watchCatalogInDevServer(
  server: ViteDevServer,
  state: CatalogBuildState,
): DevServerWatch {
  let showingError = false;
  const watched = new Set<string>();

  const report = (outcome: GenerationOutcome) => {
    // Outputs too: a file written while chokidar's first scan runs may otherwise never be tracked,
    // and then its deletion is never reported. Only paths not added yet: adding a watched file
    // again sets its watch up anew, and a save in that moment would be missed.
    const added = [...state.inputs, ...state.outputs].filter((f) => !watched.has(f));
    for (const f of added) watched.add(f);
    if (added.length > 0) server.watcher.add(added);
    if (!outcome.ok) {
      const err = toRollupError(outcome.diagnostics, outcome.root, true);
      server.config.logger.error(
        `[agent-tool-catalog] ${err.message}${err.frame ? `\n${err.frame}` : ''}`,
        {
          timestamp: true,
        },
      );
      server.ws.send({
        type: 'error',
        err: {
          message: err.message,
          stack: '',
          id: err.id,
          frame: err.frame,
          plugin: err.plugin,
          loc: err.loc,
        },
      });
      showingError = true;
      return;
    }
    const regenerated = `regenerated ${outcome.written.length} file${outcome.written.length === 1 ? '' : 's'}`;
    if (showingError) {
      // The fix may give back exactly the files already on disk, so no HMR update would clear the overlay;
      // and the terminal, which showed the error, says it is gone.
      showingError = false;
      server.ws.send({ type: 'full-reload', path: '*' });
      server.config.logger.info(
        `[agent-tool-catalog] the catalog's errors are fixed; ${regenerated}`,
        {
          timestamp: true,
        },
      );
      return;
    }
    if (outcome.written.length > 0)
      server.config.logger.info(`[agent-tool-catalog] ${regenerated}`, { timestamp: true });
  };

  const onEvent = async (event: WatchEvent, rawFile: string) => {
    const file = path.resolve(rawFile);
    let reason: 'change' | 'output-deleted';
    if (state.isInput(file) && (event === 'change' || event === 'add' || event === 'unlink')) {
      if (!(await state.contentChanged(file))) return;
      reason = 'change';
    } else if (event === 'add' && (await state.isNewSource(file))) {
      await state.contentChanged(file);
      reason = 'change';
    } else if (event !== 'addDir' && event !== 'unlinkDir' && state.isOutput(file)) {
      // Our own writes hold what the run wrote: only a hand edit (or a deletion) is put back. An
      // 'add' counts too: chokidar watches a re-created file only from its 'add' on, so an edit
      // made before then (right after we put the file back) is reported only as that 'add'.
      if (event !== 'unlink' && !(await state.outputEdited(file))) return;
      reason = 'output-deleted';
    } else {
      return; // Our own output changing, or a file that is none of our business: no loop.
    }
    if (reason === 'change') state.invalidate();
    report(await state.ensureGenerated(reason, file));
    // chokidar reports one change per file per 50 ms: a second save in that window (format on
    // save, a quick fix, an output edited again as it was put back) is not reported at all. Look
    // at the file once more after the window.
    setTimeout(() => void recheck(file, reason), CHANGE_WINDOW_MS);
  };

  const recheck = async (file: string, reason: 'change' | 'output-deleted') => {
    if (reason === 'output-deleted') {
      if (!(await state.outputEdited(file))) return;
    } else {
      if (!(await state.contentChanged(file))) return;
      state.invalidate();
    }
    report(await state.ensureGenerated(reason, file));
  };

  server.watcher.on('all', (event, file) => {
    onEvent(event as WatchEvent, file).catch((error: unknown) => {
      server.config.logger.error(
        `[agent-tool-catalog] regeneration failed: ${(error as Error).stack ?? String(error)}`,
      );
    });
  });
  return { report };
}
