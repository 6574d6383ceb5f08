// Which extension relative imports in generated files must carry for the app's TypeScript setup:
// read from the tsconfig that includes the output folder (following `extends` and project references),
// with every file that decided it (what `tool-catalog inputs` lists for a task runner's cache).
import path from 'node:path';
import {
  createFilesMatcher,
  getTsconfig,
  parseTsconfig,
  type TsConfigJsonResolved,
} from 'get-tsconfig';

export type ImportExtension = '' | '.js' | '.ts';

export interface ImportStyle {
  readonly extension: ImportExtension;
  /** Why: the tsconfig (and option) that decided, or that the config set it. */
  readonly reason: string;
  /**
   * The files whose content decided (the tsconfig, its `extends` chain, the projects it references
   * and theirs), and the paths where a tsconfig that appeared would decide instead.
   */
  readonly files?: readonly string[];
}

/** get-tsconfig's cache of one look-up, by what it did: `readFileSync:<file>:utf8`, `existsSync:<path>`. */
type LookUps = Map<string, unknown>;

/**
 * The files one look-up read, and the paths in the project it found empty (where a tsconfig would
 * take over), leaving out the output folder itself (its files are generated) and installed packages.
 */
function decidingFiles(lookUps: LookUps, outDir: string, rootDir: string): string[] {
  const files = new Set<string>();
  for (const [key, value] of lookUps) {
    const read = /^readFileSync:(.+):utf8$/.exec(key)?.[1];
    const empty = value === false ? /^existsSync:(.+)$/.exec(key)?.[1] : undefined;
    const absent = empty?.startsWith(rootDir + path.sep) ? empty : undefined;
    const file = read ?? absent;
    if (file === undefined || file.split(path.sep).includes('node_modules')) continue;
    if (file.startsWith(outDir + path.sep)) continue;
    files.add(path.resolve(file));
  }
  return [...files];
}

const NODE_RESOLUTION = /^node(16|next)$/i;
const NODE_MODULE = /^node(1[6-9]|2\d|next)$/i;

/** The extension a project with these options needs. */
function extensionFor(options: TsConfigJsonResolved['compilerOptions'] = {}): ImportExtension {
  const resolution =
    options.moduleResolution ??
    (options.module && NODE_MODULE.test(options.module) ? 'nodenext' : undefined);
  if (resolution === undefined || !NODE_RESOLUTION.test(resolution)) return '';
  return options.allowImportingTsExtensions && options.rewriteRelativeImportExtensions
    ? '.ts'
    : '.js';
}

/**
 * The tsconfig that compiles `folder`: the nearest one above it, or the project it references that
 * includes the folder.
 */
function projectOf(
  folder: string,
  lookUps: LookUps,
): { file: string; options: TsConfigJsonResolved['compilerOptions'] } | undefined {
  const found = getTsconfig(folder, 'tsconfig.json', lookUps);
  if (!found) return undefined;
  const probe = path.join(folder, 'index.ts');
  for (const ref of found.config.references ?? []) {
    const target = path.resolve(path.dirname(found.path), ref.path);
    const file = target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    try {
      const config = parseTsconfig(file, lookUps as Map<string, string>);
      if (createFilesMatcher({ config, path: file })(probe))
        return { file, options: config.compilerOptions };
    } catch {
      // A reference that does not parse is TypeScript's to report.
    }
  }
  return { file: found.path, options: found.config.compilerOptions };
}

/** The import style of generated files in `outDir`: the config's choice, else the app's tsconfig's. */
export function importStyle(
  outDir: string,
  configured: 'none' | '.js' | '.ts' | undefined,
  rootDir: string,
): ImportStyle {
  if (configured !== undefined)
    return {
      extension: configured === 'none' ? '' : configured,
      reason: `importExtension: '${configured}' in the config`,
    };
  let project: ReturnType<typeof projectOf>;
  const lookUps: LookUps = new Map();
  try {
    project = projectOf(outDir, lookUps);
  } catch {
    project = undefined;
  }
  const files = decidingFiles(lookUps, outDir, rootDir);
  if (!project)
    return { extension: '', reason: 'no tsconfig.json includes the output folder', files };
  const extension = extensionFor(project.options);
  const rel = path.relative(rootDir, project.file) || path.basename(project.file);
  return {
    extension,
    files,
    reason:
      `${rel}: moduleResolution ` +
      `${project.options?.moduleResolution ?? `implied by module ${project.options?.module ?? '(default)'}`}`,
  };
}

/** The tsconfig that compiles `folder`, with its `module` and `moduleResolution` as written (lower case). */
export function resolutionOf(
  folder: string,
): { file: string; module?: string; moduleResolution?: string } | undefined {
  let project: ReturnType<typeof projectOf>;
  try {
    project = projectOf(folder, new Map());
  } catch {
    return undefined;
  }
  if (!project) return undefined;
  const options = project.options ?? {};
  return {
    file: project.file,
    module: options.module?.toLowerCase(),
    moduleResolution: options.moduleResolution?.toLowerCase(),
  };
}
