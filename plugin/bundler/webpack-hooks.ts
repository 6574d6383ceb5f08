// webpack and Rspack: generate in `beforeRun` / `watchRun` (series hooks), because unplugin's
// buildStart runs in `make`, in parallel with the entries that import the generated files.
import type { Compiler as RspackCompiler } from '@rspack/core';
import type { Compiler as WebpackCompiler } from 'webpack';
import type { CatalogBuildState, GenerationOutcome } from './catalog-build-state.js';
import { PLUGIN_NAME, toPlainMessage } from './bundler-errors.js';

type AnyCompiler = WebpackCompiler | RspackCompiler;

export function applyWebpackHooks(
  compiler: AnyCompiler,
  state: CatalogBuildState,
  ci: boolean,
): void {
  let outcome: GenerationOutcome | undefined;
  const c = compiler as WebpackCompiler; // the hooks used here have the same shape in both
  const generate = async () => {
    outcome = await state.ensureGenerated('build-start');
  };
  c.hooks.beforeRun.tapPromise(PLUGIN_NAME, generate);
  c.hooks.watchClose.tap(PLUGIN_NAME, () => void state.dispose());
  c.hooks.watchRun.tapPromise(PLUGIN_NAME, async (rebuilding) => {
    if (!ci) state.keepWarm();
    const changed = [...(rebuilding.modifiedFiles ?? []), ...(rebuilding.removedFiles ?? [])];
    if (changed.some((f) => state.isInput(f))) state.invalidate();
    await generate();
  });
  c.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
    if (c.watchMode && !ci) for (const file of state.inputs) compilation.fileDependencies.add(file);
    if (!outcome || outcome.ok) return;
    const ErrorClass =
      'rspack' in compiler
        ? (compiler as RspackCompiler).rspack.WebpackError
        : c.webpack.WebpackError;
    const error = new ErrorClass(
      `[${PLUGIN_NAME}] ${toPlainMessage(outcome.diagnostics, c.watchMode && !ci)}`,
    );
    error.name = 'ToolCatalogError';
    compilation.errors.push(error as never);
  });
}
