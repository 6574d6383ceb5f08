// Which extension relative imports in generated files must carry for the app's TypeScript setup:
// read from the tsconfig that includes the output folder (following `extends` and project references).
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
): { file: string; options: TsConfigJsonResolved['compilerOptions'] } | undefined {
  const found = getTsconfig(folder);
  if (!found) return undefined;
  const probe = path.join(folder, 'index.ts');
  for (const ref of found.config.references ?? []) {
    const target = path.resolve(path.dirname(found.path), ref.path);
    const file = target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    try {
      const config = parseTsconfig(file);
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
  try {
    project = projectOf(outDir);
  } catch {
    project = undefined;
  }
  if (!project) return { extension: '', reason: 'no tsconfig.json includes the output folder' };
  const extension = extensionFor(project.options);
  const rel = path.relative(rootDir, project.file) || path.basename(project.file);
  return {
    extension,
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
    project = projectOf(folder);
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
