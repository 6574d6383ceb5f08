// The Themis service: one catalog of the agent's tools, compiled into generated/themis/; `drift --mcp`
// lists the in-process `themis` server the app builds from the catalog's own builders.
import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    themis: {
      include: ['catalog/**/*.catalog.ts'],
      outDir: 'generated/themis',
      prefix: 'Themis',
      mcp: {
        themis: { type: 'sdk', module: './app/mcp-server.ts', export: 'createThemisMcpServer' },
      },
      // The data `tool-catalog verify` runs the builders with.
      verify: { data: { module: './app/verify-data', export: 'verifyData' } },
      // One catalog, three SDKs: the agent's sessions on the Claude Agent SDK, its chat on the Vercel AI
      // SDK and on the OpenAI Agents SDK.
      targets: ['claude-agent-sdk', 'ai-sdk', 'openai-agents'],
    },
  },
});
