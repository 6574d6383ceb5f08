// One test per caller, as an app tests its chat jobs: run each caller's wiring and assert exactly
// what its session hands the SDK — allowedTools, the built-ins (`tools`), disallowedTools, the
// subagents — and the tools its in-process `themis` server answers to `tools/list`.
import { describe, expect, it } from 'vitest';
import { agentSession } from '../app/callers/agent-service';
import { ChannelMentionWorkflow } from '../app/callers/channel-mention-workflow';
import { chatSession, type ChatJob } from '../app/callers/chat-tool-configuration';
import { messagingSession } from '../app/callers/messaging-agent';
import { analyst, bareSpace, conversation, emptyQueue, guest, teamSpace } from './fixtures';
import { connectTo, listedTools } from './mcp-client';

const names = async (server: Parameters<typeof listedTools>[0]) =>
  (await listedTools(server)).map((t) => t.name);
/** The disallowed names that are not built-ins the catalog switches off everywhere (`exposure: 'disabled'`). */
const disallowedBeyondBuiltins = (disallowed: readonly string[]) =>
  disallowed.filter((n) => n.startsWith('mcp__') || ['Skill', 'ToolSearch', 'Agent'].includes(n));
const PR_TOOLS = [
  'mcp__themis__get_pr_info',
  'mcp__themis__get_pr_diff',
  'mcp__themis__get_pr_files',
];
const RESTRICTED = [
  'mcp__metabase__delete_card',
  'mcp__metabase__delete_dashboard',
  'mcp__metabase__execute_write_query',
];

