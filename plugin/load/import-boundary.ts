// The one place that decides what an import in a catalog or config module names, before anything is
// read: `agent-tool-catalog`, or a regular file whose real place (symbolic links followed) lies in
// the project folder — for the authoring API's own files, in its package. Anything else is refused
// with a message that says why and how to fix it, whatever the spelling (relative, absolute, a
// `file:` URL, through a link): nothing outside the project reaches a catalog, its outputs or a
// message, and no FIFO, device or socket is ever opened.
import { existsSync, realpathSync, statSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTIC_CODES } from '../diagnostics/diagnostics.js';
import { liesIn } from '../text/real-place.js';
import { FILE_KIND_WORDS, fileKindOf } from '../text/regular-file.js';
import { candidatesAt } from './resolution-candidates.js';

export const PACKAGE_NAME = 'agent-tool-catalog';
/** Far above any catalog module (20,000 tools in one file are a few MB): a larger file is not read. */
export const MAX_MODULE_BYTES = 16 * 1024 * 1024;
/** How long reading one module may take (a file on a stuck network mount is reported, not waited for). */
export const MODULE_READ_DEADLINE_MS = 10_000;

/**
 * How the boundary looks at the file system: directly, or through one evaluation's reader (each
 * path looked at once, an import resolved once per folder it is written in).
 */
export interface PathLooks {
  /** `statSync` with links followed: the stats, undefined where nothing stands, or it throws. */
  stat(file: string): Stats | undefined;
  /** `realpathSync.native`, or undefined where it fails. */
  realpath(file: string): string | undefined;
  /** `compute()`, or what it gave for `key` before. */
  once<T>(key: string, compute: () => T): T;
}

/** Looks at the file system anew each time. */
const DIRECT: PathLooks = {
  stat: (file) => statSync(file, { throwIfNoEntry: false }),
  realpath: (file) => {
    try {
      return realpathSync.native(file);
    } catch {
      return undefined;
    }
  },
  once: (_, compute) => compute(),
};

/** The folders imports may reach: the project's, and the authoring API's package. */
export interface ImportBoundary {
  readonly rootDir: string;
  readonly realRoot: string;
  readonly packageDir: string;
  readonly realPackageDir: string;
  /** The file `import … from 'agent-tool-catalog'` loads. */
  readonly authoring: string;
}

