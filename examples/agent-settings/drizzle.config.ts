// drizzle-kit's config: `npx drizzle-kit generate --config examples/agent-settings/drizzle.config.ts`
// writes the SQL migrations in server/migrations from server/schema.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './examples/agent-settings/server/schema.ts',
  out: './examples/agent-settings/server/migrations',
});
