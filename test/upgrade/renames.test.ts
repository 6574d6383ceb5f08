// `upgrade` on a catalog that still names built-ins as older SDKs did, from 0.3.168 to 0.3.333: the
// SDK's legacy-name table and name list say what each runs as today (Task → Agent, KillShell →
// TaskStop, ProposeGoal → SetGoal while its type stays ProposeGoalInput); `--write` gives each its
// name and type, keeps the key, records a former name that was not the key, and grants nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { json, runCli } from '../support/cli';
import { loadModel } from '../support/projects';
import { granted } from './never-grants';
import { fixtureApp, useTestCache } from './upgrade-apps';

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON, read field by field
type Report = any;
const FILE = 'catalog/tools/agents.catalog.ts';

let app: string;
let before: string;
let modelBefore: CatalogModel;
let modelAfter: CatalogModel;
let report: Report;

beforeAll(async () => {
  useTestCache();
  app = fixtureApp('legacy-names', 'upgrade-renames');
  before = readFileSync(path.join(app, FILE), 'utf8');
  modelBefore = await loadModel(app);
  const run = await runCli(
    [
      'upgrade',
      '--from',
      'claude-agent-sdk-oldest',
      '--to',
      '@anthropic-ai/claude-agent-sdk',
      '--write',
      '--json',
    ],
    app,
  );
  expect(run.code, run.stdout + run.stderr).toBe(0);
  report = json(run);
  modelAfter = await loadModel(app);
}, 600_000);

const renamed = () =>
  report.tools
    .filter((r: Report) => r.change === 'renamed')
    .map((r: Report) => ({
      key: r.key,
      was: r.was,
      name: r.name,
      typeName: r.typeName,
      fields: r.fields,
      remove: r.remove,
      note: r.note,
    }));

describe('upgrade of a catalog with old tool names', () => {
  it('reports each rename from the SDK tables, with the type the new name has', () => {
    expect(renamed()).toEqual([
      {
        key: 'Task',
        was: 'Task',
        name: 'Agent',
        typeName: 'AgentInput',
        fields: { name: 'Agent' },
        remove: ['sdkTyped'],
        note: undefined,
      },
      {
        key: 'ProposeGoal',
        was: 'ProposeGoal',
        name: 'SetGoal',
        typeName: 'ProposeGoalInput',
        fields: { name: 'SetGoal', sdkType: 'ProposeGoal' },
        remove: undefined,
        note: undefined,
      },
      {
        key: 'StopShell',
        was: 'KillShell',
        name: 'TaskStop',
        typeName: 'TaskStopInput',
        fields: { name: 'TaskStop', renamedFrom: ['KillShell'] },
        remove: ['sdkTyped'],
        note: undefined,
      },
      {
        key: 'KillBash',
        was: 'KillBash',
        name: 'TaskStop',
        typeName: undefined,
        fields: undefined,
        remove: undefined,
        note: "'StopShell' is TaskStop too: keep one of the two (an upgrade never removes a tool)",
      },
    ]);
  });

  it('does not report the new names as new tools', () => {
    const added = report.tools.filter((r: Report) => r.change === 'new').map((r: Report) => r.name);
    expect(added).not.toContain('Agent');
    expect(added).not.toContain('TaskStop');
    expect(added).not.toContain('SetGoal');
  });

  it('edits the three tools in place, keeping their keys', () => {
    const now = readFileSync(path.join(app, FILE), 'utf8');
    // The old text with the three declarations edited, then the new tools before the closing `});`.
    expect(now.slice(0, now.indexOf('  // Built-ins of SDK'))).toBe(
      before
        .slice(0, -'});\n'.length)
        .replace(
          "  Task: {\n    kind: 'sdk', sdkTyped: false,",
          "  Task: {\n    kind: 'sdk', name: 'Agent',",
        )
        .replace(
          "  ProposeGoal: {\n    kind: 'sdk',",
          "  ProposeGoal: {\n    kind: 'sdk', name: 'SetGoal', sdkType: 'ProposeGoal',",
        )
        .replace(
          "kind: 'sdk', name: 'KillShell', sdkTyped: false, category: 'shell', exposure: 'user',",
          "kind: 'sdk', name: 'TaskStop', category: 'shell', exposure: 'user', renamedFrom: ['KillShell'],",
        ),
    );
    const byKey = new Map(modelAfter.tools.map((t) => [t.key, t]));
    expect(byKey.get('Task')).toMatchObject({ names: ['Agent'], sdkTyped: true, sdkType: 'Agent' });
    expect(byKey.get('ProposeGoal')).toMatchObject({
      names: ['SetGoal'],
      sdkType: 'ProposeGoal',
      addedIn: '0.3.227',
    });
    expect(byKey.get('StopShell')).toMatchObject({
      names: ['TaskStop'],
      sdkType: 'TaskStop',
      renamedFrom: ['KillShell'],
    });
    expect(byKey.get('KillBash')).toMatchObject({ names: ['KillBash'], exposure: 'disabled' });
  });

  it('grants nothing, and the newest SDK finds no old name left: what drift misses was missing at 0.3.168 already', async () => {
    expect(granted(modelBefore, modelAfter)).toEqual([]);
    const drift = JSON.parse((await runCli(['drift', '--json'], app)).stdout).catalogs[0];
    expect({ renamed: drift.renamed, gone: drift.gone }).toEqual({ renamed: [], gone: [] });
    // Tools both SDKs type that this catalog never declared: no change of the SDK, so no edit of the upgrade.
    const typedInBoth = report.notInCatalog
      .filter((t: Report) => t.typeName)
      .map((t: Report) => t.typeName);
    expect(drift.missing.map((m: Report) => m.typeName).sort()).toEqual(typedInBoth.sort());
    expect(typedInBoth).toContain('FileReadInput');
  });
});
