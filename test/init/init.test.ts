// `tool-catalog init` in a fresh Vite app and in a plain Node package: it scaffolds the config, a
// starter catalog, the binding file (the Vite app's UI) and a `generate` script, the result
// type-checks and is up to date, and a second run keeps every file and completes what is missing.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { runTsc } from '../support/compilers';
import { artifactDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function makeApp(name: string, files: Record<string, string>): string {
  const dir = artifactDir(`init/${name}-${process.pid}-${Date.now().toString(36)}`);
  writeFiles(dir, files);
  dirs.push(dir);
  return dir;
}

const cli = (cwd: string, ...args: string[]) => runCli(args, cwd);

const read = (dir: string, f: string) => readFileSync(path.join(dir, f), 'utf8');

/** The scaffolded app must type-check as the user's own code would (TypeScript 7, the repo's tsc). */
async function typecheck(
  dir: string,
  include: string[],
): Promise<{ status: number; output: string }> {
  // What `npm install -D agent-tool-catalog` gives the app: this package, built, under node_modules.
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, path.join(dir, 'node_modules/agent-tool-catalog'), 'dir');
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'preserve',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include,
    }),
  );
  const result = await runTsc('TypeScript 7', ['-p', dir], dir);
  return { status: result.code, output: result.output };
}

const VITE_PACKAGE = `{
    "name": "fresh-vite-app",
    "private": true,
    "type": "module",
    "scripts": {
        "dev": "vite",
        "build": "vite build"
    },
    "devDependencies": {
        "vite": "^8.0.0"
    }
}
`;

