// The vocabulary of the Claude Code tool catalog: categories in display order, runtime
// conditions, pair groups, the in-process MCP servers the app hosts, and the two ways the app runs
// its sessions (the runtime itself decides part of what it offers in each), and its research subagent.
import { defineCatalog } from 'agent-tool-catalog';

export const claude = defineCatalog({
  categories: ['shell', 'file', 'search', 'orchestration', 'media', 'context'],
  categoryLabels: {
    shell: 'Shell',
    file: 'Files',
    search: 'Search',
    orchestration: 'Orchestration',
    media: 'Media',
    context: 'Context',
  },
  conditions: {
    'workspace-has-git': 'the session working directory is a git work tree (.git stat on cwd)',
    'agent-has-channel': 'the agent has at least one connected channel (channelService.listChannels)',
  },
  pairGroups: ['worktree', 'planMode', 'bash', 'taskCluster', 'mcpResource'],
  servers: {
    // Cherry Studio's own server was called `claw` before: stored opt-outs under mcp__claw__… migrate here.
    'cherry-tools': { label: 'Cherry tools', renamedFrom: ['claw'] },
    'agent-memory': { label: 'Agent memory' },
    skills: { label: 'Skills' },
  },
  runtimes: {
    desktop: {
      description: 'a chat in the desktop app: tool approvals go through the permission callback (canUseTool)',
      permissionCallback: true,
    },
    headless: {
      description: 'a scheduled or channel-triggered turn: nobody to answer a prompt, so no permission callback',
      permissionCallback: false,
    },
  },
  // Cherry Studio hands research to a subagent: it reads and searches, on the web and in the knowledge
  // base, and changes nothing. It gets these tools only where the session offers them.
  agents: {
    research: {
      description: 'Researches one question on the web, in the knowledge base and in the workspace, and reports back with sources',
      prompt: 'You research one question. Search the web and the knowledge base, read what you find, and report the answer with its sources. Change nothing.',
      tools: ['Read', 'Glob', 'Grep', 'WebSearch', 'WebFetch', 'CherryWebSearch', 'CherryWebFetch', 'CherryKnowledge'],
    },
  },
});
