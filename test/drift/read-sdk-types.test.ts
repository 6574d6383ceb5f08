// Reading the SDK's tool unions: suffix stripping per union, nested and parenthesized unions, the
// input union's reference to the output union, and the fast path that parses type aliases only.
import { parse } from '@babel/parser';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseSdkTypes,
  readSdkTypes,
  SdkTypesError,
  typeAliasesOnly,
} from '../../plugin/drift/read-sdk-types';
import { resolveTypesModule } from '../../plugin/drift/sdk-package';
import { REPO } from '../support/paths';
import { SDK_FIXTURES } from './fixture-project';

const fixture = (name: string) => path.join(SDK_FIXTURES, 'types', `${name}.d.ts`);
const realSdkTypes = resolveTypesModule('@anthropic-ai/claude-agent-sdk/sdk-tools', REPO)!;
const summary = (members: readonly { typeName: string; base: string; union: string }[]) =>
  members.map((m) => `${m.union}:${m.typeName}→${m.base}`);

describe('readSdkTypes', () => {
  it('strips only the suffix of the union a member is in, and skips the output union inside the input union', async () => {
    const types = await readSdkTypes(fixture('agree'));
    expect(summary(types.members)).toEqual([
      'input:AgentInput→Agent',
      'input:BashInput→Bash',
      'input:TaskOutputInput→TaskOutput',
      'input:FileReadInput→FileRead',
      'input:ListMcpResourcesInput→ListMcpResources',
      'input:McpInput→Mcp',
      'output:AgentOutput→Agent',
      'output:BashOutput→Bash',
      'output:FileReadOutput→FileRead',
      'output:ListMcpResourcesOutput→ListMcpResources',
      'output:McpOutput→Mcp',
    ]);
    expect(types.ignored).toEqual([]);
    expect(types.members[2]).toMatchObject({ line: 5, column: 5 });
  });

  it('flattens parenthesized and nested unions, including one that refers back to its parent', async () => {
    const types = await readSdkTypes(fixture('nested-output'));
    expect(summary(types.members.filter((m) => m.union === 'output'))).toEqual([
      'output:AgentOutput→Agent',
      'output:BashOutput→Bash',
      'output:FileReadOutput→FileRead',
      'output:ListMcpResourcesOutput→ListMcpResources',
      'output:McpOutput→Mcp',
    ]);
    expect(
      summary(types.members.filter((m) => m.union === 'input')).map((s) => s.split('→')[1]),
    ).toEqual(['Agent', 'Bash', 'TaskOutput', 'FileRead', 'ListMcpResources', 'Mcp']);
  });

  it('lists members that name no tool instead of guessing', () => {
    const source =
      'export type ToolInputSchemas = BashInput | { raw: string } | Helper;\nexport type ToolOutputSchemas = BashOutput;\ninterface Helper {}\n';
    const types = parseSdkTypes(parse, source, 'inline.d.ts');
    expect(types.members.map((m) => m.typeName)).toEqual(['BashInput', 'BashOutput']);
    expect(types.ignored).toEqual([
      { typeName: '{ raw: string }', reason: 'not a type name in ToolInputSchemas' },
      { typeName: 'Helper', reason: "does not end in 'Input' in ToolInputSchemas" },
    ]);
  });

  it('says which file is wrong and how to fix it when a union is missing or the file does not parse', async () => {
    expect(() =>
      parseSdkTypes(parse, 'export type ToolInputSchemas = AInput;\n', 'x.d.ts'),
    ).toThrow(
      new SdkTypesError(
        "x.d.ts: no `type ToolOutputSchemas = …` union was found; is this the SDK's sdk-tools.d.ts? Pass the right file with --sdk-types <file>.",
      ),
    );
    expect(() => parseSdkTypes(parse, 'export type ToolInputSchemas = |;\n', 'y.d.ts')).toThrow(
      /^y\.d\.ts:1:\d+: cannot parse the SDK types/,
    );
    await expect(readSdkTypes('/no/such/sdk-tools.d.ts')).rejects.toThrow(
      '/no/such/sdk-tools.d.ts: the SDK types file cannot be read; install @anthropic-ai/claude-agent-sdk or pass --sdk-types <file>.',
    );
  });

  it('resolves the SDK types module through the package exports, as the coverage import does', () => {
    expect(realSdkTypes).toMatch(
      /node_modules\/@anthropic-ai\/claude-agent-sdk\/sdk-tools\.d\.ts$/,
    );
    expect(
      resolveTypesModule('@anthropic-ai/claude-agent-sdk/no-such-entry', process.cwd()),
    ).toBeUndefined();
    expect(resolveTypesModule('./types/agree', SDK_FIXTURES)).toBe(fixture('agree'));
    expect(resolveTypesModule('./types/agree.js', SDK_FIXTURES)).toBe(fixture('agree'));
  });

  it('parses the installed SDK through the type-alias-only fast path with the same result as a full parse', () => {
    const source = readFileSync(realSdkTypes, 'utf8');
    const fast = parseSdkTypes(parse, source, realSdkTypes);
    // The fast path must parse on its own: a silent fallback to the full file would hide a slow run.
    expect(() =>
      parse(typeAliasesOnly(source), {
        sourceType: 'module',
        plugins: [['typescript', { dts: true }]],
      }),
    ).not.toThrow();
    const full = parseSdkTypes(
      (text, options) => parse(text === source ? text : source, options),
      source,
      realSdkTypes,
    );
    expect(fast).toEqual(full);
    // SDK 0.3.333 types 44 tool inputs; ProposeGoal's output type is declared but is no input.
    expect(fast.members.filter((m) => m.union === 'input')).toHaveLength(44);
    expect(fast.members.find((m) => m.typeName === 'ProposeGoalInput')).toMatchObject({
      base: 'ProposeGoal',
      union: 'input',
    });
    expect(
      fast.members.some((m) => m.typeName === 'ProposeGoalOutput' && m.union === 'input'),
    ).toBe(false);
  });
});
