// The package manager's build-script settings: pnpm 10 and later run no dependency's build script
// until it is allowed or denied, and pnpm 11 and later stop an install while one is undecided. pnpm
// records the undecided ones in node_modules/.modules.yaml (`ignoredBuilds`); other managers decide
// nothing here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { PackageManager } from '../init/package-manager.js';
import { note, ok, problem, type Finding } from './finding.js';

/** The folder whose node_modules pnpm installs into: the nearest one upwards that has .modules.yaml. */
function modulesManifest(dir: string): string | undefined {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', '.modules.yaml');
    if (existsSync(file)) return file;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/** `sharp@0.34.5` or `/sharp@0.34.5` → `sharp`; `@scope/pkg@1.0.0` → `@scope/pkg`. */
const packageName = (entry: string) => entry.replace(/^\//, '').replace(/(.)@[^@/]*$/, '$1');

export function buildScriptFinding(dir: string, manager: PackageManager): Finding {
  if (manager !== 'pnpm')
    return ok(
      'build-scripts',
      `${manager} runs dependencies' build scripts itself; nothing to decide`,
    );
  const file = modulesManifest(dir);
  if (!file)
    return note('build-scripts', 'pnpm: nothing installed yet (no node_modules/.modules.yaml)');
  let ignored: unknown;
  try {
    ignored = (parse(readFileSync(file, 'utf8')) as { ignoredBuilds?: unknown } | null)
      ?.ignoredBuilds;
  } catch {
    return note('build-scripts', `pnpm: ${file} could not be read`);
  }
  const names = Array.isArray(ignored)
    ? [...new Set(ignored.filter((e): e is string => typeof e === 'string').map(packageName))]
    : [];
  return names.length === 0
    ? ok('build-scripts', 'pnpm: every dependency with a build script is allowed or denied')
    : problem(
        'build-scripts',
        `pnpm left the build script${names.length === 1 ? '' : 's'} of ${names.join(', ')} ` +
          'undecided (allowBuilds in pnpm-workspace.yaml); pnpm 11 and later stop installs until ' +
          `${names.length === 1 ? 'it is' : 'they are'} allowed or denied`,
        'pnpm approve-builds',
      );
}
