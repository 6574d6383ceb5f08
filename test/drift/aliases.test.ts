// The one alias map: which SDK type base a tool must have, and which tool an SDK type base names,
// with the precedence docs/drift.md promises (sdkType > config > SDK tables > built-ins > same name).
import { describe, expect, it } from 'vitest';
import { sdkNameForBase } from '../../plugin/drift/diff';
import { BUILT_IN_SDK_ALIASES, defaultSdkType, sdkTypeOf } from '../../plugin/model/sdk-types';
import { demoModel } from '../support/catalog-model';

describe('the SDK type of a tool', () => {
  it('maps tools through the built-in aliases when they declare no sdkType', () => {
    expect(
      [
        'Read',
        'Write',
        'Edit',
        'ListMcpResourcesTool',
        'ReadMcpResourceTool',
        'ReadMcpResourceDirTool',
        'Bash',
        'TaskOutput',
      ].map((name) => defaultSdkType(name)),
    ).toEqual([
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
    expect(sdkTypeOf('Read', undefined, { ReadFile: 'Read' })).toBe('ReadFile');
    expect(sdkTypeOf('Read', 'FileReader', { ReadFile: 'Read' })).toBe('FileReader');
    // A config alias can also take a built-in base away from its tool.
    expect(sdkTypeOf('Read', undefined, { FileRead: 'LegacyRead' })).toBe('Read');
  });

  it('is what the model gives each SDK-typed tool, read through its runtime name, not its key', () => {
    const model = demoModel(
      {},
      {
        FileReader: { kind: 'sdk', name: 'Read' },
        Read2: { kind: 'sdk', name: 'Read2', sdkTyped: false },
        Bash: { kind: 'sdk' },
      },
      { sdk: { aliases: { Shell: 'Bash' } } },
    );
    expect(Object.fromEntries(model.tools.map((t) => [t.key, t.sdkType]))).toEqual({
      FileReader: 'FileRead',
      Read2: undefined,
      Bash: 'Shell',
    });
  });
});

describe('sdkNameForBase', () => {
  const tables = {
    builtinToolNames: ['Agent', 'Read', 'propose_skills', 'SetGoal', 'Task'],
    legacyAliases: { ProposeGoal: 'SetGoal', Task: 'Agent', FileRead: 'Bogus' },
  };

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
