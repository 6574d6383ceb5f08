// The app's registry of external MCP channels: which tools each connected channel's server offers.
// toolNames reads it to mirror the allow-lists of `linear`, `sentry_full` and `metabase_full`.
import type { ChannelName, Space } from './domain';

const CHANNEL_TOOLS: Readonly<Record<ChannelName, readonly string[]>> = {
  linear: ['list_issues', 'create_issue', 'update_issue'],
  sentry: ['list_issues', 'get_issue', 'resolve_issue', 'list_projects'],
  metabase: [
    'search',
    'run_saved_question',
    'list_dashboards',
    'delete_card',
    'delete_dashboard',
    'execute_write_query',
  ],
};

export class ChannelRegistry {
  constructor(private readonly space: Space) {}

  /** The channel's tools when the space has it connected; undefined otherwise. */
  toolsFor(channel: string): readonly string[] | undefined {
    if (!this.space.channels.includes(channel as ChannelName)) return undefined;
    return CHANNEL_TOOLS[channel as ChannelName];
  }
}
