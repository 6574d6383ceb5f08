// `tool-catalog resolve [--ctx <condition>=true|false]... [--disabled <name>]... [--overlay <name>]...`:
// prints what the SDK would receive for one session — disallowedTools, allowedTools, MCP servers.
import { contextReport, describeContext, loadPolicy, POLICY_INPUT_OPTIONS, policyInputs } from '../../policy/policy-cli';
import { resolveToolPolicy } from '../../runtime/policy';
import { mcpServerOf } from '../../runtime/policy-tables';
import { UsageError, type Command } from '../command';

const block = (title: string, names: readonly string[]) =>
  `${title} (${names.length}):\n${names.length === 0 ? '  (none)\n' : names.map((n) => `  ${n}\n`).join('')}`;

export const resolveCommand: Command = {
  name: 'resolve',
  summary: 'Print what the SDK would receive: disallowedTools, allowedTools, MCP servers',
  usage: '[--ctx <condition>=true|false]... [--disabled <name>]... [--overlay <name>]...',
  options: POLICY_INPUT_OPTIONS,
  async run({ values, positionals }, io) {
    if (positionals.length > 0) throw new UsageError(`resolve takes no arguments, got '${positionals.join(' ')}'; name opted-out tools with --disabled.`);
    const loaded = await loadPolicy(values, io);
    if ('exitCode' in loaded) return loaded.exitCode;
    const { tables } = loaded;
    const inputs = policyInputs(values, tables);
    const policy = resolveToolPolicy(tables, inputs.agent, inputs.context, inputs.options);
    const mcpServers = tables.servers.map((name) => ({ name, allowedTools: policy.mcpEnsureAllowed.filter((n) => mcpServerOf(n) === name) }));
    if (values.json) {
      io.stdout(`${JSON.stringify({
        catalog: tables.catalog,
        context: contextReport(tables, inputs.context),
        disabledTools: inputs.agent.disabledTools,
        overlay: inputs.options.overlay ?? [],
        disallowedTools: policy.disallowedTools,
        allowedTools: policy.allowedTools,
        mcpEnsureAllowed: policy.mcpEnsureAllowed,
        mcpServers,
        ignoredOptOuts: policy.ignoredOptOuts,
        signature: policy.signature,
      }, null, 2)}\n`);
      return 0;
    }
    io.stdout([
      `catalog ${tables.catalog}; context: ${describeContext(tables, inputs.context)}\n`,
      block('disallowedTools', policy.disallowedTools),
      block('allowedTools (auto-approved)', policy.allowedTools),
      block('MCP tools the app ensures are allowed', policy.mcpEnsureAllowed),
      `MCP servers: ${mcpServers.map((s) => `${s.name} (${s.allowedTools.length} allowed)`).join(', ') || '(none)'}\n`,
      policy.ignoredOptOuts.length > 0 ? `ignored opt-outs (not user tools of this catalog): ${policy.ignoredOptOuts.join(', ')}\n` : '',
      `signature: ${policy.signature}\n`,
    ].join(''));
    return 0;
  },
};
