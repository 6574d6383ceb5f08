// Opens the app's SQLite database with better-sqlite3, applies drizzle's SQL migrations (the
// `disabledTools` column included) and makes sure the demo agent exists.
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agents, type AgentRow } from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_FOLDER = path.join(here, 'migrations');
const DEFAULT_DB_FILE = path.join(here, '../.data/agents.sqlite');
const DEMO_AGENT_ID = 'demo';

export interface AgentStore {
  readonly db: BetterSQLite3Database;
  get(id: string): AgentRow | undefined;
  setDisabledTools(id: string, disabledTools: readonly string[]): AgentRow | undefined;
  close(): void;
}

export function openAgentStore(file = DEFAULT_DB_FILE): AgentStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // No disabledTools given: the column's default '[]' applies, as for every agent that existed before the column was added.
  db.insert(agents).values({ id: DEMO_AGENT_ID, name: 'Demo agent' }).onConflictDoNothing().run();
  return {
    db,
    get: (id) => db.select().from(agents).where(eq(agents.id, id)).get(),
    setDisabledTools(id, disabledTools) {
      db.update(agents)
        .set({ disabledTools: [...new Set(disabledTools)].sort() })
        .where(eq(agents.id, id))
        .run();
      return db.select().from(agents).where(eq(agents.id, id)).get();
    },
    close: () => sqlite.close(),
  };
}
