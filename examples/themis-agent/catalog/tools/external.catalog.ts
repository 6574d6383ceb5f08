// External MCP channels: full allow-lists mirrored from the app's ChannelRegistry at toolNames time,
// restricted variants as fixed lists, and the destructive tools the PreToolUse guard always denies.
import { themis } from '../themis.catalog';

export default themis.tools({
  linear: { kind: 'external', channel: 'linear', mirror: true, groups: ['linear'], available: 'linearConfigured' },
  sentry_full: { kind: 'external', channel: 'sentry', mirror: true, groups: ['sentry_full'], available: 'sentryConfigured' },
  sentry_messaging: {
    kind: 'external', channel: 'sentry', wires: ['list_issues', 'get_issue'],
    groups: ['sentry_messaging'], available: 'sentryConfigured',
  },
  metabase_full: { kind: 'external', channel: 'metabase', mirror: true, groups: ['metabase_full'], available: 'metabaseConfigured' },
  metabase_messaging: {
    kind: 'external', channel: 'metabase', wires: ['search', 'run_saved_question'],
    groups: ['metabase_messaging'], available: 'metabaseConfigured',
  },
  // The SDK forwards every tool an external server registers, whatever allowedTools says: these are
  // denied by the generated PreToolUse guard.
  metabase_restricted: {
    kind: 'external', channel: 'metabase', wires: ['delete_card', 'delete_dashboard', 'execute_write_query'],
    restricted: true,
  },
});
