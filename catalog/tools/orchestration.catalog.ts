// Orchestration: sub-agents, agent teams, plan mode, tasks, worktrees, workflows, and the
// CLI-oriented scheduling tools the app blocks. What the runtime offers on its own terms (agent
// teams behind an environment flag on older runtimes, plan mode and questions only with a
// permission callback on newer ones) is recorded in generated/claude/runtime-surface.lock.json.
import { claude } from '../claude.catalog';

export default claude.tools({
  Agent: {
    kind: 'sdk', category: 'orchestration', exposure: 'internal', icon: 'bot',
    label: 'Agent', description: 'Launches a sub-agent for a focused task',
  },
  ListAgents: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'internal', icon: 'bot-message-square',
    label: 'List agents', description: 'Lists the sub-agents the agent can start',
  },
  SendMessage: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'internal', icon: 'send',
    label: 'Send message', description: 'Sends a message to a teammate agent',
  },
  TeamCreate: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'internal', icon: 'users',
    label: 'Create team', description: 'Creates a team of agents',
  },
  TeamDelete: {
    kind: 'sdk', sdkTyped: false, category: 'orchestration', exposure: 'internal', icon: 'user-x',
    label: 'Delete team', description: 'Disbands a team of agents',
  },
  Workflow: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', icon: 'workflow',
    label: 'Workflow', description: 'Runs a multi-step workflow',
  },
  AskUserQuestion: {
    kind: 'sdk', category: 'orchestration', exposure: 'internal', icon: 'message-circle-question',
    label: 'Ask user', description: 'Asks the user a multiple-choice question',
  },
  EnterPlanMode: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', pairGroup: 'planMode', icon: 'clipboard-list',
    label: 'Enter plan mode', description: 'Switches to planning before making changes',
  },
  ExitPlanMode: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', pairGroup: 'planMode', icon: 'clipboard-check',
    label: 'Exit plan mode', description: 'Presents the plan and leaves plan mode',
  },
  TaskCreate: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', pairGroup: 'taskCluster', icon: 'list-plus',
    label: 'Create task', description: 'Adds a task to the task list',
  },
  TaskGet: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', pairGroup: 'taskCluster', icon: 'list',
    label: 'Get task', description: 'Reads one task from the task list',
  },
  TaskUpdate: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', pairGroup: 'taskCluster', icon: 'list-checks',
    label: 'Update task', description: 'Updates a task on the task list',
  },
  TaskList: {
    kind: 'sdk', category: 'orchestration', exposure: 'user', pairGroup: 'taskCluster', icon: 'list-todo',
    label: 'List tasks', description: 'Lists the tasks on the task list',
  },
  TodoWrite: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'list-todo',
    label: 'Todo list', description: 'Writes a todo list (superseded by the Task tools)',
  },
  EnterWorktree: {
    kind: 'sdk', category: 'orchestration', exposure: 'conditional', condition: 'workspace-has-git', pairGroup: 'worktree', icon: 'git-branch-plus',
    label: 'Enter worktree', description: 'Switches into a git worktree',
  },
  ExitWorktree: {
    kind: 'sdk', category: 'orchestration', exposure: 'conditional', condition: 'workspace-has-git', pairGroup: 'worktree', icon: 'git-branch-minus',
    label: 'Exit worktree', description: 'Leaves the git worktree',
  },
  ScheduleWakeup: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'alarm-clock',
    label: 'Schedule wake-up', description: 'Schedules the CLI session to wake up later (CLI-oriented)',
  },
  RemoteTrigger: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'radio',
    label: 'Remote trigger', description: 'Manages remote triggers (CLI-oriented)',
  },
  Monitor: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'activity',
    label: 'Monitor', description: 'Monitors a background process (CLI-oriented)',
  },
  PushNotification: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'bell',
    label: 'Push notification', description: 'Sends a push notification (CLI-oriented)',
  },
  CronCreate: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'calendar-plus',
    label: 'Create session cron', description: 'Schedules a prompt in the CLI session (superseded by the app scheduler)',
  },
  CronDelete: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'calendar-x',
    label: 'Delete session cron', description: 'Deletes a CLI session schedule (superseded by the app scheduler)',
  },
  CronList: {
    kind: 'sdk', category: 'orchestration', exposure: 'disabled', icon: 'calendar',
    label: 'List session crons', description: 'Lists CLI session schedules (superseded by the app scheduler)',
  },
  CherryCron: {
    kind: 'mcp', server: 'cherry-tools', wire: 'cron', category: 'orchestration', exposure: 'user', icon: 'calendar-clock',
    label: 'Scheduler', description: 'Manages the in-app scheduler',
  },
  CherryNotify: {
    kind: 'mcp', server: 'cherry-tools', wire: 'notify', category: 'orchestration', exposure: 'user', icon: 'bell-ring',
    label: 'Notify', description: 'Notifies the user through a connected channel (degrades when none is connected)',
  },
  CherryConfig: {
    kind: 'mcp', server: 'cherry-tools', wire: 'config', category: 'orchestration', exposure: 'user', icon: 'settings',
    label: 'Agent config', description: "Reads and updates the agent's own settings",
  },
});
