// The vocabulary of the Themis tool catalog: caller groups, the ToolContext predicates, the in-process
// `themis` MCP server, the external MCP channels whose names are mirrored, and the four callers.
import { defineCatalog } from 'agent-tool-catalog';

const FULL_AGENT = ['core', 'linear', 'sentry_full', 'metabase_full'] as const;

export const themis = defineCatalog({
  groups: ['core', 'chat_only', 'triggers', 'skill_builtin', 'linear', 'sentry_full', 'sentry_messaging', 'metabase_full', 'metabase_messaging'],
  conditions: {
    canQueryThemis: 'the user may query Themis data in this space',
    sentryConfigured: 'the space has a connected Sentry channel',
    linearConfigured: 'the space has a connected Linear channel',
    metabaseConfigured: 'the space has a connected Metabase channel',
    skillsEnabled: 'skills are enabled for the space',
    automationsEnabled: 'automations are enabled for the space',
    googleDriveAvailable: 'the user has connected Google Drive',
    hasMessageQueue: 'the invocation has a message queue (an empty queue counts)',
  },
  servers: { themis: { label: 'Themis' } },
  channels: { linear: { label: 'Linear' }, sentry: { label: 'Sentry' }, metabase: { label: 'Metabase' } },
  callers: {
    // AgentService — the full agent path.
    FULL_AGENT: [...FULL_AGENT],
    // ChatToolConfiguration — web/API chat.
    CHAT: ['core', 'chat_only', 'triggers', 'skill_builtin', 'linear', 'sentry_messaging', 'metabase_messaging'],
    // MessagingAgentConcern — Telegram / Teams.
    MESSAGING: ['core', 'sentry_messaging', 'metabase_messaging'],
    // ChannelMentionWorkflow — the full agent groups plus the triggers it supplies factories for.
    CHANNEL_MENTION: [...FULL_AGENT, 'triggers'],
  },
  // How the server runs its sessions; `tool-catalog verify` runs each, and the runtime-surface lock
  // records what the runtime itself offered in each.
  runtimes: {
    server: { description: 'the agent server as deployed: no permission callback, tool search as the runtime decides' },
    'tool-search-on': { description: 'the same with tool search turned on explicitly', toolSearch: true },
  },
});
