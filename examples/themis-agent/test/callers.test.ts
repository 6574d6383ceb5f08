// One test per caller, as an app tests its chat jobs: run each caller's wiring and assert the exact
// allowedTools it hands the SDK, and the in-process tools its `themis` MCP server gets.
import { describe, expect, it } from 'vitest';
import { agentSession } from '../app/callers/agent-service';
import { ChannelMentionWorkflow } from '../app/callers/channel-mention-workflow';
import { chatSession, type ChatJob } from '../app/callers/chat-tool-configuration';
import { messagingSession } from '../app/callers/messaging-agent';
import { analyst, bareSpace, conversation, emptyQueue, guest, teamSpace } from './fixtures';

const toolNamesOf = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe('the four callers get exactly their slice of the catalog', () => {
  it('AgentService (FULL_AGENT_GROUPS): core + mirrored external allow-lists', () => {
    const { options, tools } = agentSession({ space: teamSpace, user: analyst, conversation });
    expect(options.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
      'mcp__linear__list_issues',
      'mcp__linear__create_issue',
      'mcp__linear__update_issue',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__sentry__resolve_issue',
      'mcp__sentry__list_projects',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
      'mcp__metabase__list_dashboards',
      'mcp__metabase__delete_card',
      'mcp__metabase__delete_dashboard',
      'mcp__metabase__execute_write_query',
    ]);
    expect(toolNamesOf(tools)).toEqual([
      'save_memory',
      'query_themis_data',
      'get_pr_info',
      'get_pr_diff',
      'get_pr_files',
    ]);
    const server = options.mcpServers.themis;
    expect(server).toMatchObject({ type: 'sdk', name: 'themis' });
  });

  it('ChatToolConfiguration (CHAT_TOOL_GROUPS) with job factories', () => {
    const jobs: ChatJob[] = [];
    const { options, tools } = chatSession({ space: teamSpace, user: analyst, conversation, jobs });
    expect(options.allowedTools).toEqual([
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'mcp__themis__gdrive_search_specs',
      'mcp__themis__gdrive_search_reports',
      'Skill',
      // Web chat loads its rarely used tools on demand.
      'ToolSearch',
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
      'mcp__linear__list_issues',
      'mcp__linear__create_issue',
      'mcp__linear__update_issue',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    expect(toolNamesOf(tools)).toEqual([
      'show_widget',
      'create_file',
      'gdrive_search_specs',
      'gdrive_search_reports',
      'load_skill_resources',
      'save_memory',
      'query_themis_data',
      'get_pr_info',
      'get_pr_diff',
      'get_pr_files',
      'trigger_pr_review',
      'trigger_code_generation',
    ]);
  });

  it('ChatToolConfiguration on the public API path: no factories, so no trigger tools', () => {
    const { options, tools } = chatSession({ space: bareSpace, user: guest, conversation });
    expect(options.allowedTools).toEqual([
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'mcp__themis__personal_tasks',
      'ToolSearch',
      'mcp__themis__save_memory',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
    ]);
    expect(toolNamesOf(tools)).toEqual([
      'show_widget',
      'create_file',
      'personal_tasks',
      'list_automations',
      'run_automation',
      'save_memory',
      'get_pr_info',
      'get_pr_diff',
      'get_pr_files',
    ]);
  });

  it('MessagingAgentConcern (MESSAGING_TOOL_GROUPS): core + restricted external variants', () => {
    const { options, tools } = messagingSession({ space: teamSpace, user: guest, messageQueue: emptyQueue() });
    expect(options.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
      'mcp__themis__enqueue_followup',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
    ]);
    expect(toolNamesOf(tools)).toEqual([
      'save_memory',
      'get_pr_info',
      'get_pr_diff',
      'get_pr_files',
      'enqueue_followup',
    ]);
  });

  it('ChannelMentionWorkflow (FULL_AGENT_GROUPS + triggers) with capturing factories', async () => {
    const workflow = new ChannelMentionWorkflow(bareSpace, analyst);
    const { options, tools } = workflow.session();
    expect(options.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    const review = tools.find((t) => t.name === 'trigger_pr_review')!;
    await review.handler({ repo: 'themis/api', number: 7 }, undefined);
    expect(workflow.prReviewRequest).toEqual({ repo: 'themis/api', number: 7 });
  });
});
