// Built-in tools of other Claude Code products that the app does not offer: onboarding, artifacts,
// design, projects, feedback, goals, code-review reports and the CLI's own session plumbing. They are
// declared so every built-in has one classification (and drift stays quiet), all disabled; a tool
// added in a newer SDK says since when, so older runtimes are checked without it.
import { claude } from '../claude.catalog';

export default claude.tools({
  Artifact: {
    kind: 'sdk', category: 'media', exposure: 'disabled', addedIn: '0.3.172', icon: 'file-box',
    label: 'Artifact', description: 'Publishes and reads artifacts of a Claude account (not offered in the app)',
  },
  ClaudeDesign: {
    kind: 'sdk', category: 'media', exposure: 'disabled', addedIn: '0.3.199', icon: 'palette',
    label: 'Claude Design', description: 'Works with Claude Design documents (not offered in the app)',
  },
  Projects: {
    kind: 'sdk', category: 'context', exposure: 'disabled', addedIn: '0.3.174', icon: 'folder-kanban',
    label: 'Projects', description: 'Reads and writes Claude project documents (not offered in the app)',
  },
  RefreshMcpTools: {
    kind: 'sdk', category: 'context', exposure: 'disabled', addedIn: '0.3.211', icon: 'refresh-cw',
    label: 'Refresh MCP tools', description: "Reloads a server's tool list (the app manages its servers)",
  },
  ProposeSkills: {
    kind: 'sdk', name: 'propose_skills', sdkType: 'ProposeSkills', category: 'context', exposure: 'disabled', addedIn: '0.3.212', icon: 'lightbulb',
    label: 'Propose skills', description: "Proposes new skills (the app's skills server installs them)",
  },
  ReportFindings: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.196', icon: 'clipboard-check',
    label: 'Report findings', description: 'Reports code-review findings to a review harness (not offered in the app)',
  },
  SetGoal: {
    kind: 'sdk', sdkType: 'ProposeGoal', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.227', icon: 'goal',
    label: 'Set goal', description: 'Sets a completion condition for the session (CLI-oriented)',
  },
  ReadNotifications: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.229', icon: 'inbox',
    label: 'Read notifications', description: "Reads the CLI's notifications (not offered in the app)",
  },
  SendFeedback: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.212', icon: 'message-square-warning',
    label: 'Send feedback', description: 'Sends product feedback to Anthropic (not offered in the app)',
  },
  OfferChromeSetup: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.290', icon: 'chrome',
    label: 'Offer Chrome setup', description: 'Offers to set up the Chrome extension (CLI-oriented)',
  },
  ShowOnboardingRolePicker: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.172', icon: 'user-cog',
    label: 'Onboarding role picker', description: "Shows the CLI's onboarding role picker (CLI-oriented)",
  },
  ShareOnboardingGuide: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'disabled', icon: 'book-marked',
    label: 'Share onboarding guide', description: "Shares the CLI's onboarding guide (CLI-oriented)",
  },
  EndConversation: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'disabled', icon: 'circle-stop',
    label: 'End conversation', description: 'Ends the conversation from the model side (not offered in the app)',
  },
  SendUserMessage: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'disabled', icon: 'message-square',
    label: 'Send user message', description: "Sends a message to the user outside the reply (the app's notify tool does this)",
  },
  SendUserFile: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'disabled', icon: 'file-up',
    label: 'Send user file', description: 'Sends a file to the user outside the reply (not offered in the app)',
  },
  SubagentHandback: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'disabled', icon: 'undo-2',
    label: 'Sub-agent hand-back', description: 'Hands a sub-agent task back to its parent (CLI-oriented)',
  },
  WaitForMcpServers: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'disabled', icon: 'hourglass',
    label: 'Wait for MCP servers', description: 'Waits for MCP servers still starting (the app starts its servers first)',
  },
  LSP: {
    kind: 'sdk', sdkTyped: false, category: 'search', exposure: 'disabled', icon: 'code-xml',
    label: 'Language server', description: 'Queries a language server (CLI-oriented)',
  },
});
