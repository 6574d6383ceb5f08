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
import { tsString } from '../../text/escape.js';

/** The first of `candidates` (relative to this module) that holds `marker`. */
function sourcesDir(candidates: readonly string[], marker: string, what: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = candidates
    .map((c) => path.resolve(here, c))
    .find((c) => existsSync(path.join(c, marker)));
  if (!found) throw new Error(`agent-tool-catalog: ${what} not found near ${here}`);
  return found;
}

/** The runtime's TypeScript sources: `plugin/runtime/` in the repository, `dist/runtime-source/` in the package. */
const runtimeSourcesDir = () =>
  sourcesDir(
    ['../../runtime', 'runtime-source', '../runtime-source'],
    'policy-tables.ts',
    'runtime sources',
  );

/**
 * A target's runtime sources: `plugin/targets/<name>/runtime/` in the repository,
 * `dist/target-runtime/<name>/` in the package.
 */
const targetRuntimeDir = (target: string) =>
  sourcesDir(
    [`../../targets/${target}/runtime`, `target-runtime/${target}`, `../target-runtime/${target}`],
    '.',
    `the runtime of the ${target} target`,
  );

interface RuntimeSources {
  /** The runtime's files by name. */
  readonly files: ReadonlyMap<string, string>;
  /** The package version their headers name. */
  readonly version: string;
}

const SOURCES = memoSlot<string, RuntimeSources>('runtime sources');

/** The TypeScript files of `dir` and the package version, read once per run or session (under `name`). */
function sourcesOf(name: string, dir: () => string): RuntimeSources {
  const known = lastKept(SOURCES, name);
  if (known) return known;
  const folder = dir();
  const files = new Map(
    readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts'))
      .sort()
      .map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]),
  );
  const sources = { files, version: packageVersion() };
  keepLast(SOURCES, name, sources);
  return sources;
}

/** The runtime's files and the package version, read once per run or session. */
const runtimeSources = () => sourcesOf('runtime', runtimeSourcesDir);

const runtimeDir = (model: CatalogModel) => path.join(model.config.outDir, 'runtime');

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, 16);
/** The last header line of a runtime copy: which package version wrote it, and the hash of what follows. */
const STAMP =
  /^\/\/ agent-tool-catalog ([^ ]+) runtime, sha256 ([0-9a-f]{16}) of the code below\.\n/m;

/** The header line that names the package version and the hash of `code`, the text after it. */
const stampOf = (version: string, code: string) =>
  `// agent-tool-catalog ${version} runtime, sha256 ${hashOf(code)} of the code below.\n`;

/** Whether `text` is a stamped runtime copy (what the runtime renderer writes). */
export const isRuntimeCopy = (text: string) => STAMP.test(text);

/** Whether a runtime copy's code no longer has the hash its header gives: someone edited it by hand. */
export function isHandEditedRuntimeCopy(text: string): boolean {
  const stamp = STAMP.exec(text);
  if (!stamp) return false;
  return hashOf(text.slice(stamp.index + stamp[0].length)) !== stamp[2];
}

/** Each source as its copy in the output folder: stamped, its relative imports in the app's style. */
function copies(
  model: CatalogModel,
  header: string,
  sources: RuntimeSources,
  rewrite: (code: string) => string = (code) => code,
): Map<string, RenderedFile> {
  const extension = model.config.imports.extension;
  const files = new Map<string, RenderedFile>();
  for (const [name, source] of sources.files) {
    const code = rewrite(source).replace(/(from\s+'\.\/[^']+?)\.js'/g, `$1${extension}'`);
    files.set(path.join(runtimeDir(model), name), {
      content: `${header}\n${stampOf(sources.version, code)}${code}`,
    });
  }
  return files;
}

export const runtimeRenderer: Renderer = {
  name: 'runtime',
  showsNoCopy: true,
  render({ model, header }) {
    if (model.config.runtimeModule !== undefined) return { files: new Map() };
    return { files: copies(model, header, runtimeSources()) };
  },
};

/**
 * A target's runtime, copied into `<outDir>/runtime/` beside the core runtime. Its sources import the
 * core runtime only through `../../../runtime/index.js`: the copy imports `./index` (or the
 * `runtimeModule` the config names, when the core runtime is not copied).
 */
export function targetRuntimeRenderer(target: string): Renderer {
  return {
    name: `runtime of ${target}`,
    showsNoCopy: true,
    render({ model, header }) {
      const core = model.config.runtimeModule;
      const sources = sourcesOf(`runtime of ${target}`, () => targetRuntimeDir(target));
      const rewrite = (code: string) =>
        code.replace(
          /from '\.\.\/\.\.\/\.\.\/runtime\/index\.js'/g,
          core === undefined ? "from './index.js'" : `from ${tsString(core)}`,
        );
      return { files: copies(model, header, sources, rewrite) };
    },
  };
}
