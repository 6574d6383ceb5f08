// `core`: tools every caller gets (full agent, chat, messaging), one declaration per tool.
import { themis } from '../themis.catalog';

export default themis.tools({
  save_memory: {
    kind: 'mcp', server: 'themis', groups: ['core'],
    builder: { module: '../../app/tools/memory', export: 'buildSaveMemoryTool' },
    label: 'Save memory', description: 'Stores a fact about the space for later conversations',
  },
  // The agent's main tool: in every request, even where the rest load through ToolSearch.
  query_themis_data: {
    kind: 'mcp', server: 'themis', groups: ['core'], available: 'canQueryThemis', offer: 'direct',
    builder: { module: '../../app/tools/query', export: 'buildQueryTool' },
    label: 'Query Themis data', description: "Runs a read-only query over the space's data",
  },
  // One builder, three tools: the names are listed explicitly.
  get_pr_info: {
    kind: 'mcp', server: 'themis', groups: ['core'],
    fullNames: ['get_pr_info', 'get_pr_diff', 'get_pr_files'],
    builder: { module: '../../app/tools/pull-requests', export: 'buildPullRequestTools' },
    label: 'Pull request info', description: 'Reads a pull request, its diff and its files',
  },
  enqueue_followup: {
    kind: 'mcp', server: 'themis', groups: ['core'], available: 'hasMessageQueue',
    builder: { module: '../../app/tools/followup', export: 'buildFollowupTool' },
    label: 'Queue a follow-up', description: 'Queues a follow-up message for this conversation',
  },
});
