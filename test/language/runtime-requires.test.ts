// `runtimeRequires`: its three forms reach the model and the registry; anything else is a located
// TC171 (or TC170 off SDK tools), never silently dropped.
import { describe, expect, it } from 'vitest';
import { registryRenderer } from '../../plugin/render/renderers/registry';
import { demoModel, renderOne } from '../support/catalog-model';

const vocabulary = { servers: { app: {} } };

describe('runtimeRequires', () => {
  it('accepts an environment variable, mcp-resources and tool-search, and writes them into the registry', () => {
    const model = demoModel(vocabulary, {
      TeamCreate: { kind: 'sdk', sdkTyped: false, runtimeRequires: { env: 'CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS' } },
      ListMcpResourcesTool: { kind: 'sdk', sdkTyped: false, runtimeRequires: 'mcp-resources' },
      ToolSearch: { kind: 'sdk', sdkTyped: false, runtimeRequires: 'tool-search' },
      Read: { kind: 'sdk' },
    });
    expect(model.tools.map((t) => t.runtimeRequires)).toEqual([
      { env: 'CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS' },
      'mcp-resources',
      'tool-search',
      undefined,
    ]);
    const registry = renderOne(registryRenderer, model);
    expect(registry).toContain("runtimeRequires: { env: 'CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS' },");
    expect(registry).toContain("runtimeRequires: 'tool-search',");
    expect(registry.match(/runtimeRequires: /g)).toHaveLength(3);
  });

  it('rejects other values with the forms it takes', () => {
    expect(() =>
      demoModel(vocabulary, { A: { kind: 'sdk', sdkTyped: false, runtimeRequires: 'mcp-resource' as never } }),
    ).toThrow(
      /'runtimeRequires' must be \{ env: '<VARIABLE>' \}, 'mcp-resources' or 'tool-search', not "mcp-resource"\. Did you mean 'mcp-resources'\?/,
    );
    expect(() =>
      demoModel(vocabulary, { A: { kind: 'sdk', sdkTyped: false, runtimeRequires: { env: 'NOT-A-NAME' } } }),
    ).toThrow(/names the environment variable "NOT-A-NAME", which is not a variable name/);
    expect(() =>
      demoModel(vocabulary, { A: { kind: 'sdk', sdkTyped: false, runtimeRequires: { env: 'X', also: 1 } as never } }),
    ).toThrow(/must be \{ env: '<VARIABLE>' \}/);
    expect(() =>
      demoModel(vocabulary, { a: { kind: 'mcp', server: 'app', runtimeRequires: 'tool-search' } as never }),
    ).toThrow(/unknown field 'runtimeRequires'/);
  });
});
