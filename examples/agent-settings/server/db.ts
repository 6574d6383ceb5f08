// Opens the app's SQLite database with sql.js (SQLite compiled to WebAssembly: nothing to compile on
// install), applies drizzle's SQL migrations (the `disabledTools` column included), makes sure the
// demo agent exists, and writes the database file back after every change.
import { eq } from 'drizzle-orm';
import { drizzle, type SQLJsDatabase } from 'drizzle-orm/sql-js';
import { migrate } from 'drizzle-orm/sql-js/migrator';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import initSqlJs from 'sql.js';
import { agents, type AgentRow } from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_FOLDER = path.join(here, 'migrations');
const DEFAULT_DB_FILE = path.join(here, '../.data/agents.sqlite');
export const DEMO_AGENT_ID = 'demo';

export interface AgentStore {
  readonly db: SQLJsDatabase;
  get(id: string): AgentRow | undefined;
  setDisabledTools(id: string, disabledTools: readonly string[]): AgentRow | undefined;
  close(): void;
}

export async function openAgentStore(file = DEFAULT_DB_FILE): Promise<AgentStore> {
  mkdirSync(path.dirname(file), { recursive: true });
  const SQL = await initSqlJs();
  // sql.js keeps the database in memory: it starts from the file's bytes and is saved back whole.
  const sqlite = existsSync(file) ? new SQL.Database(readFileSync(file)) : new SQL.Database();
  const save = () => {
    // Through a temp file and a rename, so a reader never sees half a database.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, sqlite.export());
    renameSync(temp, file);
  };
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // No disabledTools given: the column's default '[]' applies, as for every agent that existed before the column was added.
  db.insert(agents).values({ id: DEMO_AGENT_ID, name: 'Demo agent' }).onConflictDoNothing().run();
  save();
  return {
    db,
    get: (id) => db.select().from(agents).where(eq(agents.id, id)).get(),
    setDisabledTools(id, disabledTools) {
      db.update(agents)
        .set({ disabledTools: [...new Set(disabledTools)].sort() })
        .where(eq(agents.id, id))
        .run();
      save();
      return db.select().from(agents).where(eq(agents.id, id)).get();
    },
    close: () => sqlite.close(),
  };
}
