// A dev install of the packed tarball alone stays light: at most 40 packages, none of the MCP client's
// web servers, no ts-morph. The commands that need those optional peers (`drift --mcp`, `bindings`)
// say in one line how to install them, and work once they are there.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';
import { installedApp, PACKAGING_TIMEOUT_MS, runNode } from '../support/packed';

afterAll(removeTempDirs);

/** Each package npm installed under `nodeModules` (nested ones too; links, such as the SDK the test suite adds, are not counted), and their bytes. */
function installed(nodeModules: string): { packages: string[]; bytes: number } {
  const packages: string[] = [];
  let bytes = 0;
  const walk = (dir: string, packageFolder: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (!entry.isDirectory()) {
        bytes += lstatSync(file).size;
        continue;
      }
      const isPackage = packageFolder && !entry.name.startsWith('.') && !entry.name.startsWith('@');
      if (isPackage && existsSync(path.join(file, 'package.json')))
        packages.push(
          (JSON.parse(readFileSync(path.join(file, 'package.json'), 'utf8')) as { name: string })
            .name,
        );
      walk(file, entry.name === 'node_modules' || (packageFolder && entry.name.startsWith('@')));
    }
  };
  walk(nodeModules, true);
  return { packages: packages.sort(), bytes };
}

const bin = (app: string) => path.join(app, 'node_modules/.bin/tool-catalog');

describe('a dev install of agent-tool-catalog alone', () => {
  let app: string;
  beforeAll(async () => {
    app = await installedApp();
  }, PACKAGING_TIMEOUT_MS);

  it('brings at most 40 packages and 45 MB, without the optional peers', () => {
    const { packages, bytes } = installed(path.join(app, 'node_modules'));
    expect(packages.length, packages.join(', ')).toBeLessThanOrEqual(40);
    expect(bytes).toBeLessThanOrEqual(45_000_000);
    expect(packages).toContain('agent-tool-catalog');
    for (const heavy of ['@modelcontextprotocol/sdk', 'express', 'hono', 'ts-morph', 'typescript'])
      expect(packages).not.toContain(heavy);
  });

  /** A copy of the app (its installed node_modules linked as they are) with a catalog, with or without a binding file. */
  async function appWithCatalog(bindings: boolean): Promise<string> {
    const copy = await tempDir(`dev-install-catalog-${bindings}`);
    cpSync(path.join(app, 'package.json'), path.join(copy, 'package.json'));
    cpSync(path.join(app, 'node_modules'), path.join(copy, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    writeFileSync(
      path.join(copy, 'tool-catalog.config.ts'),
      `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts']${bindings ? ", bindings: { file: 'src/tool-bindings.ts' }" : ''} } } });\n`,
    );
    mkdirSync(path.join(copy, 'catalog'));
    writeFileSync(
      path.join(copy, 'catalog/app.catalog.ts'),
      "import { defineCatalog } from 'agent-tool-catalog';\nexport const app = defineCatalog({});\nexport default app.tools({ Read: { kind: 'sdk', exposure: 'user' } });\n",
    );
    return copy;
  }

  it.each([
    [['drift', '--mcp'], '@modelcontextprotocol/sdk', 'drift --mcp', false],
    [['bindings'], 'ts-morph', 'bindings', true],
  ])(
    '%j without its optional peer says in one line how to install it',
    async (args, peer, command, catalog) => {
      const dir = catalog ? await appWithCatalog(true) : app;
      const run = await runNode([bin(dir), ...args], dir);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `\`tool-catalog ${command}\` needs ${peer}, an optional peer of agent-tool-catalog; install it with: npm install -D ${peer}\n`,
      );
    },
  );

  it('bindings in an app without a binding file says so, and never asks for ts-morph', async () => {
    const dir = await appWithCatalog(false);
    const run = await runNode([bin(dir), 'bindings'], dir);
    expect(run.stderr).toContain(
      'error TC002: No catalog in the config has a binding file, so there is nothing to check',
    );
    expect(run.stderr).not.toContain('ts-morph');
    expect(run.code).toBe(1);
  });

  it('runs those commands once the peers are installed', async () => {
    // A copy of the app with the two peers added to its node_modules (the versions this repository installs).
    const withPeers = await tempDir('dev-install-peers');
    cpSync(path.join(app, 'package.json'), path.join(withPeers, 'package.json'));
    cpSync(path.join(app, 'node_modules'), path.join(withPeers, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    for (const peer of ['@modelcontextprotocol/sdk', 'ts-morph']) {
      const link = path.join(withPeers, 'node_modules', peer);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(path.join(REPO, 'node_modules', peer), link, 'dir');
    }
    // No config here: each command now gets as far as looking for one.
    for (const args of [['drift', '--mcp'], ['bindings']]) {
      const run = await runNode([bin(withPeers), ...args], withPeers);
      expect(run.stderr, args.join(' ')).toContain(
        'error TC001: No tool-catalog.config.ts was found',
      );
      expect(run.stderr).not.toContain('optional peer');
    }
  });
});
