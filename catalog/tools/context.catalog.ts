// Context: tools that feed the agent external or persistent context — web, knowledge, memory,
// skills, MCP resources, deferred tool definitions. The SDK's own WebSearch/WebFetch stay
// hard-disabled (re-granting them would be a regression): the app's cherry-tools versions replace them.
// Whether the runtime offers a tool at all (MCP resources need a server that has some; ToolSearch
// needs tool search) is recorded in generated/claude/runtime-surface.lock.json, not here.
import { claude } from '../claude.catalog';

export default claude.tools({
  WebSearch: {
    kind: 'sdk', category: 'context', exposure: 'disabled', icon: 'globe',
    label: 'Web search (SDK)', description: "The SDK's web search, replaced by the app's web search",
  },
  WebFetch: {
    kind: 'sdk', category: 'context', exposure: 'disabled', icon: 'globe',
    label: 'Web fetch (SDK)', description: "The SDK's web fetch, replaced by the app's web fetch",
  },
  ListMcpResourcesTool: {
    kind: 'sdk', sdkType: 'ListMcpResources', category: 'context', exposure: 'user', pairGroup: 'mcpResource', approval: 'auto', icon: 'library',
    label: 'List MCP resources', description: 'Lists resources offered by connected MCP servers',
  },
  ReadMcpResourceTool: {
    kind: 'sdk', sdkType: 'ReadMcpResource', category: 'context', exposure: 'user', pairGroup: 'mcpResource', approval: 'auto', icon: 'book-open',
    label: 'Read MCP resource', description: 'Reads a resource from a connected MCP server',
  },
  ReadMcpResourceDirTool: {
    kind: 'sdk', sdkType: 'ReadMcpResourceDir', category: 'context', exposure: 'user', pairGroup: 'mcpResource', approval: 'auto', addedIn: '0.3.186', icon: 'folder-open',
    label: 'Read MCP resource folder', description: 'Lists a folder of resources on a connected MCP server',
  },
  // The runtime's loader for deferred tool definitions: it grants no tool the policy does not offer.
  // Leaving it out (or disallowing it) turns deferral off: every offered tool is then direct.
  ToolSearch: {
    kind: 'sdk', sdkTyped: false, category: 'context', exposure: 'internal', icon: 'search-code',
    label: 'Tool search', description: 'Loads the definitions of deferred tools when the agent needs them',
  },
  // The app's web and memory tools stand in for built-ins: kept in every request, never behind ToolSearch.
  CherryWebSearch: {
    kind: 'mcp', server: 'cherry-tools', wire: 'web_search', category: 'context', exposure: 'user', approval: 'auto', offer: 'direct', icon: 'search',
    label: 'Web search', description: "Searches the web with the app's configured provider",
  },
  CherryWebFetch: {
    kind: 'mcp', server: 'cherry-tools', wire: 'web_fetch', category: 'context', exposure: 'user', approval: 'auto', offer: 'direct', icon: 'link',
    label: 'Web fetch', description: 'Fetches a web page as text',
  },
  CherryKnowledge: {
    kind: 'mcp', server: 'cherry-tools', wire: 'knowledge', category: 'context', exposure: 'user', approval: 'auto', icon: 'book',
    label: 'Knowledge base', description: "Searches the user's knowledge bases",
  },
  Memory: {
    kind: 'mcp', server: 'agent-memory', wire: 'memory', category: 'context', exposure: 'user', offer: 'direct', icon: 'brain',
    label: 'Memory', description: "Reads and writes the agent's persistent memory",
  },
  SearchSkills: {
    kind: 'mcp', server: 'skills', wire: 'search_skills', category: 'context', exposure: 'internal', approval: 'auto', icon: 'sparkles',
    label: 'Search skills', description: 'Searches the skill marketplace (read-only)',
  },
  // Runs the skills the app installs (InstallSkill); a skill's steps still go through the policy.
  Skill: {
    kind: 'sdk', sdkTyped: false, category: 'context', exposure: 'internal', icon: 'wand-sparkles',
    label: 'Skill', description: 'Runs a skill installed for the agent',
  },
  InstallSkill: {
    kind: 'mcp', server: 'skills', wire: 'install_skill', category: 'context', exposure: 'internal', approval: 'permission-mode', dependsOn: ['SearchSkills'], icon: 'download',
    label: 'Install skill', description: 'Installs one skill found by Search skills',
  },
});
