// Runs a real production build of the fixture app with each of the five bundlers and our plugin,
// returning the bundle text or the error the bundler reported (as its user would see it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin as RollupPlugin } from 'rollup';
import type { ToolCatalogPluginOptions } from '../../plugin/bundler/options';

export type BundlerName = 'vite' | 'esbuild' | 'rollup' | 'webpack' | 'rspack';
export const BUNDLERS: readonly BundlerName[] = ['vite', 'esbuild', 'rollup', 'webpack', 'rspack'];

export interface BuildOutcome {
  readonly ok: boolean;
  /** The emitted JavaScript (all chunks joined) when the build succeeded. */
  readonly bundle: string;
  /** What the bundler reported as errors, as text. */
  readonly errorText: string;
}

const TS_LOADER = fileURLToPath(new URL('./ts-loader.cjs', import.meta.url));

/** Rollup has no TypeScript support of its own; the fixture resolves `.ts` and strips types with esbuild. */
function stripTypes(): RollupPlugin {
  return {
    name: 'strip-types',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const file = path.resolve(path.dirname(importer), `${source}.ts`);
      return existsSync(file) ? file : null;
    },
    async transform(code, id) {
      if (!id.endsWith('.ts')) return null;
      const { transform } = await import('esbuild');
      return { code: (await transform(code, { loader: 'ts', format: 'esm' })).code, map: null };
    },
  };
}

const errorText = (error: unknown): string => {
  if (error instanceof Error) {
    const e = error as Error & {
      frame?: string;
      loc?: { file: string; line: number; column: number };
      errors?: {
        text: string;
        location?: { file: string; line: number; column: number; lineText: string } | null;
      }[];
    };
    const esbuildErrors =
      e.errors
        ?.map(
          (m) =>
            `${m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1}: ` : ''}${m.text}\n${m.location?.lineText ?? ''}`,
        )
        .join('\n') ?? '';
    return [
      e.message,
      e.loc ? `at ${e.loc.file}:${e.loc.line}:${e.loc.column}` : '', // 1-based, as the plugin gives it
      e.frame ?? '',
      esbuildErrors,
    ].join('\n');
  }
  return String(error);
};

async function webpackLike(
  name: 'webpack' | 'rspack',
  dir: string,
  options: ToolCatalogPluginOptions,
): Promise<BuildOutcome> {
  const outDir = path.join(dir, 'dist');
  const rule =
    name === 'webpack'
      ? { test: /\.ts$/, loader: TS_LOADER }
      : {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
        };
  const common = {
    context: dir,
    mode: 'production' as const,
    devtool: false as const,
    entry: './src/main.ts',
    output: { path: outDir, filename: 'main.js' },
    optimization: { minimize: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [rule] },
    infrastructureLogging: { level: 'none' as const },
  };
  let run: (
    cb: (
      err: Error | null,
      stats: { hasErrors(): boolean; toString(o: object): string } | undefined,
    ) => void,
  ) => void;
  if (name === 'webpack') {
    const { webpack } = await import('webpack');
    const plugin = (await import('../../plugin/bundler/webpack')).default;
    const compiler = webpack({ ...common, plugins: [plugin(options)] });
    run = (cb) => compiler.run((err, stats) => compiler.close(() => cb(err ?? null, stats)));
  } else {
    const { rspack } = await import('@rspack/core');
    const plugin = (await import('../../plugin/bundler/rspack')).default;
    const compiler = rspack({ ...common, plugins: [plugin(options)] });
    run = (cb) =>
      compiler.run((err, stats) => compiler.close(() => cb(err ?? null, stats as never)));
  }
  return new Promise((resolve) => {
    run((err, stats) => {
      if (err) return resolve({ ok: false, bundle: '', errorText: errorText(err) });
      if (!stats || stats.hasErrors())
        return resolve({
          ok: false,
          bundle: '',
          errorText: stats?.toString({ all: false, errors: true, colors: false }) ?? '',
        });
      resolve({
        ok: true,
        bundle: readFileSync(path.join(outDir, 'main.js'), 'utf8'),
        errorText: '',
      });
    });
  });
}

export async function buildWith(
  name: BundlerName,
  dir: string,
  options: ToolCatalogPluginOptions = {},
): Promise<BuildOutcome> {
  const pluginOptions: ToolCatalogPluginOptions = { root: dir, ...options };
  try {
    switch (name) {
      case 'vite': {
        const { build } = await import('vite');
        const plugin = (await import('../../plugin/bundler/vite')).default;
        const output = await build({
          root: dir,
          configFile: false,
          logLevel: 'silent',
          plugins: [plugin(pluginOptions)],
          build: { write: false, minify: false, emptyOutDir: false },
        });
        const results = Array.isArray(output) ? output : [output];
        const code = results
          .flatMap((r) => ('output' in r ? r.output : []))
          .map((c) => ('code' in c ? c.code : ''))
          .join('\n');
        return { ok: true, bundle: code, errorText: '' };
      }
      case 'esbuild': {
        const { build } = await import('esbuild');
        const plugin = (await import('../../plugin/bundler/esbuild')).default;
        const result = await build({
          absWorkingDir: dir,
          entryPoints: ['src/main.ts'],
          bundle: true,
          write: false,
          format: 'esm',
          outfile: path.join(dir, 'dist/main.js'),
          logLevel: 'silent',
          plugins: [plugin(pluginOptions)],
        });
        return {
          ok: true,
          bundle: result.outputFiles.map((f) => f.text).join('\n'),
          errorText: '',
        };
      }
      case 'rollup': {
        const { rollup } = await import('rollup');
        const plugin = (await import('../../plugin/bundler/rollup')).default;
        const bundle = await rollup({
          input: path.join(dir, 'src/main.ts'),
          plugins: [plugin(pluginOptions), stripTypes()],
          logLevel: 'silent',
        });
        const { output } = await bundle.generate({ format: 'esm' });
        await bundle.close();
        return {
          ok: true,
          bundle: output.map((c) => ('code' in c ? c.code : '')).join('\n'),
          errorText: '',
        };
      }
      case 'webpack':
      case 'rspack':
        return await webpackLike(name, dir, pluginOptions);
    }
  } catch (error) {
    return { ok: false, bundle: '', errorText: errorText(error) };
  }
}
