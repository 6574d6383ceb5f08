// Type tests of the authoring API (agent-tool-catalog), type-checked by scripts/typecheck.mjs with
// TypeScript 7, 6 and 5.9: a tool declaration in the catalog's vocabulary compiles, and a field its
// kind does not have, or a name the vocabulary does not declare, is an error where it is written.
import { defineCatalog, defineTool } from '../../plugin/index';

const demo = defineCatalog({
  categories: ['file', 'shell'],
  conditions: { 'has-git': 'the session folder is a git work tree' },
  groups: ['core'],
  servers: { notes: {} },
  channels: { tracker: {} },
});

export const fine = demo.tools({
  Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read', sdkType: 'FileRead' },
  Notes: { kind: 'mcp', server: 'notes', wire: 'notes', groups: ['core'], label: 'Notes' },
  Issues: { kind: 'external', channel: 'tracker', wires: ['issues_read'], mirror: false },
  Worktree: { kind: 'sdk', exposure: 'conditional', condition: 'has-git', restricted: true },
});
// The literal types stay as written.
export const kind: 'mcp' = fine.tools.Notes.kind;
export const groups: readonly ['core'] = fine.tools.Notes.groups;

demo.tools({
  // @ts-expect-error a misspelt field ('lable') is an error, not silently ignored
  Bash: { kind: 'sdk', category: 'shell', lable: 'Bash' },
});
demo.tools({
  // @ts-expect-error a field of another kind: SDK tools have no server
  Glob: { kind: 'sdk', server: 'notes' },
});
demo.tools({
  // @ts-expect-error an external tool's names come from `wires`, not `wire`
  Issues: { kind: 'external', channel: 'tracker', wire: 'issues' },
});
demo.tools({
  // @ts-expect-error a category the vocabulary does not declare
  Grep: { kind: 'sdk', category: 'search' },
});
demo.tools({
  // @ts-expect-error a server the vocabulary does not declare
  Mail: { kind: 'mcp', server: 'mail' },
});
// @ts-expect-error one declaration typed alone is checked the same way
demo.tool({ kind: 'mcp', server: 'notes', descripton: 'Keeps notes' });
// @ts-expect-error and so is one written without a catalog
defineTool({ kind: 'sdk', exposur: 'user' });
export const alone = demo.tool({ kind: 'mcp', server: 'notes', description: 'Keeps notes' });
export const written = defineTool({ kind: 'sdk', exposure: 'user' });
