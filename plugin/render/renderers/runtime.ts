// Writes the runtime into the output folder (`<outDir>/runtime/`), so an app that uses the generated
// code needs nothing of this package at run time. The text is the package's own runtime source;
// only its header (with the package version and a hash of the code) and the extension of its
// relative imports (the app's import style) are set here.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogModel } from '../../model/catalog-model.js';
import type { RenderedFile, Renderer } from '../renderer.js';
import { keepLast, lastKept, memoSlot } from '../../session-memory.js';
import { packageVersion } from '../../text/package-version.js';

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

interface RuntimeSources {
  /** The runtime's files by name. */
  readonly files: ReadonlyMap<string, string>;
  /** The package version their headers name. */
  readonly version: string;
}

const SOURCES = memoSlot<'runtime', RuntimeSources>('runtime sources');

/** The runtime's files and the package version, read once per run or session. */
function runtimeSources(): RuntimeSources {
  const known = lastKept(SOURCES, 'runtime');
  if (known) return known;
  const dir = runtimeSourcesDir();
  const files = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts'))
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );
  const sources = { files, version: packageVersion() };
  keepLast(SOURCES, 'runtime', sources);
  return sources;
}

const runtimeDir = (model: CatalogModel) => path.join(model.config.outDir, 'runtime');

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, 16);
/** The last header line of a runtime copy: which package version wrote it, and the hash of what follows. */
const STAMP =
  /^\/\/ agent-tool-catalog ([^ ]+) runtime, sha256 ([0-9a-f]{16}) of the code below\.\n/m;

/** The header line that names the package version and the hash of `code`, the text after it. */
const stampOf = (version: string, code: string) =>
  `// agent-tool-catalog ${version} runtime, sha256 ${hashOf(code)} of the code below.\n`;

/** Whether a runtime copy's code no longer has the hash its header gives: someone edited it by hand. */
export function isHandEditedRuntimeCopy(text: string): boolean {
  const stamp = STAMP.exec(text);
  if (!stamp) return false;
  return hashOf(text.slice(stamp.index + stamp[0].length)) !== stamp[2];
}

export const runtimeRenderer: Renderer = {
  name: 'runtime',
  showsNoCopy: true,
  render({ model, header }) {
    const files = new Map<string, RenderedFile>();
    if (model.config.runtimeModule !== undefined) return { files };
    const extension = model.config.imports.extension;
    const { files: sources, version } = runtimeSources();
    for (const [name, source] of sources) {
      const code = source.replace(/(from\s+'\.\/[^']+?)\.js'/g, `$1${extension}'`);
      files.set(path.join(runtimeDir(model), name), {
        content: `${header}\n${stampOf(version, code)}${code}`,
      });
    }
    return { files };
  },
};
