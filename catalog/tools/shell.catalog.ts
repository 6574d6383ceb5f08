// Shell tools. Bash's background-task companions share its pair group, so switching Bash off
// also blocks reading and stopping its background tasks.
import { claude } from '../claude.catalog';

export default claude.tools({
  Bash: {
    kind: 'sdk', category: 'shell', exposure: 'user', pairGroup: 'bash', icon: 'terminal',
    label: 'Bash', description: 'Runs shell commands in the session workspace',
  },
  // SDK 0.3.277 folded reading task output into Read; older runtimes still offer it. It was called
  // BashOutput before, and settings saved then still say so.
  TaskOutput: {
    kind: 'sdk', category: 'shell', exposure: 'internal', pairGroup: 'bash', removedIn: '0.3.277', renamedFrom: ['BashOutput'], icon: 'terminal',
    label: 'Task output', description: 'Reads the output of a background shell or agent task',
  },
  TaskStop: {
    kind: 'sdk', category: 'shell', exposure: 'internal', pairGroup: 'bash', icon: 'square',
    label: 'Stop task', description: 'Stops a running background task',
  },
  REPL: {
    kind: 'sdk', category: 'shell', exposure: 'disabled', removedIn: '0.3.277', icon: 'code',
    label: 'REPL', description: 'Runs code in a persistent interpreter (CLI-oriented, not offered in the app)',
  },
  PowerShell: {
    kind: 'sdk', sdkTyped: false, category: 'shell', exposure: 'disabled', icon: 'terminal-square',
    label: 'PowerShell', description: 'Runs PowerShell commands (Windows hosts; the app runs Bash)',
  },
});
