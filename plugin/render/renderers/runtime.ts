// Writes the runtime into the output folder (`<outDir>/runtime/`), so an app that uses the generated
// code needs nothing of this package at run time. The text is the package's own runtime source;
// only its header and the extension of its relative imports (the app's import style) are set here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogModel } from '../../model/catalog-model.js';
import type { RenderedFile, Renderer } from '../renderer.js';

/** The runtime's TypeScript sources: `plugin/runtime/` in the repository, `dist/runtime-source/` in the package. */
function runtimeSourcesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../runtime'),
    path.resolve(here, 'runtime-source'),
    path.resolve(here, '../runtime-source'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'policy-tables.ts')));
  if (!found) throw new Error(`agent-tool-catalog: runtime sources not found near ${here}`);
  return found;
}

let sources: ReadonlyMap<string, string> | undefined;

/** The runtime's files by name, read once per process. */
function runtimeSources(): ReadonlyMap<string, string> {
  if (!sources) {
    const dir = runtimeSourcesDir();
    sources = new Map(
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts'))
        .sort()
        .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
    );
  }
  return sources;
}

export const runtimeRenderer: Renderer = {
  name: 'runtime',
  render({ model, header }) {
    const files = new Map<string, RenderedFile>();
    if (model.config.runtimeModule !== undefined) return { files };
    const extension = model.config.imports.extension;
    for (const [name, source] of runtimeSources()) {
      const code = source.replace(/(from\s+'\.\/[^']+?)\.js'/g, `$1${extension}'`);
      files.set(path.join(runtimeDir(model), name), { content: `${header}\n${code}` });
    }
    return { files };
  },
};

const runtimeDir = (model: CatalogModel) => path.join(model.config.outDir, 'runtime');
