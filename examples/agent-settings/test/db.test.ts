// The example's agent store on sql.js (SQLite as WebAssembly, nothing compiled on install): drizzle's
// real migrations build the table, an agent stored before the `disabledTools` column existed gets
// its default '[]', and what the store writes is in the database file when it is opened again.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/sql-js';
import { migrate } from 'drizzle-orm/sql-js/migrator';
import initSqlJs from 'sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_ID, MIGRATIONS_FOLDER, openAgentStore } from '../server/db';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'agent-settings-db-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rows of `sql` in the database file, read with SQLite itself (not through the store). */
async function query(file: string, sql: string): Promise<unknown[][]> {
  const sqlite = new (await initSqlJs()).Database(readFileSync(file));
  try {
    return sqlite.exec(sql)[0]?.values ?? [];
  } finally {
    sqlite.close();
  }
}

describe('the agent store', () => {
  it('migrates a new database, creates the demo agent, and keeps a write across reopening', async () => {
    const file = path.join(scratch, 'fresh', 'agents.sqlite');
    const store = await openAgentStore(file);
    expect(store.get(DEMO_AGENT_ID)).toEqual({ id: 'demo', name: 'Demo agent', disabledTools: [] });
    expect(
      store.setDisabledTools(DEMO_AGENT_ID, ['ExitPlanMode', 'EnterPlanMode', 'EnterPlanMode']),
    ).toEqual({
      id: 'demo',
      name: 'Demo agent',
      disabledTools: ['EnterPlanMode', 'ExitPlanMode'],
    });
    store.close();
    expect(await query(file, "select disabled_tools from agents where id = 'demo'")).toEqual([
      ['["EnterPlanMode","ExitPlanMode"]'],
    ]);
    const again = await openAgentStore(file);
    expect(again.get(DEMO_AGENT_ID)?.disabledTools).toEqual(['EnterPlanMode', 'ExitPlanMode']);
    again.close();
  });

  it("gives agents stored before the disabledTools migration the column's default", async () => {
    // A database made by the first migration only, with an agent in it, as an older app version left it.
    const firstOnly = path.join(scratch, 'first-migration');
    cpSync(MIGRATIONS_FOLDER, firstOnly, { recursive: true });
    const journalFile = path.join(firstOnly, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    expect(journal.entries.map((e) => e.tag)).toEqual([
      '0000_create_agents',
      '0001_agent_disabled_tools',
    ]);
    writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
    );
    const SQL = await initSqlJs();
    const old = new SQL.Database();
    migrate(drizzle(old), { migrationsFolder: firstOnly });
    old.run("insert into agents (id, name) values ('legacy', 'Agent from before')");
    const file = path.join(scratch, 'old.sqlite');
    writeFileSync(file, old.export());
    old.close();
    expect(await query(file, "select name from pragma_table_info('agents')")).toEqual([
      ['id'],
      ['name'],
    ]);

    const store = await openAgentStore(file);
    expect(store.get('legacy')).toEqual({
      id: 'legacy',
      name: 'Agent from before',
      disabledTools: [],
    });
    store.close();
    expect(await query(file, "select name from pragma_table_info('agents')")).toEqual([
      ['id'],
      ['name'],
      ['disabled_tools'],
    ]);
  });
});
