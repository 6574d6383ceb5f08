// `tool-catalog drift` end to end: the installed SDK agrees with the default catalog, and each
// hand-written SDK shape (a tool added, removed, renamed, a nested output union) gives its exact report.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editFile, fixtureProject, SDK_FIXTURES } from './fixture-project';
import { runBin, runCli } from '../support/cli';
import { REPO } from '../support/paths';

const cli = (cwd: string, ...args: string[]) => runCli(args, cwd);

const RENAME_HINT =
  "hint: a tool the SDK renamed shows up as one missing and one gone; instead of pasting, set sdkType: '<new base>' on the catalogued tool or map it with sdk.aliases: { <new base>: '<tool name>' } in the config.";

describe('drift against the installed SDK', () => {
  it('exits 0 for the default catalog (the real bin, as CI runs it)', async () => {
    const run = await runBin(['drift'], REPO);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      "drift: catalog 'claude' against @anthropic-ai/claude-agent-sdk 0.3.333 (node_modules/@anthropic-ai/claude-agent-sdk/sdk-tools.d.ts)\n" +
        "ok: all 43 SDK-typed tools match the SDK's 43 tool types; 23 tools exempt (sdkTyped: false, MCP or external).\n",
    );
    expect(run.code).toBe(0);
  });

  it('reports the same agreement as JSON', async () => {
    const run = await cli(REPO, 'drift', '--json');
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.catalogs[0]).toMatchObject({
      catalog: 'claude',
      sdk: { version: '0.3.333' },
      checked: 43,
      sdkToolTypes: 43,
      missing: [],
      gone: [],
      renamed: [],
    });
    expect(report.catalogs[0].exempt).toEqual(
      expect.arrayContaining(['SendMessage', 'TeamCreate', 'TeamDelete', 'CherryCron']),
    );
  });
});

