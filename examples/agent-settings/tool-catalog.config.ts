// The agent-settings example compiles the repository's default catalog (the Claude Code tools)
// into its own src/generated/, with its own translations and its own binding file.
import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    claude: {
      include: ['../../catalog/**/*.catalog.ts'],
      outDir: 'src/generated/claude',
      prefix: 'Claude',
      // The same catalog for the agent (Claude Agent SDK) and for the chat (Vercel AI SDK, OpenAI Agents SDK).
      targets: ['claude-agent-sdk', 'ai-sdk', 'openai-agents'],
      // A tool added to the catalog shows its English copy until it is translated.
      i18n: { locales: ['en', 'zh-CN', 'zh-TW'], prefix: 'agent.tools', missing: 'warn' },
      bindings: {
        file: 'src/tool-bindings.ts',
        iconType: { module: './src/icons', export: 'IconName' },
      },
    },
  },
});
