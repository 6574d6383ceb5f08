// The packed package and its dependencies carry no install script, and an app that runs only
// generated code keeps agent-tool-catalog as a devDependency: its production install
// (`npm install --omit=dev`) adds at most 1 MB and no native or compiler package, and it runs.
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installedApp, npm, oncePerRun, PACKAGING_TIMEOUT_MS, runNode } from '../support/packed';
import { consumerApp } from './consumer-app';

/** Packages a production install of generated code must never bring: compilers, bundlers, template engines, native binaries. */
const TOOLCHAIN =
  /^(typescript|ts-morph|@ts-morph\/.*|@babel\/.*|handlebars|uglify-js|unplugin|rolldown|@rolldown\/.*|agent-tool-catalog)$/;

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/**
 * The installed packages that run a script on install, as npm's lock file records them
 * (`hasInstallScript`) and as their own package.json says; and how many manifests were read.
 */
function installScripts(app: string): { lock: string[]; manifests: string[]; read: string[] } {
  const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const read: string[] = [];
  const manifests: string[] = [];
  const walk = (nodeModules: string) => {
    if (!existsSync(nodeModules)) return;
    for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
      // A link is not installed from the tarball's tree (the tests link the SDK from this repository);
      // .bin and .cache are npm's own.
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const dir = path.join(nodeModules, entry.name);
      if (entry.name.startsWith('@')) {
        walk(dir);
        continue;
      }
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
      };
      read.push(manifest.name);
      if (INSTALL_SCRIPTS.some((s) => manifest.scripts?.[s])) manifests.push(manifest.name);
      walk(path.join(dir, 'node_modules'));
    }
  };
  walk(path.join(app, 'node_modules'));
  return {
    lock: Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([location]) => location),
    manifests,
    read,
  };
}

interface Footprint {
  readonly bytes: number;
  readonly packages: readonly string[];
  /** Files a native addon or a platform binary would bring. */
  readonly nativeFiles: readonly string[];
}

/** What `node_modules` holds: the bytes of every file, each package (by name) and native-looking files. */
function footprint(nodeModules: string): Footprint {
  let bytes = 0;
  const packages: string[] = [];
  const nativeFiles: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const manifest = path.join(file, 'package.json');
        if (existsSync(manifest) && path.basename(path.dirname(file)).match(/^(node_modules|@.+)$/))
          packages.push((JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name);
        walk(file);
      } else {
        bytes += lstatSync(file).size;
        if (/\.node$|binding\.gyp$/.test(entry.name))
          nativeFiles.push(path.relative(nodeModules, file));
      }
    }
  };
  if (existsSync(nodeModules)) walk(nodeModules);
  return { bytes, packages: packages.sort(), nativeFiles };
}

// npm 11 warns about every install script `allowScripts` does not cover, and pnpm 11 and later stop the
// install until each is allowed or denied: the package and its dependencies must carry none.
describe('the packed package with its dependencies', () => {
  let app: string;
  beforeAll(async () => {
    app = await installedApp();
  }, PACKAGING_TIMEOUT_MS);

  it('has no package with an install script', () => {
    const found = installScripts(app);
    // The walk did read the tree: the package and the compiler it runs on the catalog.
    expect(found.read).toEqual(expect.arrayContaining(['agent-tool-catalog', 'rolldown']));
    expect(found.lock).toEqual([]);
    expect(found.manifests).toEqual([]);
  });
});

describe('the production install of an app that runs only generated code', () => {
  let dir: string;
  beforeAll(async () => {
    const installed = await installedApp();
    const built = await consumerApp('nodenext');
    dir = await oncePerRun('production-app', async (app) => {
      // What a deploy gets: the app's manifest and lock file and its compiled code, installed without devDependencies.
      for (const file of ['package.json', 'package-lock.json'])
        cpSync(path.join(installed, file), path.join(app, file));
      cpSync(path.join(built, 'dist'), path.join(app, 'dist'), { recursive: true });
      await npm(['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], app);
    });
  }, PACKAGING_TIMEOUT_MS);

  it('lists agent-tool-catalog as a devDependency only', () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: object;
      devDependencies?: object;
    };
    expect(manifest.dependencies).toBeUndefined();
    expect(Object.keys(manifest.devDependencies ?? {})).toEqual(['agent-tool-catalog']);
  });

  it('adds at most 1 MB and no compiler, bundler or native package', () => {
    const { bytes, packages, nativeFiles } = footprint(path.join(dir, 'node_modules'));
    expect(
      packages.filter((p) => TOOLCHAIN.test(p)),
      `installed: ${packages.join(', ')}`,
    ).toEqual([]);
    expect(nativeFiles).toEqual([]);
    expect(
      bytes,
      `node_modules holds ${bytes} bytes in ${packages.length} packages: ${packages.join(', ')}`,
    ).toBeLessThanOrEqual(1_000_000);
  });

  it('runs the generated policy and tools functions with that install', async () => {
    const run = await runNode(['dist/src/main.js'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      disallowedWithGit: ['NotebookEdit'],
      namesForNotesCallers: ['mcp__assistant-tools__notes'],
    });
  });
});
