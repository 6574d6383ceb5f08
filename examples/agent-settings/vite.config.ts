// The agent-settings example: React, the tool-catalog Vite plugin (regenerates src/generated/ on
// every catalog save), and the local API served by the dev server from a SQLite database.
import react from '@vitejs/plugin-react';
import toolCatalog from 'agent-tool-catalog/vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { openAgentStore } from './server/db';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Serves /api/* from server/api.ts, loaded through Vite so it always sees the current generated policy. */
function agentApi(): Plugin {
  return {
    name: 'agent-settings-api',
    async configureServer(server) {
      const store = await openAgentStore(process.env.AGENT_SETTINGS_DB || undefined);
      server.httpServer?.once('close', () => store.close());
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next();
        server
          .ssrLoadModule('/server/api.ts')
          .then((api) => (api as typeof import('./server/api')).handleApiRequest(store, req, res))
          .then((handled) => (handled ? undefined : next()))
          .catch(next);
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [toolCatalog(), react(), agentApi()],
});