const realOrSelf = (dir: string) => {
  try {
    return realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
};

/**
 * The project folder of a config at `configDir`: the repository it is in (the nearest folder above
 * holding `.git`), so a catalog may live beside the app that compiles it (a shared package of a
 * monorepo, an example compiling the repository's catalog), or the config's own folder when it is in
 * none. A repository at the home folder or above it is not taken: that would let every file of the
 * user reach the catalog.
 */
export function projectFolderOf(configDir: string): string {
  const start = path.resolve(configDir);
  const home = path.resolve(os.homedir());
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (liesIn(dir, home)) return start;
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

export function importBoundary(configDir: string, authoring: string): ImportBoundary {
  const packageDir = path.dirname(authoring);
  const rootDir = projectFolderOf(configDir);
  return {
    rootDir,
    realRoot: realOrSelf(rootDir),
    packageDir,
    realPackageDir: realOrSelf(packageDir),
    authoring,
  };
}

export type ImportResolution =
  | { readonly kind: 'file'; readonly file: string }
  | {
      readonly kind: 'refused';
      readonly code: (typeof DIAGNOSTIC_CODES)['forbiddenImport' | 'syntax'];
      readonly message: string;
      /** Its real place lies outside the folder it may be read from. */
      readonly outside?: true;
    };

const refused = (
  message: string,
  code: (typeof DIAGNOSTIC_CODES)['forbiddenImport' | 'syntax'] = DIAGNOSTIC_CODES.forbiddenImport,
): ImportResolution => ({
  kind: 'refused',
  code,
  message,
});

/** The message for an import of a package, a built-in or a URL. */
export const refusal = (specifier: string) =>
  `"${specifier}" cannot be imported here: catalog and config modules may ` +
  `import only "${PACKAGE_NAME}" and each other, so no app code runs at ` +
  `build time; move the value into the catalog or reference the module ` +
  `with { module, export }.`;

const outside = (specifier: string, root: string) =>
  `"${specifier}" names a file outside the project folder ${root}: catalog ` +
  `and config modules may read only files inside it (symbolic links ` +
  `followed), so nothing else on the machine reaches the catalog or its ` +
  `outputs; copy the value into a file inside the project and import that ` +
  `by a relative path.`;

/** The folder an importer's imports must stay in, as spelled and really. */
function allowedFolder(importer: string, boundary: ImportBoundary): [string, string] {
  return liesIn(boundary.packageDir, importer) && !liesIn(boundary.rootDir, importer)
    ? [boundary.packageDir, boundary.realPackageDir]
    : [boundary.rootDir, boundary.realRoot];
}

/**
 * Whether a regular file of at most the size limit stands at `candidate` (links followed), really in
 * `real`: its path spelled from `spelled`, or why it is not read; undefined when nothing stands there
 * or a folder does (another candidate may match).
 */
function fileAt(
  candidate: string,
  specifier: string,
  [spelled, real]: [string, string],
  looks: PathLooks,
): ImportResolution | undefined {
  let stat: Stats | undefined;
  try {
    stat = looks.stat(candidate);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return undefined;
    return refused(
      `"${specifier}" cannot be looked at (${code ?? 'error'}); fix the path or the ` +
        `symbolic link it goes through.`,
    );
  }
  if (!stat) return undefined;
  const kind = fileKindOf(stat);
  if (kind === 'folder') return undefined;
  const realFile = looks.realpath(candidate);
  if (realFile === undefined) return undefined;
  // Outside first: nothing about a file outside the project (not even its type) is reported.
  if (!liesIn(real, realFile))
    return {
      kind: 'refused',
      code: DIAGNOSTIC_CODES.forbiddenImport,
      message: outside(specifier, spelled),
      outside: true,
    };
  if (kind !== 'file')
    return refused(
      `"${specifier}" is ${FILE_KIND_WORDS[kind]}, not a regular file, so it is not ` +
        `read; import a .ts, .js or .json file.`,
    );
  if (stat.size > MAX_MODULE_BYTES)
    return refused(
      `"${specifier}" is ${Math.ceil(stat.size / 2 ** 20)} MB, more than the ` +
        `${MAX_MODULE_BYTES / 2 ** 20} MB a catalog or config module may import; ` +
        `split it, or keep the data out of the catalog.`,
    );
  return { kind: 'file', file: path.join(spelled, path.relative(real, realFile)) };
}

/**
 * What `specifier`, imported from the file `importer`, names: the first file of the candidates a
 * relative import has (as the bundler tries them), or why the import is refused.
 */
export function resolveImport(
  specifier: string,
  importer: string,
  boundary: ImportBoundary,
  looks: PathLooks = DIRECT,
): ImportResolution {
  // Everything below depends on the importer's folder only.
  return looks.once(`${path.dirname(importer)}\0${specifier}`, () =>
    resolveFrom(specifier, importer, boundary, looks),
  );
}

function resolveFrom(
  specifier: string,
  importer: string,
  boundary: ImportBoundary,
  looks: PathLooks,
): ImportResolution {
  if (specifier === PACKAGE_NAME) return { kind: 'file', file: boundary.authoring };
  const relative = /^\.\.?(?:\/|\\|$)/.test(specifier);
  const url = /^file:/i.test(specifier);
  if (!relative && !url && !path.isAbsolute(specifier)) return refused(refusal(specifier));
  let base: string;
  try {
    base = url ? fileURLToPath(specifier) : path.resolve(path.dirname(importer), specifier);
  } catch {
    return refused(refusal(specifier));
  }
  const folder = allowedFolder(importer, boundary);
  // Spelled outside the project: refused before anything there is looked at.
  if (!liesIn(folder[0], base) && !liesIn(folder[1], base))
    return refused(outside(specifier, folder[0]));
  for (const candidate of candidatesAt(base)) {
    const found = fileAt(candidate, specifier, folder, looks);
    if (!found) continue;
    if (found.kind === 'file' && !relative) {
      const written = path.relative(path.dirname(importer), found.file).split(path.sep).join('/');
      return refused(
        `"${specifier}" is written as ${url ? 'a file: URL' : 'an absolute path'}; ` +
          `catalog and config modules import each other by relative paths, so ` +
          `the project can move: write "${written.startsWith('.') ? written : `./${written}`}".`,
      );
    }
    return found;
  }
  return refused(
    `Could not resolve "${specifier}": no file of that name (with or without ` +
      `.ts, .js, .json or another module extension, or an index file in such a ` +
      `folder) exists; fix the path.`,
    DIAGNOSTIC_CODES.syntax,
  );
}

/** Why an entry file (the config, a catalog file) is not read, or undefined when it may be. */
export function entryRefusal(
  entry: string,
  boundary: ImportBoundary,
  looks: PathLooks = DIRECT,
): string | undefined {
  const name = path.relative(boundary.rootDir, entry) || entry;
  const found = fileAt(entry, name, [boundary.rootDir, boundary.realRoot], looks);
  if (found?.kind === 'refused' && found.outside)
    return (
      `${name} is a symbolic link to a file outside the project folder ` +
      `${boundary.rootDir}: catalog and config modules may read only files ` +
      `inside it, so nothing else on the machine reaches the catalog or its ` +
      `outputs; put the file itself there instead of the link.`
    );
  if (found?.kind === 'refused') return found.message;
  if (!found) return `"${name}" is not a file any more; run again.`;
  return undefined;
}