describe('drift against hand-written SDK shapes', () => {
  it('exits 0 when the SDK has exactly the catalogued tools (built-in aliases FileRead → Read, ListMcpResources → ListMcpResourcesTool)', async () => {
    const run = await cli(fixtureProject('agree', 'agree'), 'drift');
    expect(run).toEqual({
      code: 0,
      stdout:
        "drift: catalog 'mini' against types/sdk-tools.d.ts\nok: all 5 SDK-typed tools match the SDK's 5 tool types; 2 tools exempt (sdkTyped: false, MCP or external).\n",
      stderr: '',
    });
  });

  it('names a tool the SDK adds, with a ready-to-paste declaration', async () => {
    const run = await cli(fixtureProject('adds', 'adds-tool'), 'drift');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "drift: catalog 'mini' against types/sdk-tools.d.ts",
        '',
        "missing: the SDK has PushNotificationInput (types/sdk-tools.d.ts:8:5) for the tool 'PushNotification'; the catalog has no SDK-typed tool for it.",
        "  Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):",
        "    PushNotification: { kind: 'sdk', category: 'file', exposure: 'disabled', label: 'Push notification' },",
        '',
        'drift: 1 missing, 0 renamed, 0 gone; the catalog and the SDK disagree.',
        '',
      ].join('\n'),
    );
  });

  it('names a catalogued tool the SDK removes, with where it is declared', async () => {
    const run = await cli(fixtureProject('removes', 'removes-tool'), 'drift');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "drift: catalog 'mini' against types/sdk-tools.d.ts",
        '',
        "gone: 'TaskOutput' (catalog/tools.catalog.ts:8:3) expects TaskOutputInput, which this SDK does not have.",
        '  Fix: delete the tool, or set sdkTyped: false if the SDK still runs it without a typed schema.',
        '',
        'drift: 0 missing, 0 renamed, 1 gone; the catalog and the SDK disagree.',
        '',
      ].join('\n'),
    );
  });

  it('accepts a renamed type once the config maps it through sdk.aliases', async () => {
    const run = await cli(
      fixtureProject('renames-aliased', 'renames-tool', { aliases: { ReadFile: 'Read' } }),
      'drift',
    );
    expect(run).toEqual({
      code: 0,
      stdout:
        "drift: catalog 'mini' against types/sdk-tools.d.ts\nok: all 5 SDK-typed tools match the SDK's 5 tool types; 2 tools exempt (sdkTyped: false, MCP or external).\n",
      stderr: '',
    });
  });

  it('reports an unmapped rename as one missing and one gone, with the hint to map it', async () => {
    const run = await cli(fixtureProject('renames-unmapped', 'renames-tool'), 'drift');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "drift: catalog 'mini' against types/sdk-tools.d.ts",
        '',
        "missing: the SDK has ReadFileInput (types/sdk-tools.d.ts:6:5) for the tool 'ReadFile'; the catalog has no SDK-typed tool for it.",
        "  Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):",
        "    ReadFile: { kind: 'sdk', category: 'file', exposure: 'disabled', label: 'Read file' },",
        '',
        "gone: 'Read' (catalog/tools.catalog.ts:5:3) expects FileReadInput, which this SDK does not have.",
        '  Fix: delete the tool, or set sdkTyped: false if the SDK still runs it without a typed schema.',
        '',
        RENAME_HINT,
        '',
        'drift: 1 missing, 0 renamed, 1 gone; the catalog and the SDK disagree.',
        '',
      ].join('\n'),
    );
  });

  it('reports a rename as such when the alias map knows the new name but the tool declares the old sdkType', async () => {
    const dir = fixtureProject('renames-declared', 'renames-tool', {
      aliases: { ReadFile: 'Read' },
    });
    editFile(
      dir,
      'catalog/tools.catalog.ts',
      "Read: { kind: 'sdk',",
      "Read: { kind: 'sdk', sdkType: 'FileRead',",
    );
    const run = await cli(dir, 'drift');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "drift: catalog 'mini' against types/sdk-tools.d.ts",
        '',
        "renamed: 'Read' expects FileReadInput, which this SDK does not have; it types the tool as ReadFileInput (types/sdk-tools.d.ts:6:5).",
        "  Fix: change sdkType: 'FileRead' to sdkType: 'ReadFile' on 'Read'.",
        '',
        'drift: 0 missing, 1 renamed, 0 gone; the catalog and the SDK disagree.',
        '',
      ].join('\n'),
    );
  });

  it('reads tools from a nested, parenthesized output union', async () => {
    const run = await cli(fixtureProject('nested', 'nested-output'), 'drift');
    expect(run).toEqual({
      code: 0,
      stdout:
        "drift: catalog 'mini' against types/sdk-tools.d.ts\nok: all 5 SDK-typed tools match the SDK's 5 tool types; 2 tools exempt (sdkTyped: false, MCP or external).\n",
      stderr: '',
    });
  });

  it("uses the SDK's own name tables: listed names, snake_case names, legacy aliases and newly typed teams tools", async () => {
    const dir = fixtureProject('sdk-package', 'agree', { sdkPackage: true });
    const run = await cli(dir, 'drift');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "drift: catalog 'mini' against fixture-agent-sdk 9.9.9 (node_modules/fixture-agent-sdk/sdk-tools.d.ts)",
        '',
        "missing: the SDK has SendMessageInput (node_modules/fixture-agent-sdk/sdk-tools.d.ts:8:5) for the tool 'SendMessage'; the catalog has no SDK-typed tool for it.",
        "  Fix: 'SendMessage' is declared sdkTyped: false, but the SDK now types it; remove sdkTyped: false.",
        '',
        "missing: the SDK has ProposeSkillsInput (node_modules/fixture-agent-sdk/sdk-tools.d.ts:9:5) for the tool 'propose_skills'; the catalog has no SDK-typed tool for it.",
        "  Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):",
        "    propose_skills: { kind: 'sdk', sdkType: 'ProposeSkills', category: 'file', exposure: 'disabled', label: 'Propose skills' },",
        '',
        "missing: the SDK has ProposeGoalInput (node_modules/fixture-agent-sdk/sdk-tools.d.ts:10:5) for the tool 'SetGoal'; the catalog has no SDK-typed tool for it.",
        "  Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):",
        "    SetGoal: { kind: 'sdk', sdkType: 'ProposeGoal', category: 'file', exposure: 'disabled', label: 'Set goal' },",
        '',
        'drift: 3 missing, 0 renamed, 0 gone; the catalog and the SDK disagree.',
        '',
      ].join('\n'),
    );
  });

  it("imports the SDK's JavaScript for its legacy table only when some SDK type matched nothing", async () => {
    const counter = globalThis as { __fixtureSdkImports?: number };
    const dir = fixtureProject('sdk-package-agree', 'agree', { sdkPackage: true });
    cpSync(
      path.join(dir, 'types/sdk-tools.d.ts'),
      path.join(dir, 'node_modules/fixture-agent-sdk/sdk-tools.d.ts'),
    );
    const before = counter.__fixtureSdkImports ?? 0;
    expect((await cli(dir, 'drift')).code).toBe(0);
    expect(counter.__fixtureSdkImports ?? 0).toBe(before);
  });

  it('prints every disagreement as JSON with --json', async () => {
    const run = await cli(fixtureProject('removes-json', 'removes-tool'), 'drift', '--json');
    expect(run.code).toBe(1);
    const [catalog] = JSON.parse(run.stdout).catalogs;
    expect(catalog.gone).toEqual([
      {
        key: 'TaskOutput',
        typeName: 'TaskOutputInput',
        source: 'catalog/tools.catalog.ts',
        position: { file: 'catalog/tools.catalog.ts', line: 8, column: 3 },
      },
    ]);
    expect(catalog.ok).toBe(false);
  });

  it('takes the SDK types from --sdk-types, and exits 2 naming a path that does not exist', async () => {
    const dir = fixtureProject('flag', 'agree');
    const adds = path.join(SDK_FIXTURES, 'types/adds-tool.d.ts');
    expect((await cli(dir, 'drift', '--sdk-types', adds)).code).toBe(1);
    const missing = await cli(dir, 'drift', '--sdk-types', 'nope/sdk-tools.d.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "--sdk-types nope/sdk-tools.d.ts: no such file; pass the path of the SDK's sdk-tools.d.ts.\nUsage: tool-catalog drift [--sdk <package|folder> | --sdk-types <file>] | --mcp [server…] [--update] [--connect-timeout <ms>] [--list-timeout <ms>]\n",
    );
  });

  it('exits 2 saying how to fix it when the types module cannot be resolved', async () => {
    const dir = fixtureProject('unresolved', 'agree');
    editFile(
      dir,
      'tool-catalog.config.ts',
      "typesModule: './types/sdk-tools.d.ts'",
      "typesModule: 'not-installed-sdk/sdk-tools'",
    );
    const run = await cli(dir, 'drift');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `drift: Cannot resolve 'not-installed-sdk/sdk-tools' (sdk.typesModule of catalog 'mini') from ${dir}; install it or pass --sdk-types <file>.\n`,
    );
  });
});