describe('the four callers get exactly their slice of the catalog', () => {
  it('AgentService (FULL_AGENT): core + mirrored external allow-lists, the restricted tools left out', async () => {
    const { options } = agentSession({ space: teamSpace, user: analyst, conversation });
    expect(options.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      ...PR_TOOLS,
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
      'Agent',
    ]);
    // The only built-in offered is the Agent tool, for the catalog's subagents.
    expect(options.tools).toEqual(['Agent']);
    expect(disallowedBeyondBuiltins(options.disallowedTools)).toEqual([
      'mcp__themis__enqueue_followup',
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'mcp__themis__personal_tasks',
      'Skill',
      'ToolSearch',
      ...RESTRICTED,
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    expect(options.disallowedTools).toEqual(expect.arrayContaining(['Bash', 'Read', 'WebFetch']));
    expect(options.agents).toEqual({
      researcher: expect.objectContaining({
        tools: ['mcp__themis__query_themis_data', ...PR_TOOLS],
        disallowedTools: expect.arrayContaining(RESTRICTED),
      }),
      release: expect.objectContaining({ tools: PR_TOOLS }),
    });
    expect(options.settingSources).toEqual([]);
    expect(options.skills).toBeUndefined();
    expect(options.mcpServers.themis).toMatchObject({ type: 'sdk', name: 'themis' });
    expect(Object.keys(options.mcpServers)).toEqual(['themis']);
    expect(await names(options.mcpServers.themis)).toEqual([
      'save_memory',
      'query_themis_data',
      'get_pr_info',
      'get_pr_diff',
      'get_pr_files',
    ]);
  });

  it('ChatToolConfiguration (CHAT) with job factories', async () => {
    const jobs: ChatJob[] = [];
    const { options } = chatSession({ space: teamSpace, user: analyst, conversation, jobs });
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
      ...PR_TOOLS,
      'mcp__linear__list_issues',
      'mcp__linear__create_issue',
      'mcp__linear__update_issue',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
      'Agent',
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
      // Then what the bundle entries' builders built (skills are on in this space, automations off).
      'mcp__themis__load_skill_resources',
    ]);
    expect(options.tools).toEqual(['Skill', 'ToolSearch', 'Agent']);
    expect(disallowedBeyondBuiltins(options.disallowedTools)).toEqual([
      'mcp__themis__enqueue_followup',
      'mcp__themis__personal_tasks',
      ...RESTRICTED,
    ]);
    // The release subagent gets the trigger tools here: this caller has their factories.
    expect(options.agents?.release?.tools).toEqual([
      ...PR_TOOLS,
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    expect(options.agents?.researcher?.tools).toEqual([
      'mcp__themis__query_themis_data',
      ...PR_TOOLS,
    ]);
    // `load_skill_resources` is what its bundle (`fullNames: []`) built: it stands for the bundle, whose
    // policy allows it here (skills are on in this space), so the session serves it.
    expect(await names(options.mcpServers.themis)).toEqual([
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

  it('ChatToolConfiguration on the public API path: no factories, so no trigger tools', async () => {
    const { options } = chatSession({ space: bareSpace, user: guest, conversation });
    expect(options.allowedTools).toEqual([
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'mcp__themis__personal_tasks',
      'ToolSearch',
      'mcp__themis__save_memory',
      ...PR_TOOLS,
      'Agent',
      'mcp__themis__list_automations',
      'mcp__themis__run_automation',
    ]);
    expect(options.tools).toEqual(['ToolSearch', 'Agent']);
    expect(disallowedBeyondBuiltins(options.disallowedTools)).toEqual([
      'Skill',
      'mcp__themis__query_themis_data',
      'mcp__themis__enqueue_followup',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
      ...RESTRICTED,
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    // A guest without canQueryThemis: the researcher keeps only the pull-request tools.
    expect(options.agents?.researcher?.tools).toEqual(PR_TOOLS);
    expect(options.agents?.release?.tools).toEqual(PR_TOOLS);
    // `list_automations` and `run_automation` come from a `fullNames: []` bundle that automations switch on.
    expect(await names(options.mcpServers.themis)).toEqual([
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

  it('MessagingAgentConcern (MESSAGING): core + restricted external variants', async () => {
    const { options } = messagingSession({
      space: teamSpace,
      user: guest,
      messageQueue: emptyQueue(),
    });
    expect(options.allowedTools).toEqual([
      'mcp__themis__save_memory',
      ...PR_TOOLS,
      'mcp__themis__enqueue_followup',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
      'Agent',
    ]);
    expect(options.tools).toEqual(['Agent']);
    expect(disallowedBeyondBuiltins(options.disallowedTools)).toEqual([
      'mcp__themis__query_themis_data',
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'mcp__themis__personal_tasks',
      'Skill',
      'ToolSearch',
      ...RESTRICTED,
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    // `mcp__sentry__resolve_issue` is only mirrored (the full variant names nothing at build time), so
    // it is not in disallowedTools; the guard denies it (guard.test.ts).
    expect(options.disallowedTools).not.toContain('mcp__sentry__resolve_issue');
    expect(options.agents?.researcher?.tools).toEqual(PR_TOOLS);
    expect(options.agents?.release?.tools).toEqual(PR_TOOLS);
    expect(await names(options.mcpServers.themis)).toEqual([
      'save_memory',
      'get_pr_info',
      'get_pr_diff',
      'get_pr_files',
      'enqueue_followup',
    ]);
  });

  it('ChannelMentionWorkflow (CHANNEL_MENTION) with capturing factories', async () => {
    const workflow = new ChannelMentionWorkflow(bareSpace, analyst);
    const { options } = workflow.session();
    expect(options.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      ...PR_TOOLS,
      'Agent',
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    expect(options.tools).toEqual(['Agent']);
    expect(disallowedBeyondBuiltins(options.disallowedTools)).toEqual([
      'Skill',
      'mcp__themis__enqueue_followup',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      'mcp__metabase__search',
      'mcp__metabase__run_saved_question',
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'mcp__themis__personal_tasks',
      'ToolSearch',
      ...RESTRICTED,
    ]);
    expect(options.agents?.release?.tools).toEqual([
      ...PR_TOOLS,
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    expect(options.agents?.researcher?.tools).toEqual([
      'mcp__themis__query_themis_data',
      ...PR_TOOLS,
    ]);
    // The trigger tool the server offers runs the workflow's own factory.
    const client = await connectTo(options.mcpServers.themis);
    try {
      await client.callTool({
        name: 'trigger_pr_review',
        arguments: { repo: 'themis/api', number: 7 },
      });
    } finally {
      await client.close();
    }
    expect(workflow.prReviewRequest).toEqual({ repo: 'themis/api', number: 7 });
  });
});
