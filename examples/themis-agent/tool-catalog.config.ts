// The Themis service: one catalog of the agent's tools, compiled into generated/themis/.
import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    themis: {
      include: ['catalog/**/*.catalog.ts'],
      outDir: 'generated/themis',
      prefix: 'Themis',
      // The data `tool-catalog verify` runs the builders with.
      verify: { data: { module: './app/verify-data', export: 'verifyData' } },
    },
  },
});
