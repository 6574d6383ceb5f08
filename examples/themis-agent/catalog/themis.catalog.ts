// The vocabulary of the Themis tool catalog: caller groups, the ToolContext predicates, the in-process
// `themis` MCP server, the external MCP channels whose names are mirrored, the four callers and the
// two subagents they delegate to.
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
  // The subagents the agent delegates to through the Agent tool; each gets at most what the session
  // offers the caller, so a subagent never reaches a tool its parent may not use.
  agents: {
    researcher: {
      description: 'Answers a question from Themis data and pull requests, read-only',
      prompt: 'You answer one question from Themis data and the pull requests it names. You only read; you never change or trigger anything.',
      tools: ['query_themis_data', 'get_pr_info'],
    },
    release: {
      description: 'Prepares a release: reads the pull requests, then starts review and code generation workflows',
      prompt: 'You prepare a release. Read the pull requests, then start the review and code generation workflows they need.',
      tools: ['get_pr_info'],
      groups: ['triggers'],
    },
  },
});
