// Looks at the app `init` runs in: its package.json, where its TypeScript sources live (src/, the
// tsconfig's rootDir), whether it has a UI and a Vite config, which package manager it uses and
// whether the Claude Agent SDK is installed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTsconfig } from 'get-tsconfig';
import { readSdkPackage, resolveTypesModule } from '../drift/sdk-package.js';
import { DEFAULT_SDK_TYPES_MODULE } from '../load/load-config.js';
import { toPosix } from '../text/spelling.js';
import { detectPackageManager, type PackageManager } from './package-manager.js';

/** The SDK package whose tool types the starter catalog is checked against. */
export const SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';

export interface InstalledSdk {
  readonly name: string;
  readonly version: string;
  /** Its `sdk-tools.d.ts`, as the generated coverage file resolves it. */
  readonly typesFile: string;
}

/** The app's tsconfig, as far as init's choices depend on it. */
interface AppTsconfig {
  readonly file: string;
  /** `compilerOptions.rootDir`, relative to the app (posix), when set: every compiled file must be inside it. */
  readonly rootDir?: string;
  /** Whether it lists no `include` or `files`, so it compiles every TypeScript file of the app. */
  readonly includesEverything: boolean;
}

export interface AppInfo {
  readonly dir: string;
  readonly packageJsonFile: string;
  readonly packageJson: Record<string, unknown>;
  /** The indentation package.json uses, kept when we add the script. */
  readonly indent: string;
  readonly hasSrc: boolean;
  readonly tsconfig?: AppTsconfig;
  /** The app's vite.config.* file, when it has one or depends on vite. */
  readonly vite?: { readonly configFile?: string };
  /** Whether the app draws a UI (a binding file gives its tools icons), and what said so. */
  readonly ui: { readonly has: boolean; readonly reason: string };
  /** A UI without a server of its own: the SDK is only a type source there, so a devDependency. */
  readonly browserOnly: boolean;
  readonly dependsOnToolCatalog: boolean;
  readonly packageManager: PackageManager;
  /** The Claude Agent SDK the app resolves (its own node_modules or a parent's), when installed. */
  readonly sdk?: InstalledSdk;
}

const VITE_CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];
/** Dependencies that mean the app renders a UI in a browser. */
const UI_PACKAGES = [
  'vite',
  'react',
  'react-dom',
  'vue',
  'svelte',
  'solid-js',
  'preact',
  '@angular/core',
  'lit',
];
/** Dependencies that mean the app also runs server code (where the SDK itself would run). */
const SERVER_PACKAGES = [
  'next',
  'nuxt',
  '@remix-run/node',
  '@sveltejs/kit',
  'astro',
  'express',
  'fastify',
  'hono',
  'koa',
];

export class InitError extends Error {
  override name = 'InitError';
}

/** The SDK as the app resolves it: the package holding `sdk-tools.d.ts`, found through node_modules upwards. */
function detectSdk(dir: string): InstalledSdk | undefined {
  const typesFile = resolveTypesModule(DEFAULT_SDK_TYPES_MODULE, dir);
  const pkg = typesFile ? readSdkPackage(typesFile) : undefined;
  return typesFile && pkg
    ? { name: pkg.name || SDK_PACKAGE, version: pkg.version, typesFile }
    : undefined;
}

function detectTsconfig(dir: string): AppTsconfig | undefined {
  let found: ReturnType<typeof getTsconfig>;
  try {
    found = getTsconfig(dir);
  } catch {
    return undefined; // one that does not parse is TypeScript's to report
  }
  // Only the app's own: a tsconfig further up (a monorepo's, a parent project's) is not what compiles it.
  if (!found || path.dirname(found.path) !== dir) return undefined;
  const folder = dir;
  const rootDir = found.config.compilerOptions?.rootDir;
  return {
    file: found.path,
    rootDir:
      rootDir === undefined
        ? undefined
        : toPosix(path.relative(dir, path.resolve(folder, rootDir))) || '.',
    includesEverything: found.config.include === undefined && found.config.files === undefined,
  };
}

/** `--ui` / `--no-ui` decide; else the app's dependencies, a Vite config or an index.html do. */
function detectUi(
  dir: string,
  deps: Record<string, unknown>,
  vite: boolean,
  flag: boolean | undefined,
): AppInfo['ui'] {
  if (flag !== undefined) return { has: flag, reason: flag ? '--ui' : '--no-ui' };
  const ui = UI_PACKAGES.find((p) => p in deps);
  if (ui) return { has: true, reason: `it depends on ${ui}` };
  if (vite) return { has: true, reason: 'it has a Vite config' };
  if (existsSync(path.join(dir, 'index.html')))
    return { has: true, reason: 'it has an index.html' };
  return { has: false, reason: 'no UI framework, Vite config or index.html was found' };
}

export function detectApp(dir: string, options: { ui?: boolean } = {}): AppInfo {
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
  const vite = viteConfig !== undefined || 'vite' in deps;
  const ui = detectUi(dir, deps, vite, options.ui);
  return {
    dir,
    packageJsonFile,
    packageJson,
    indent: /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ',
    hasSrc: existsSync(path.join(dir, 'src')),
    tsconfig: detectTsconfig(dir),
    vite: vite ? { configFile: viteConfig } : undefined,
    ui,
    browserOnly: ui.has && !SERVER_PACKAGES.some((p) => p in deps),
    dependsOnToolCatalog: 'agent-tool-catalog' in deps,
    packageManager: detectPackageManager(dir),
    sdk: detectSdk(dir),
  };
}
