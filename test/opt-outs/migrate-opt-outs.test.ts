// Stable identity: a stored opt-out list under earlier names — Cherry Studio's server `claw`, the
// SDK's `Task` and `BashOutput` — migrates to today's keys of the default catalog, with what changed
// and why; the catalog's own `renamedFrom` wins over the SDK's table.
import { describe, expect, it } from 'vitest';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { migrateOptOuts } from '../../plugin/runtime/opt-out-migration';
import { normaliseOptOuts } from '../../plugin/runtime/read-opt-outs';
import { preparePolicy } from '../../plugin/runtime/policy-tables';
import { demoModel } from '../support/catalog-model';
import { loadDefaultCatalog } from '../support/projects';
import { runtimeLegacyAliases } from '../support/sdk-aliases';

/** The default catalog as the generator sees it: with the SDK's legacy names the lock recorded. */
async function defaultCatalog() {
  const { model } = await loadDefaultCatalog();
  // The recorded table is the installed SDK's own.
  expect(model.sdkAliases).toEqual(runtimeLegacyAliases());
  return preparePolicy(policyTablesOf(model));
}

describe('migrating stored opt-outs', () => {
  it("the SDK's own table says what Task, KillShell and ProposeGoal are now (BashOutput is the catalog's to say)", () => {
    expect(runtimeLegacyAliases()).toMatchObject({
      Task: 'Agent',
      KillShell: 'TaskStop',
      ProposeGoal: 'SetGoal',
    });
    expect(runtimeLegacyAliases()).not.toHaveProperty('BashOutput');
  });

  it("turns Cherry Studio's old names into today's keys of the default catalog, saying why", async () => {
    const p = await defaultCatalog();
    const migration = migrateOptOuts(p, [
      'mcp__claw__cron',
      'Task',
      'BashOutput',
      'mcp__claw',
      'Bash',
      'mcp__cherry-tools__notify',
    ]);
    expect(migration.optOuts).toEqual([
      'CherryCron',
      'Agent',
      'TaskOutput',
      'mcp__cherry-tools',
      'Bash',
      'CherryNotify',
    ]);
    expect(migration.changes).toEqual([
      {
        from: 'mcp__claw__cron',
        to: 'CherryCron',
        why: "the server 'claw' is now 'cherry-tools': mcp__cherry-tools__cron is CherryCron",
      },
      { from: 'Task', to: 'Agent', why: "the SDK renamed 'Task' to 'Agent'" },
      {
        from: 'BashOutput',
        to: 'TaskOutput',
        why: "'BashOutput' is an earlier name of TaskOutput (its renamedFrom)",
      },
      {
        from: 'mcp__claw',
        to: 'mcp__cherry-tools',
        why: "the server 'claw' is now 'cherry-tools'",
      },
      {
        from: 'mcp__cherry-tools__notify',
        to: 'CherryNotify',
        why: "'mcp__cherry-tools__notify' is the runtime name of CherryNotify; opt-outs are kept by catalog key",
      },
    ]);
    expect(migration.unknown).toEqual([]);
  });

  it('then says which migrated entries change nothing, and what to switch instead', async () => {
    const p = await defaultCatalog();
    const read = normaliseOptOuts(p, ['mcp__claw__cron', 'Task', 'BashOutput']);
    expect(read.keys).toEqual(['CherryCron']);
    expect(read.migrated.map((m) => m.to)).toEqual(['CherryCron', 'Agent', 'TaskOutput']);
    expect(read.unknown).toEqual([
      {
        entry: 'Task',
        key: 'Agent',
        reason:
          "'Agent' is not a user tool: internal, conditional and disabled tools are not switched by users",
      },
      {
        entry: 'BashOutput',
        key: 'TaskOutput',
        reason:
          "'TaskOutput' is not a user tool: internal, conditional and disabled tools are not switched by users; it goes with Bash (pair group bash)",
        suggestion: 'Bash',
      },
    ]);
  });

  it('without the SDK table, a legacy name is unknown and said so, not silently dropped', async () => {
    const { tables } = await loadDefaultCatalog();
    const migration = migrateOptOuts(preparePolicy({ ...tables, sdkAliases: {} }), [
      'Task',
      'mcp__clau__cron',
    ]);
    expect(migration.optOuts).toEqual([]);
    expect(migration.unknown).toEqual([
      expect.objectContaining({
        entry: 'Task',
        reason: 'no tool of the catalog has this key or runtime name',
      }),
      {
        entry: 'mcp__clau__cron',
        reason:
          "the catalog declares no MCP server or channel 'clau'; fix the name, or pass a server the app connects itself as otherServers",
      },
    ]);
  });
});

describe('renamedFrom of a tool', () => {
  const model = demoModel(
    { servers: { app: { renamedFrom: ['old-app'] } } },
    {
      Cron: {
        kind: 'mcp',
        server: 'app',
        wire: 'cron',
        exposure: 'user',
        renamedFrom: ['claw_cron', 'mcp__app__schedule', 'Task'],
      },
      Agent: { kind: 'sdk', exposure: 'user' },
    },
  );
  const p = preparePolicy(policyTablesOf({ ...model, sdkAliases: { Task: 'Agent' } }));

  it('migrates former keys and full former names; the catalog beats the SDK table', () => {
    const migration = migrateOptOuts(p, [
      'claw_cron',
      'mcp__app__schedule',
      'mcp__old-app__schedule',
      'Task',
    ]);
    expect(migration.optOuts).toEqual(['Cron']);
    expect(migration.changes.map((c) => [c.from, c.to])).toEqual([
      ['claw_cron', 'Cron'],
      ['mcp__app__schedule', 'Cron'],
      ['mcp__old-app__schedule', 'Cron'],
      ['Task', 'Cron'],
    ]);
    expect(migration.changes[0]!.why).toBe(
      "'claw_cron' is an earlier name of Cron (its renamedFrom)",
    );
  });

  it('normalises the same entries to the key they switch off', () => {
    expect(normaliseOptOuts(p, ['claw_cron']).keys).toEqual(['Cron']);
    expect(normaliseOptOuts(p, ['mcp__old-app']).keys).toEqual(['Cron']);
    expect(normaliseOptOuts(p, ['mcp__old-app']).migrated).toEqual([
      { from: 'mcp__old-app', to: 'mcp__app', why: "the server 'old-app' is now 'app'" },
    ]);
  });
});
