// `tool-catalog stale-refs`: finds a planted reference to a name under a catalogued server that the
// catalog does not have, and references to names the previous registry had; exits 0 when clean.
import { beforeEach, describe, expect, it } from 'vitest';
import { generateAndWrite } from '../../plugin/generate';
import { namesInRegistry } from '../../plugin/stale-refs';
import { runCli } from '../support/cli';
import { artifactDir, writeFiles } from '../support/files';

let dir: string;

const TOOLS_WITH = `import { app } from './app.catalog';
export default app.tools({
  lookup: { kind: 'mcp', server: 'app', groups: ['core'] },
  archive: { kind: 'mcp', server: 'app', groups: ['core'] },
  NotebookEdit: { kind: 'sdk', groups: ['core'] },
});
`;
const TOOLS_WITHOUT = TOOLS_WITH.replace(/ {2}archive:.*\n/, '').replace(
  / {2}NotebookEdit:.*\n/,
  '',
);

const write = (file: string, content: string) => writeFiles(dir, { [file]: content });
const cli = (...args: string[]) => runCli(['stale-refs', ...args], dir);

beforeEach(async () => {
  dir = artifactDir('stale-refs');
  write(
    'tool-catalog.config.ts',
    `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts'], outDir: 'generated/app', prefix: 'App' } } });\n`,
  );
  write(
    'catalog/app.catalog.ts',
    `import { defineCatalog } from 'agent-tool-catalog';\nexport const app = defineCatalog({ groups: ['core'], servers: { app: {} } });\n`,
  );
  write('catalog/tools.catalog.ts', TOOLS_WITH);
  write('src/agent.ts', `export const allowed = ['mcp__app__lookup', 'mcp__other__whatever'];\n`);
  write('prompts/system.md', 'Use mcp__app__lookup to find records.\n');
  expect((await generateAndWrite({ cwd: dir })).ok).toBe(true);
});

describe('stale-refs', () => {
  it('exits 0 on a clean tree', async () => {
    const result = await cli();
    expect(result).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^No stale tool references in \d+ files\.\n$/),
    });
  });

  it('finds a planted name under a catalogued server that the catalog does not have', async () => {
    write(
      'prompts/system.md',
      'Use mcp__app__lookup to find records.\nThen call mcp__app__frobnicate.\n',
    );
    const result = await cli();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      'prompts/system.md:2:11: mcp__app__frobnicate is under a catalogued MCP server but is not in the catalog\n',
    );
  });

  it('finds names the previous registry had once their tools leave the catalog, bare SDK names as whole words', async () => {
    write('catalog/tools.catalog.ts', TOOLS_WITHOUT);
    write(
      'test/agent.test.ts',
      `expect(names).toContain('mcp__app__archive');\n// NotebookEditor is another word; NotebookEdit is the tool\n`,
    );
    const result = await cli('--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).references).toEqual([
      {
        file: 'test/agent.test.ts',
        line: 1,
        column: 26,
        name: 'mcp__app__archive',
        reason: 'removed-from-catalog',
        lastSeen: { onDisk: true },
        catalog: 'app',
      },
      {
        file: 'test/agent.test.ts',
        line: 2,
        column: 36,
        name: 'NotebookEdit',
        reason: 'removed-from-catalog',
        lastSeen: { onDisk: true },
        catalog: 'app',
      },
    ]);
  });

  it('searches only the --include globs when given', async () => {
    write('prompts/system.md', 'mcp__app__gone\n');
    expect((await cli('--include', 'src/**')).code).toBe(0);
    expect((await cli('--include', 'prompts/**', '--include', 'src/**')).code).toBe(1);
    expect((await cli('--ignore', 'prompts/**')).code).toBe(0);
  });

  it('reads the name union of a generated registry', () => {
    expect(
      namesInRegistry(
        "export type AppToolName =\n  | 'mcp__app__a'\n  | 'B';\nexport type X = 'c';",
        'App',
      ),
    ).toEqual(['mcp__app__a', 'B']);
  });
});
