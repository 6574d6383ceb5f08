// The embedded default catalog: the Claude Code tool catalog for SDK 0.3.333 and 0.3.168 (the oldest it supports).
import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    claude: {
      include: ['catalog/**/*.catalog.ts'],
      outDir: 'generated/claude',
      prefix: 'Claude',
      i18n: { locales: ['en', 'zh-CN', 'zh-TW'], prefix: 'agent.tools' },
    },
  },
});