describe('tool-catalog init', () => {
  it('scaffolds a fresh Vite app, whose output type-checks and is up to date', async () => {
    const dir = makeApp('vite-app', {
      'package.json': VITE_PACKAGE,
      'index.html': '<!doctype html><script type="module" src="/src/main.ts"></script>\n',
      'src/main.ts': "document.body.textContent = 'hello';\n",
      'vite.config.ts': "import { defineConfig } from 'vite';\nexport default defineConfig({});\n",
    });
    const { code, stdout, stderr } = await cli(dir, 'init');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const f of [
      'tool-catalog.config.ts',
      'catalog/agent.catalog.ts',
      'catalog/tools.catalog.ts',
      'src/tool-bindings.ts',
      'src/generated/agent/registry.ts',
    ])
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    expect(stdout).toContain('src/tool-bindings.ts');
    // A browser app does not run the SDK: no agent server in it.
    expect(existsSync(path.join(dir, 'src/agent-server.ts'))).toBe(false);
    expect(stdout).toContain('Next steps:');
    expect(stdout).toContain("import toolCatalog from 'agent-tool-catalog/vite'");
    expect(stdout).toContain('vite.config.ts');
    expect(stdout).toContain('npm install -D agent-tool-catalog');

    const pkg = JSON.parse(read(dir, 'package.json')) as {
      scripts: Record<string, string>;
      devDependencies: object;
    };
    expect(pkg.scripts).toEqual({
      dev: 'vite',
      build: 'vite build',
      generate: 'tool-catalog generate',
    });
    expect(pkg.devDependencies).toEqual({ vite: '^8.0.0' });
    expect(read(dir, 'package.json')).toMatch(/^\{\n {4}"name"/); // the app's own indentation kept

    expect(read(dir, 'src/tool-bindings.ts')).toContain('satisfies AgentUiBindings');
    expect(read(dir, 'tool-catalog.config.ts')).toContain(
      "bindings: { file: 'src/tool-bindings.ts' }",
    );
    expect((await cli(dir, 'generate', '--check')).code).toBe(0);
    const tsc = await typecheck(dir, ['src', 'catalog', 'tool-catalog.config.ts']);
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('scaffolds a plain Node package at its root and leaves a different generate script alone', async () => {
    const dir = makeApp('node-package', {
      'package.json': `${JSON.stringify({ name: 'plain-node', version: '1.0.0', scripts: { generate: 'node gen.js' } }, null, 2)}\n`,
      'index.js': "console.log('hi');\n",
    });
    const { code, stdout } = await cli(dir, 'init', '--catalog', 'support-bot');
    expect(code).toBe(0);
    for (const f of [
      'tool-catalog.config.ts',
      'catalog/support-bot.catalog.ts',
      'catalog/tools.catalog.ts',
      'generated/support-bot/registry.ts',
    ])
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    // No UI here: no binding file, and the config names none, so generate never makes one.
    expect(existsSync(path.join(dir, 'tool-bindings.ts'))).toBe(false);
    expect(read(dir, 'tool-catalog.config.ts')).not.toContain('bindings');
    expect(stdout).toContain(
      'No binding file: no UI framework, Vite config or index.html was found',
    );
    expect(read(dir, 'generated/support-bot/registry.ts')).toContain(
      'export const SUPPORT_BOT_TOOL_REGISTRY',
    );
    expect(JSON.parse(read(dir, 'package.json')).scripts).toEqual({ generate: 'node gen.js' });
    expect(stdout).toContain('already has a different "generate" script');
    expect(stdout).not.toContain('agent-tool-catalog/vite');
    const tsc = await typecheck(dir, ['generated', 'catalog', 'tool-catalog.config.ts']);
    expect(tsc.output).toBe('');
  });

  it('a second run keeps every file and completes what is missing', async () => {
    const dir = makeApp('twice', {
      'package.json': '{ "name": "twice" }\n',
      'index.html': '<!doctype html>\n',
    });
    expect((await cli(dir, 'init')).code).toBe(0);
    writeFileSync(
      path.join(dir, 'catalog/tools.catalog.ts'),
      read(dir, 'catalog/tools.catalog.ts').replace('Notes', 'Memo'),
    );
    const before = ['tool-catalog.config.ts', 'tool-bindings.ts', 'catalog/tools.catalog.ts'].map(
      (f) => read(dir, f),
    );
    rmSync(path.join(dir, '.prettierignore'));
    const second = await cli(dir, 'init');
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      'tool-catalog.config.ts exists: init kept every file and completed what was missing.',
    );
    expect(second.stdout).toContain('Created 1 file:\n  .prettierignore\n');
    expect(
      ['tool-catalog.config.ts', 'tool-bindings.ts', 'catalog/tools.catalog.ts'].map((f) =>
        read(dir, f),
      ),
    ).toEqual(before);
    // Its generate run picked up the edit.
    expect(read(dir, 'generated/agent/registry.ts')).toContain('Memo');
    expect((await cli(dir, 'generate', '--check')).code).toBe(0);
  });

  it('stops when starter files exist without a config, and writes nothing', async () => {
    const dir = makeApp('orphans', {
      'package.json': '{ "name": "orphans" }\n',
      'catalog/tools.catalog.ts': '// mine\n',
    });
    const run = await cli(dir, 'init');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'init never overwrites, and these files exist while tool-catalog.config.ts does not: catalog/tools.catalog.ts.',
    );
    expect(read(dir, 'catalog/tools.catalog.ts')).toBe('// mine\n');
    expect(existsSync(path.join(dir, 'tool-catalog.config.ts'))).toBe(false);
  });

  it('says what to do in a folder without package.json', async () => {
    const dir = makeApp('no-package', { 'README.md': 'nothing here\n' });
    const { code, stderr } = await cli(dir, 'init');
    expect(code).toBe(1);
    expect(stderr).toContain('has no package.json');
    expect(existsSync(path.join(dir, 'tool-catalog.config.ts'))).toBe(false);
  });

  it.each([
    ['tools', 'tools-vocabulary.catalog.ts', "'tools'"],
    ['sdk-tools', 'sdk-tools-vocabulary.catalog.ts', "'sdk-tools'"],
    ['agent-tools', 'agent-tools.catalog.ts', "'agent-tools'"],
  ])(
    'a catalog named %s keeps its vocabulary apart from the tools files and its server named once',
    async (name, vocabulary, server) => {
      const dir = makeApp(`named-${name}`, {
        'package.json': '{ "name": "named", "private": true }\n',
      });
      const init = await cli(dir, 'init', '--catalog', name);
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(read(dir, `catalog/${vocabulary}`)).toContain(`servers: { ${server}: {} },`);
      expect(read(dir, 'catalog/tools.catalog.ts')).toContain(`server: ${server}, wire: 'notes'`);
      expect((await cli(dir, 'generate', '--check')).code).toBe(0);
    },
  );
});
