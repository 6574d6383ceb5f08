// The embedded default catalog (the Claude Code tools from SDK 0.3.168 to the newest pinned one): the
// core's output equals the checked-in generated/ files byte for byte (so CLI == core), every SDK tool
// type of both pinned SDKs is covered, and the tools are classified as docs/decisions.md explains.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { generate, outputSets } from '../../plugin/generate';
import { SURFACE_LOCK_NAME } from '../../plugin/language/output-files';
import { inVersionRange } from '../../plugin/language/versions';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { withManifests } from '../../plugin/write/write-outputs';
import { fingerprint } from '../support/files';
import { REPO, relativePosix } from '../support/paths';

async function generateDefault() {
  const result = await generate({ cwd: REPO, catalog: 'claude' });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const catalog = result.catalogs[0]!;
  return { outDir: catalog.outDir, sets: outputSets(result), model: catalog.model! };
}

/** Member names of the SDK's `ToolInputSchemas` union, `Input` stripped (`FileEdit`, `Bash`, …). */
async function sdkInputTypes(pkg: string): Promise<string[]> {
  const file = path.join(REPO, 'node_modules', pkg, 'sdk-tools.d.ts');
  const source = ts.createSourceFile(
    file,
    await fs.readFile(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
  );
  const alias = source.statements.find(
    (s): s is import('ts-morph').ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(s) && s.name.text === 'ToolInputSchemas',
  );
  expect(alias && ts.isUnionTypeNode(alias.type)).toBe(true);
  const members = (alias!.type as import('ts-morph').ts.UnionTypeNode).types.map((t) =>
    t.getText(source),
  );
  return members.filter((m) => m.endsWith('Input')).map((m) => m.slice(0, -'Input'.length));
}

const tool = (model: CatalogModel, key: string) => {
  const t = model.tools.find((x) => x.key === key);
  if (!t) throw new Error(`no tool ${key} in the default catalog`);
  return t;
};

describe('default catalog', () => {
  it('compiles, in the core, to exactly the checked-in files of generated/claude (manifest included)', async () => {
    const { outDir, sets } = await generateDefault();
    // The sets the writer takes, so the manifest records what the writer records.
    const written = withManifests(sets);
    for (const [file, emitted] of written) {
      if (emitted.createOnly) continue;
      expect(await fs.readFile(file, 'utf8'), path.relative(REPO, file)).toBe(emitted.content);
    }
    const owned = [...written]
      .filter(([, f]) => !f.createOnly)
      .map(([file]) => relativePosix(outDir, file));
    // The recorded runtime surface lives beside the outputs; generate reads it and never writes it.
    const present = Object.keys(await fingerprint(outDir)).filter((f) => f !== SURFACE_LOCK_NAME);
    expect(present.sort()).toEqual(owned.sort());
  });

  it.each([
    ['@anthropic-ai/claude-agent-sdk', '0.3.333'],
    ['claude-agent-sdk-oldest', '0.3.168'],
  ])(
    'declares every tool of the ToolInputSchemas union of %s (%s) in its version range',
    async (pkg, version) => {
      const { model } = await generateDefault();
      const installed = JSON.parse(
        await fs.readFile(path.join(REPO, 'node_modules', pkg, 'package.json'), 'utf8'),
      );
      expect(installed.version).toBe(version);
      // McpInput is the generic MCP call, not a tool.
      const sdk = (await sdkInputTypes(pkg)).filter((m) => m !== 'Mcp');
      expect(sdk.length).toBeGreaterThan(25);
      const typed = model.tools
        .filter((t) => t.sdkTyped && inVersionRange(version, t.addedIn, t.removedIn))
        .map((t) => t.sdkType!);
      expect([...typed].sort()).toEqual([...sdk].sort());
    },
  );

  it('puts the tools in output order: declared category order, then declaration order', async () => {
    const { model } = await generateDefault();
    const rank = new Map(model.categories.map((c, i) => [c.name, i]));
    const ranks = model.tools.map((t) => rank.get(t.category!)!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(model.tools.slice(0, 4).map((t) => t.key)).toEqual([
      'Bash',
      'TaskOutput',
      'TaskStop',
      'REPL',
    ]);
    expect(
      model.tools
        .filter((t) => t.category === 'context')
        .map((t) => t.key)
        .slice(0, 2),
    ).toEqual(['WebSearch', 'WebFetch']);
  });

  it('classifies the Claude Code tools as docs/decisions.md records', async () => {
    const { model } = await generateDefault();
    const exposure = (key: string) => tool(model, key).exposure;
    for (const k of [
      'NotebookEdit',
      'TodoWrite',
      'ScheduleWakeup',
      'RemoteTrigger',
      'Monitor',
      'PushNotification',
      'WebSearch',
      'WebFetch',
      'CronCreate',
      'CronDelete',
      'CronList',
      'REPL',
    ])
      expect(exposure(k), k).toBe('disabled');
    for (const k of [
      'Agent',
      'SendMessage',
      'TeamCreate',
      'TeamDelete',
      'AskUserQuestion',
      'SearchSkills',
      'InstallSkill',
      'Skill',
      'ToolSearch',
    ])
      expect(exposure(k), k).toBe('internal');
    for (const k of ['Workflow', 'CherryCron', 'Memory', 'CherryNotify', 'CherryConfig'])
      expect(exposure(k), k).toBe('user');
    for (const k of [
      'SendMessage',
      'TeamCreate',
      'TeamDelete',
      'Skill',
      'ToolSearch',
      'ListAgents',
    ])
      expect(tool(model, k).sdkTyped, k).toBe(false);
    expect(exposure('ListAgents')).toBe('internal');
    for (const k of ['TaskOutput', 'REPL']) expect(tool(model, k).removedIn, k).toBe('0.3.277');
    expect(tool(model, 'SetGoal').sdkType).toBe('ProposeGoal');
    expect(tool(model, 'ProposeSkills').names).toEqual(['propose_skills']);
    for (const k of ['EnterWorktree', 'ExitWorktree']) {
      expect(exposure(k)).toBe('conditional');
      expect(tool(model, k).condition?.name).toBe('workspace-has-git');
      expect(tool(model, k).pairGroup).toBe('worktree');
    }
    const members = (group: string) =>
      model.tools
        .filter((t) => t.pairGroup === group)
        .map((t) => t.key)
        .sort();
    expect(members('bash')).toEqual(['Bash', 'TaskOutput', 'TaskStop']);
    expect(members('planMode')).toEqual(['EnterPlanMode', 'ExitPlanMode']);
    expect(members('taskCluster')).toEqual(['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate']);
    expect(members('mcpResource')).toEqual([
      'ListMcpResourcesTool',
      'ReadMcpResourceDirTool',
      'ReadMcpResourceTool',
    ]);
    expect(model.categories.map((c) => c.name)).toEqual([
      'shell',
      'file',
      'search',
      'orchestration',
      'media',
      'context',
    ]);
    expect(model.conditions.map((c) => c.name)).toEqual(['workspace-has-git', 'agent-has-channel']);
    expect(tool(model, 'CherryCron').names).toEqual(['mcp__cherry-tools__cron']);
    expect(tool(model, 'InstallSkill').names).toEqual(['mcp__skills__install_skill']);
    for (const t of model.tools) {
      expect(t.label.length, t.key).toBeGreaterThan(0);
      expect(t.description.length, t.key).toBeGreaterThan(0);
    }
  });
});
