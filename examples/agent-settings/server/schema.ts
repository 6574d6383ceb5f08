// The app's agents table: one opt-out column, `disabledTools`, a JSON array of catalog keys (the
// agent path and the chat path read the same list; a list stored under runtime names reads the
// same, see server/agent-tools.ts); empty means every user tool is enabled, so existing agents are unaffected.
import { sql } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const agents = sqliteTable('agents', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  disabledTools: text('disabled_tools', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
});

export type AgentRow = typeof agents.$inferSelect;
