// Vite dev server: watches every catalog input (also outside Vite's root), regenerates on a real
// change, restores deleted output, ignores our own writes, and shows catalog errors in the overlay.
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { CatalogBuildState, GenerationOutcome } from './catalog-build-state.js';
import { toRollupError } from './bundler-errors.js';

type WatchEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

export interface DevServerWatch {
  /** After a generation: watch any new input and show or clear the overlay. */
  report(outcome: GenerationOutcome): void;
}

export function watchCatalogInDevServer(server: ViteDevServer, state: CatalogBuildState): DevServerWatch {
  let showingError = false;

  const report = (outcome: GenerationOutcome) => {
    // Outputs too: a file written while chokidar's first scan runs may otherwise never be tracked,
    // and then its deletion is never reported.
    server.watcher.add([...state.inputs, ...state.outputs]);
    if (!outcome.ok) {
      const err = toRollupError(outcome.diagnostics, outcome.root);
      server.config.logger.error(`[agent-tool-catalog] ${err.message}${err.frame ? `\n${err.frame}` : ''}`, { timestamp: true });
      server.ws.send({ type: 'error', err: { message: err.message, stack: '', id: err.id, frame: err.frame, plugin: err.plugin, loc: err.loc } });
      showingError = true;
      return;
    }
    if (showingError) {
      // The fix may give back exactly the files already on disk, so no HMR update would clear the overlay.
      showingError = false;
      server.ws.send({ type: 'full-reload', path: '*' });
    }
    if (outcome.written.length > 0) server.config.logger.info(`[agent-tool-catalog] regenerated ${outcome.written.length} file${outcome.written.length === 1 ? '' : 's'}`, { timestamp: true });
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
    } else if (event === 'unlink' && state.isOutput(file)) {
      reason = 'output-deleted';
    } else {
      return; // Our own output changing, or a file that is none of our business: no loop.
    }
    if (reason === 'change') state.invalidate();
    report(await state.ensureGenerated(reason, file));
  };

  server.watcher.on('all', (event, file) => {
    onEvent(event as WatchEvent, file).catch((error: unknown) => {
      server.config.logger.error(`[agent-tool-catalog] regeneration failed: ${(error as Error).stack ?? String(error)}`);
    });
  });
  return { report };
}
