// `stale-refs` in a git repository: a removal already committed (registry regenerated and all) is
// still caught, naming the last commit whose registry had the name; `--since` limits the history;
// deliberate names can be marked; other catalogs' generated folders and run-time names are left alone.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { generateAndWrite } from '../../plugin/generate';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

let dir: string;

const CONFIG = `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts'], outDir: 'generated/app', prefix: 'App' } } });
`;
const VOCABULARY = `import { defineCatalog } from 'agent-tool-catalog';
export const app = defineCatalog({ groups: ['core'], servers: { app: {}, drive: {} } });
`;
const TOOLS = `import { app } from './app.catalog';
export default app.tools({
  lookup: { kind: 'mcp', server: 'app', groups: ['core'] },
  archive: { kind: 'mcp', server: 'app', groups: ['core'] },
  Monitor: { kind: 'sdk', groups: ['core'] },
  drive_search: { kind: 'mcp', server: 'drive', groups: ['core'] },
  drive_folders: { kind: 'mcp', server: 'drive', groups: ['core'], fullNames: { resolve: { module: '../app/drive', export: 'folderTools' } } },
});
`;
const withoutTools = (...keys: string[]) =>
  keys.reduce((text, key) => text.replace(new RegExp(`  ${key}: .*\\n`), ''), TOOLS);

const git = (...args: string[]) =>
  execFileSync(
    'git',
    [
      '-c',
      'user.name=Test',
      '-c',
      'user.email=test@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd: dir, encoding: 'utf8' },
  ).trim();
const write = (files: Record<string, string>) => writeFiles(dir, files);
const cli = (...args: string[]) => runCli(['stale-refs', ...args], dir);

/** Regenerates and commits everything; returns the commit's short hash. */
async function commit(message: string): Promise<string> {
  expect((await generateAndWrite({ cwd: dir })).ok).toBe(true);
  git('add', '-A');
  git('commit', '-q', '-m', message);
  return git('rev-parse', '--short', 'HEAD');
}

beforeEach(async () => {
  dir = await tempDir('stale-refs-git');
  git('init', '-q');
  write({
    'tool-catalog.config.ts': CONFIG,
    'catalog/app.catalog.ts': VOCABULARY,
    'catalog/tools.catalog.ts': TOOLS,
    'prompts/system.md':
      'Use mcp__app__lookup, then mcp__app__archive.\nWatch long jobs with Monitor.\nSearch with mcp__drive__drive_search.\n',
  });
});

afterAll(removeTempDirs);

describe('stale-refs with git history', () => {
  it('passes on a clean checkout whose references all exist', async () => {
    await commit('catalog');
    expect(await cli()).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^No stale tool references in \d+ files\.\n$/),
    });
  });

  it('catches a removal in the commit that removes it, naming the last commit whose registry had the name', async () => {
    const before = await commit('catalog');
    write({ 'catalog/tools.catalog.ts': withoutTools('archive', 'Monitor', 'drive_search') });
    await commit('remove archive, Monitor and drive_search');
    const run = await cli();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        `prompts/system.md:1:28: mcp__app__archive is no longer in the catalog; the generated registry last had it at commit ${before}`,
        `prompts/system.md:2:22: Monitor is no longer in the catalog; the generated registry last had it at commit ${before}`,
        `prompts/system.md:3:13: mcp__drive__drive_search is no longer in the catalog; the generated registry last had it at commit ${before}`,
        '',
      ].join('\n'),
    );
    expect(run.stderr).toContain('tool-catalog-ignore-stale-ref');
  });

  it('reads only the registry versions since --since, and refuses a commit git does not know', async () => {
    await commit('catalog');
    // A bare SDK name: only the history knows it was a tool.
    write({ 'catalog/tools.catalog.ts': withoutTools('Monitor') });
    await commit('remove Monitor');
    expect((await cli('--since', 'HEAD~1')).code).toBe(1);
    expect((await cli('--since', 'HEAD')).code).toBe(0);
    const unknown = await cli('--since', 'no-such-branch');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--since no-such-branch: git knows no such commit here');
  });

  it('keeps deliberate names marked on their line or excluded in the config', async () => {
    await commit('catalog');
    write({
      'catalog/tools.catalog.ts': withoutTools('archive', 'Monitor'),
      'prompts/system.md': 'Use mcp__app__lookup.\n',
      'test/names.test.ts':
        "expect(isTool('mcp__app__archive')).toBe(false); // tool-catalog-ignore-stale-ref\n",
      'test/fixtures/old-names.json': '["Monitor"]\n',
    });
    await commit('remove archive and Monitor');
    expect((await cli()).code).toBe(1);
    write({
      'tool-catalog.config.ts': CONFIG.replace(
        "prefix: 'App' }",
        "prefix: 'App', staleRefs: { exclude: ['test/fixtures/**'] } }",
      ),
    });
    expect(await cli()).toMatchObject({ code: 0 });
  });

  it('does not count unknown names under a server whose tools are named at run time, but lists them', async () => {
    await commit('catalog');
    write({ 'prompts/drive.md': 'Folder tools look like mcp__drive__folder_specs.\n' });
    const run = json(await cli('--json'));
    expect(run.ok).toBe(true);
    expect(run.unverified).toEqual([
      {
        file: 'prompts/drive.md',
        line: 1,
        column: 24,
        name: 'mcp__drive__folder_specs',
        catalog: 'app',
      },
    ]);
    expect((await cli()).stderr).toContain(
      "1 reference under 'drive' name tools the catalog does not list",
    );
  });

  it('skips the generated output of every catalog, its own and other configs alike', async () => {
    await commit('catalog');
    // Another config's generated folder (it has a writer's manifest) that still lists the old name.
    write({
      'vendor/generated/.tool-catalog-manifest.json':
        '{ "generatedBy": "agent-tool-catalog", "files": ["registry.ts"] }\n',
      'vendor/generated/registry.ts': "export type OtherToolName = 'mcp__app__archive';\n",
      'prompts/system.md': 'Use mcp__app__lookup.\n',
    });
    write({ 'catalog/tools.catalog.ts': withoutTools('archive') });
    await commit('remove archive');
    expect(await cli()).toMatchObject({ code: 0 });
  });

  it('still uses the registry on disk outside a git work tree, and says the history is missing', async () => {
    const plain = await tempDir('stale-refs-plain');
    writeFiles(plain, {
      'tool-catalog.config.ts': CONFIG,
      'catalog/app.catalog.ts': VOCABULARY,
      'catalog/tools.catalog.ts': TOOLS,
      'notes.md': 'mcp__app__archive\n',
    });
    expect((await generateAndWrite({ cwd: plain })).ok).toBe(true);
    writeFiles(plain, { 'catalog/tools.catalog.ts': withoutTools('archive') });
    const run = await runCli(['stale-refs'], plain);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'notes.md:1:1: mcp__app__archive is no longer in the catalog; the generated registry on disk still has it\n',
    );
    expect(run.stderr).toContain('not a git work tree');
  });
});
