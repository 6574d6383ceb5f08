// Looks at the app `init` runs in: its package.json, whether it keeps sources in src/, and
// whether it builds with Vite (then the next steps show the plugin set-up).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
}

const VITE_CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];

export class InitError extends Error {
  override name = 'InitError';
}

export function detectApp(dir: string): AppInfo {
  const packageJsonFile = path.join(dir, 'package.json');
  if (!existsSync(packageJsonFile))
    throw new InitError(`${dir} has no package.json; run \`tool-catalog init\` in your app's folder (or \`npm init -y\` first).`);
  const text = readFileSync(packageJsonFile, 'utf8');
  let packageJson: Record<string, unknown>;
  try {
    packageJson = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new InitError(`${packageJsonFile} is not valid JSON (${(error as Error).message}); fix it and run init again.`);
  }
  const deps = { ...(packageJson.dependencies as object | undefined), ...(packageJson.devDependencies as object | undefined) } as Record<string, unknown>;
  const viteConfig = VITE_CONFIGS.find((f) => existsSync(path.join(dir, f)));
  return {
    dir,
    packageJsonFile,
    packageJson,
    indent: /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ',
    hasSrc: existsSync(path.join(dir, 'src')),
    vite: viteConfig || 'vite' in deps ? { configFile: viteConfig } : undefined,
    dependsOnToolCatalog: 'agent-tool-catalog' in deps,
  };
}
