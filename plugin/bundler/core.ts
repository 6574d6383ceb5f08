// The bundler plugin, built once with unplugin: it runs the same `generateAndWrite` core as the CLI
// at build start, passes catalog errors to the bundler, and in watch/dev mode watches the catalog.
import path from 'node:path';
import { createUnplugin, type UnpluginBuildContext } from 'unplugin';
import { createCatalogBuildState } from './catalog-build-state.js';
import { PLUGIN_NAME, toEsbuildMessages, toPlainMessage, toRollupError } from './bundler-errors.js';
import { applyWebpackHooks } from './webpack-hooks.js';
import { isCiEnvironment, type ToolCatalogPluginOptions } from './options.js';
import { watchCatalogInDevServer, type DevServerWatch } from './vite-dev-server.js';

interface RollupLikeContext {
  error(error: object): never;
  meta?: { watchMode?: boolean };
}

const hasRollupError = (ctx: unknown): ctx is RollupLikeContext =>
  typeof (ctx as { error?: unknown }).error === 'function';

export const toolCatalogUnplugin = createUnplugin<ToolCatalogPluginOptions | undefined, false>(
  (rawOptions, meta) => {
    const options = rawOptions ?? {};
    const ci = options.ci ?? isCiEnvironment();
    // One state object per plugin instance: two builds in one process never share a catalog.
    const state = createCatalogBuildState(options);
    const rollupLike =
      meta.framework === 'rollup' || meta.framework === 'vite' || meta.framework === 'rolldown';
    let viteCommand: 'serve' | 'build' | undefined;
    let devServer: DevServerWatch | undefined;

    function isWatchMode(ctx: UnpluginBuildContext): boolean {
      return (ctx as Partial<RollupLikeContext>).meta?.watchMode === true;
    }

    return {
      name: PLUGIN_NAME,
      enforce: 'pre',
      // esbuild, webpack and Rspack generate in their own hooks below; Rollup and Vite generate here.
      buildStart: !rollupLike
        ? undefined
        : async function buildStart(this: UnpluginBuildContext) {
            const watching = !ci && (viteCommand === 'serve' || isWatchMode(this));
            if (watching) state.keepWarm();
            const outcome = await state.ensureGenerated('build-start');
            if (viteCommand === 'serve' && devServer && !ci) {
              // dev: the overlay shows errors and the server keeps running until they are fixed
              devServer.report(outcome);
              return;
            }
            if (viteCommand !== 'serve' && !ci && isWatchMode(this))
              for (const file of state.inputs) this.addWatchFile(file);
            if (outcome.ok) return;
            if (hasRollupError(this))
              this.error(toRollupError(outcome.diagnostics, outcome.root, watching));
            throw new Error(`[${PLUGIN_NAME}] ${toPlainMessage(outcome.diagnostics, watching)}`);
          },
      watchChange: !rollupLike
        ? undefined
        : (id) => {
            if (state.isInput(id)) state.invalidate();
          },
      rollup: {
        async closeWatcher() {
          await state.dispose();
        },
      },
      webpack(compiler) {
        applyWebpackHooks(compiler, state, ci);
      },
      rspack(compiler) {
        applyWebpackHooks(compiler, state, ci);
      },
      vite: {
        configResolved(config) {
          viteCommand = config.command;
          state.root = path.resolve(config.root, options.root ?? '.');
        },
        configureServer(server) {
          if (!ci) devServer = watchCatalogInDevServer(server, state);
        },
        async buildEnd() {
          // Vite dev calls buildEnd when the server closes; a build has no session to end.
          if (viteCommand === 'serve') await state.dispose();
        },
        async closeWatcher() {
          await state.dispose(); // `vite build --watch`
        },
      },
      esbuild: {
        // unplugin runs buildStart in esbuild's onStart, where it cannot add watch files or return
        // located errors; this native setup does both.
        setup(build) {
          build.onStart(async () => {
            if (!ci) state.keepWarm(); // a one-off build disposes right after; a context keeps rebuilding
            state.invalidate(); // esbuild does not say which file changed: let write-if-changed decide.
            const outcome = await state.ensureGenerated('build-start');
            return outcome.ok
              ? undefined
              : { errors: toEsbuildMessages(outcome.diagnostics, outcome.root) };
          });
          build.onDispose(() => void state.dispose());
          if (ci) return;
          // esbuild only watches files a plugin names: hang the catalog inputs on our own output.
          build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
            if (!state.isOutput(args.path)) return undefined;
            const { readFile } = await import('node:fs/promises');
            return {
              contents: await readFile(args.path, 'utf8'),
              loader: 'ts',
              watchFiles: [...state.inputs],
            };
          });
        },
      },
    };
  },
);
