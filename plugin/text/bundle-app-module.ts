// Bundles one module of the app's own code (usually TypeScript) into a single ES module this process
// can import: the app's files are compiled in, its packages stay imports of the app's own copies.
// rolldown does it (Vite 8's bundler: prebuilt, no install script), loaded only when asked.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compilerHeadline } from './terminal.js';

export interface AppModuleBundle {
  /** The module's text: what `contents` exports, each package import still an import. */
  readonly contents: string;
  /** The folder `contents` is written in: its imports resolve from there, and messages name files from there. */
  readonly resolveDir: string;
  /**
   * How a package import is left: as written (the bundle is imported from a folder that sees the
   * app's packages), or as the file URL of the app's copy (the bundle may be imported from anywhere).
   */
  readonly packages: 'as-written' | 'as-file-urls';
  /** An inline source map, so stack traces name the app's files. */
  readonly sourcemap?: boolean;
}

/** The bundle could not be made: the bundler's first error, where it is (relative to `resolveDir`). */
export class AppModuleBundleError extends Error {
  override name = 'AppModuleBundleError';
  constructor(
    readonly words: string,
    readonly at: { file: string; line: number; column: number } | undefined,
  ) {
    super(words);
  }
}

/** The name the entry is given: a file in `resolveDir` that never exists, so nothing else can be it. */
const ENTRY_NAME = '__tool-catalog-app-module__.ts';

const isPackage = (specifier: string) => !specifier.startsWith('.') && !path.isAbsolute(specifier);

export async function bundleAppModule(options: AppModuleBundle): Promise<string> {
  const { rolldown } = await import('rolldown');
  const entry = path.join(options.resolveDir, ENTRY_NAME);
  let bundle: Awaited<ReturnType<typeof rolldown>> | undefined;
  try {
    bundle = await rolldown({
      input: entry,
      cwd: options.resolveDir,
      platform: 'node',
      logLevel: 'silent',
      // A name the module does not export is undefined, as in an unbundled import of a CommonJS
      // module: the caller then says which reference names nothing, in its own words.
      shimMissingExports: true,
      plugins: [
        {
          name: 'tool-catalog-app-module',
          async resolveId(specifier, importer) {
            if (specifier === entry) return specifier;
            if (!isPackage(specifier)) return undefined;
            if (specifier.startsWith('node:') || builtinModules.includes(specifier))
              return { id: specifier, external: true };
            if (options.packages === 'as-written') return { id: specifier, external: true };
            const found = await this.resolve(specifier, importer, { skipSelf: true });
            if (!found || found.external) return { id: specifier, external: true };
            return { id: pathToFileURL(found.id).href, external: true };
          },
          load: (id) => (id === entry ? options.contents : undefined),
        },
      ],
    });
    const output = await bundle.generate({
      format: 'esm',
      sourcemap: options.sourcemap ? 'inline' : false,
    });
    return output.output[0].code;
  } catch (error) {
    const first = (
      error as {
        errors?: { message: string; loc?: { file?: string; line: number; column: number } }[];
      }
    ).errors?.[0];
    const file = first?.loc?.file;
    throw new AppModuleBundleError(
      compilerHeadline(first?.message ?? String((error as Error)?.message ?? error)).replace(
        /\.$/,
        '',
      ),
      first?.loc && file && file !== entry
        ? {
            file: path.relative(options.resolveDir, file),
            line: first.loc.line,
            column: first.loc.column + 1,
          }
        : undefined,
    );
  } finally {
    await bundle?.close();
  }
}
