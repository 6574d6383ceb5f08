// `chat_only` and `skill_builtin`: web/API chat only — widgets, files, personal tasks, Google
// Drive, and the skill and automation bundles, named by their builders.
import { themis } from '../themis.catalog';

export default themis.tools({
  show_widget: {
    kind: 'mcp', server: 'themis', groups: ['chat_only'],
    builder: { module: '../../app/tools/widgets', export: 'buildShowWidgetTool' },
  },
  create_file: {
    kind: 'mcp', server: 'themis', groups: ['chat_only'],
    builder: { module: '../../app/tools/files', export: 'buildCreateFileTool' },
  },
  // A one-off availability check, referenced by module + export rather than added to the context.
  personal_tasks: {
    kind: 'mcp', server: 'themis', groups: ['chat_only'],
    available: { module: '../../app/availability', export: 'isPersonalSpace' },
    builder: { module: '../../app/tools/tasks', export: 'buildPersonalTaskTool' },
  },
  // Names depend on the context: resolved at toolNames time.
  google_drive_bundle: {
    kind: 'mcp', server: 'themis', groups: ['chat_only'], available: 'googleDriveAvailable',
    fullNames: { resolve: { module: '../../app/tools/google-drive', export: 'googleDriveToolNames' } },
    builder: { module: '../../app/tools/google-drive', export: 'buildGoogleDriveTools' },
  },
  // Named by their builders: `[]` declares no names; the session offers what the builder builds.
  skills_bundle: {
    kind: 'mcp', server: 'themis', groups: ['chat_only'], available: 'skillsEnabled', fullNames: [],
    builder: { module: '../../app/tools/bundles', export: 'buildSkillsBundle' },
  },
  automations_bundle: {
    kind: 'mcp', server: 'themis', groups: ['chat_only'], available: 'automationsEnabled', fullNames: [],
    builder: { module: '../../app/tools/bundles', export: 'buildAutomationsBundle' },
  },
  Skill: { kind: 'sdk', sdkTyped: false, groups: ['skill_builtin'], available: 'skillsEnabled' },
  // Web chat carries the most tools, so it loads the rarely used ones on demand; the other callers
  // do not list ToolSearch, and then the runtime defers nothing.
  ToolSearch: { kind: 'sdk', sdkTyped: false, groups: ['chat_only'] },
});
