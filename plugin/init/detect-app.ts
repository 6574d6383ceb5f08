// Looks at the app `init` runs in: its package.json, whether it keeps sources in src/, whether it
// builds with Vite, which package manager it uses and whether the Claude Agent SDK is installed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readSdkPackage, resolveTypesModule } from '../drift/sdk-package.js';
import { DEFAULT_SDK_TYPES_MODULE } from '../load/load-config.js';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** The SDK package whose tool types the starter catalog is checked against. */
export const SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';

interface InstalledSdk {
  readonly name: string;
  readonly version: string;
  /** Its `sdk-tools.d.ts`, as the generated coverage file resolves it. */
  readonly typesFile: string;
}

export interface AppInfo {
  readonly dir: string;
  readonly packageJsonFile: string;
  readonly packageJson: Record<string, unknown>;
  /** The indentation package.json uses, kept when we add the script. */
  readonly indent: string;
  readonly hasSrc: boolean;
  /** The app's vite.config.* file, when it has one or depends on vite. */
  readonly vite?: { readonly configFile?: string };
  readonly dependsOnToolCatalog: boolean;
  /** From `packageManager` in package.json, else the nearest lock file; npm when there is neither. */
  readonly packageManager: PackageManager;
  /** The Claude Agent SDK the app resolves (its own node_modules or a parent's), when installed. */
  readonly sdk?: InstalledSdk;
}

const VITE_CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];

export class InitError extends Error {
  override name = 'InitError';
}

const LOCK_FILES: readonly [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
];

function packageManagerOf(dir: string, packageJson: Record<string, unknown>): PackageManager {
  const declared = /^(npm|pnpm|yarn|bun)@/.exec(String(packageJson.packageManager ?? ''))?.[1];
  if (declared) return declared as PackageManager;
  // A workspace keeps its lock file at the top, so look upwards too.
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const hit = LOCK_FILES.find(([file]) => existsSync(path.join(folder, file)));
    if (hit) return hit[1];
    if (path.dirname(folder) === folder) return 'npm';
  }
}

/** The command that adds `pkg` to the app with its package manager (`dev`: as a devDependency). */
export function installCommand(manager: PackageManager, pkg: string, dev: boolean): string {
  const verb = manager === 'npm' ? 'npm install' : `${manager} add`;
  return `${verb}${dev ? (manager === 'bun' ? ' -d' : ' -D') : ''} ${pkg}`;
}

/** The SDK as the app resolves it: the package holding `sdk-tools.d.ts`, found through node_modules upwards. */
function detectSdk(dir: string): InstalledSdk | undefined {
  const typesFile = resolveTypesModule(DEFAULT_SDK_TYPES_MODULE, dir);
  const pkg = typesFile ? readSdkPackage(typesFile) : undefined;
  return typesFile && pkg ? { name: pkg.name || SDK_PACKAGE, version: pkg.version, typesFile } : undefined;
}

export function detectApp(dir: string): AppInfo {
  const packageJsonFile = path.join(dir, 'package.json');
  if (!existsSync(packageJsonFile))
    throw new InitError(
      `${dir} has no package.json; run \`tool-catalog init\` in your app's folder (or \`npm init -y\` first).`,
    );
  const text = readFileSync(packageJsonFile, 'utf8');
  let packageJson: Record<string, unknown>;
  try {
    packageJson = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new InitError(
      `${packageJsonFile} is not valid JSON (${(error as Error).message}); fix it and run init again.`,
    );
  }
  const deps = {
    ...(packageJson.dependencies as object | undefined),
    ...(packageJson.devDependencies as object | undefined),
  } as Record<string, unknown>;
  const viteConfig = VITE_CONFIGS.find((f) => existsSync(path.join(dir, f)));
  return {
    dir,
    packageJsonFile,
    packageJson,
    indent: /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ',
    hasSrc: existsSync(path.join(dir, 'src')),
    vite: viteConfig || 'vite' in deps ? { configFile: viteConfig } : undefined,
    dependsOnToolCatalog: 'agent-tool-catalog' in deps,
    packageManager: packageManagerOf(dir, packageJson),
    sdk: detectSdk(dir),
  };
}
