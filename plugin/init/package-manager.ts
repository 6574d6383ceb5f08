// Which package manager an app uses (npm, pnpm, yarn or bun), and how each spells the commands we
// print: install a package, run a script, run an installed binary, run a package not installed yet.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

const LOCK_FILES: readonly [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

const MANAGER = /^(npm|pnpm|yarn|bun)\b/;

function declaredIn(packageJsonFile: string): PackageManager | undefined {
  try {
    const declared = (
      JSON.parse(readFileSync(packageJsonFile, 'utf8')) as { packageManager?: unknown }
    ).packageManager;
    return typeof declared === 'string'
      ? (MANAGER.exec(declared)?.[1] as PackageManager | undefined)
      : undefined;
  } catch {
    return undefined; // no package.json, or one that does not parse: other signals decide
  }
}

/**
 * The package manager of the app in `dir`: its `packageManager` field (or a workspace root's), else
 * the nearest lock file upwards (a workspace keeps it at the top), else the one that started this
 * command (`npm_config_user_agent`, set by `pnpm dlx`, `npx`, `yarn dlx`, `bunx`), else npm.
 */
export function detectPackageManager(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): PackageManager {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    const declared = declaredIn(path.join(folder, 'package.json'));
    if (declared) return declared;
    const lock = LOCK_FILES.find(([file]) => existsSync(path.join(folder, file)));
    if (lock) return lock[1];
    if (path.dirname(folder) === folder) break;
  }
  return (
    (MANAGER.exec(env.npm_config_user_agent ?? '')?.[1] as PackageManager | undefined) ?? 'npm'
  );
}

/** The command that adds `pkg` to the app (`dev`: as a devDependency). */
export function installCommand(manager: PackageManager, pkg: string, dev: boolean): string {
  const verb = manager === 'npm' ? 'npm install' : `${manager} add`;
  return `${verb}${dev ? (manager === 'bun' ? ' -d' : ' -D') : ''} ${pkg}`;
}

/** The command that runs the app's package.json script `script`. */
export function runScriptCommand(manager: PackageManager, script: string): string {
  return manager === 'npm' || manager === 'bun'
    ? `${manager} run ${script}`
    : `${manager} ${script}`;
}

/** The command that runs a binary installed in the app: `npx tool-catalog drift`, `pnpm exec tool-catalog drift`. */
export function execCommand(manager: PackageManager, command: string): string {
  const runner = { npm: 'npx', pnpm: 'pnpm exec', yarn: 'yarn', bun: 'bunx' }[manager];
  return `${runner} ${command}`;
}

/** The nearest package.json's `scripts`, upwards from `dir`. */
function nearestScripts(dir: string): Record<string, unknown> {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json');
    if (existsSync(file)) {
      try {
        const { scripts } = JSON.parse(readFileSync(file, 'utf8')) as {
          scripts?: Record<string, unknown>;
        };
        return scripts ?? {};
      } catch {
        return {};
      }
    }
    if (path.dirname(folder) === folder) return {};
  }
}

/**
 * How the user regenerates in `dir`: the app's `generate` script when it runs `tool-catalog generate`
 * and no flag must be added (`pnpm generate`), else the binary itself (`pnpm exec tool-catalog generate --config x`).
 */
export function regenerateCommand(
  dir: string,
  flags: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): string {
  const manager = detectPackageManager(dir, env);
  const script = nearestScripts(dir).generate;
  if (
    flags.length === 0 &&
    typeof script === 'string' &&
    /\btool-catalog(\.js)? generate\b/.test(script)
  )
    return runScriptCommand(manager, 'generate');
  return execCommand(manager, ['tool-catalog generate', ...flags].join(' '));
}
