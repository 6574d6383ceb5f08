// The one alias map: which SDK type base a tool must have, and which tool an SDK type base names,
// with the precedence docs/drift.md promises (sdkType > config > SDK tables > built-ins > same name).
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SDK_ALIASES, expectedSdkType } from '../../plugin/model/sdk-types';
import { sdkNameForBase } from '../../plugin/drift/diff';
import type { ToolModel } from '../../plugin/model/catalog-model';

/** The fields the alias map reads; build-model defaults `sdkType` to the runtime name. */
const sdkTool = (key: string, sdkType = key, names = [key]) => ({ key, kind: 'sdk', sdkTyped: true, sdkType, names }) as unknown as ToolModel;

describe('expectedSdkType', () => {
  it('maps tools through the built-in aliases when they declare no sdkType', () => {
    expect(['Read', 'Write', 'Edit', 'ListMcpResourcesTool', 'ReadMcpResourceTool', 'ReadMcpResourceDirTool', 'Bash', 'TaskOutput'].map((k) => expectedSdkType(sdkTool(k)))).toEqual([
      'FileRead',
      'FileWrite',
      'FileEdit',
      'ListMcpResources',
      'ReadMcpResource',
      'ReadMcpResourceDir',
      'Bash',
      'TaskOutput',
    ]);
  });

  it('lets a config alias win over a built-in one, and a declared sdkType win over both', () => {
    expect(expectedSdkType(sdkTool('Read'), { ReadFile: 'Read' })).toBe('ReadFile');
    expect(expectedSdkType(sdkTool('Read', 'FileReader'), { ReadFile: 'Read' })).toBe('FileReader');
    // A config alias can also take a built-in base away from its tool.
    expect(expectedSdkType(sdkTool('Read'), { FileRead: 'LegacyRead' })).toBe('Read');
  });

  it('uses the runtime name, not the key, for a tool declared with name', () => {
    expect(expectedSdkType(sdkTool('FileReader', 'Read', ['Read']))).toBe('FileRead');
  });
});

describe('sdkNameForBase', () => {
  const tables = { builtinToolNames: ['Agent', 'Read', 'propose_skills', 'SetGoal', 'Task'], legacyAliases: { ProposeGoal: 'SetGoal', Task: 'Agent', FileRead: 'Bogus' } };

  it("prefers the config, then the SDK's own tables, then the built-in aliases", () => {
    expect(sdkNameForBase('FileRead', { FileRead: 'MyRead' }, tables)).toBe('MyRead');
    expect(sdkNameForBase('ProposeGoal', {}, tables)).toBe('SetGoal');
    expect(sdkNameForBase('ProposeSkills', {}, tables)).toBe('propose_skills');
    expect(sdkNameForBase('FileRead', {}, {})).toBe(BUILT_IN_SDK_ALIASES.FileRead);
    expect(sdkNameForBase('Workflow', {}, tables)).toBe('Workflow');
  });

  it('never renames a base that is itself a current built-in name through a legacy alias', () => {
    // `Task` is a legacy name of Agent, but an SDK that lists `Task` as a tool means the tool Task.
    expect(sdkNameForBase('Task', {}, tables)).toBe('Task');
  });

  it('applies legacy aliases before the built-in facts when the SDK ships them', () => {
    expect(sdkNameForBase('FileRead', {}, tables)).toBe('Bogus');
  });
});
