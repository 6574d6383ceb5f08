// `tool-catalog resolve [--caller <name>] [--ctx <condition>=true|false]... [--disabled <name>]... [--overlay <name>]...`:
// prints what the SDK would receive for one session — disallowedTools, allowedTools, MCP servers.
import { contextReport, describeContext, loadPolicy, POLICY_INPUT_OPTIONS, policyInputs } from '../policy-flags.js';
import { callerOffer } from '../../model/caller-offer.js';
import { callerResolveJson, callerResolveText } from '../caller-output.js';
import { markDisallowedTools, policySignature, resolveToolPolicy } from '../../runtime/policy.js';
import { mcpServerOf } from '../../runtime/policy-tables.js';
import type { OptOutEffect } from '../../runtime/opt-outs.js';
import { UsageError, type Command } from '../command.js';

/** `mcp__docs__*  passed through: handed to disallowedTools …`, `Bash  switched off Bash`. */
const optOutLine = (o: OptOutEffect) => {
  const what =
    o.effect === 'switched-off'
      ? `switched off ${o.keys.join(', ')}`
      : o.effect === 'expanded'
        ? `expanded to ${o.keys.length > 0 ? o.keys.join(', ') : 'no user tool'}`
        : o.effect;
  return `${o.entry}  ${what}${o.reason ? ` — ${o.reason}` : ''}`;
};

const block = (title: string, names: readonly string[]) =>
  `${title} (${names.length}):\n${names.length === 0 ? '  (none)\n' : names.map((n) => `  ${n}\n`).join('')}`;

export const resolveCommand: Command = {
  name: 'resolve',
  summary: 'Print what the SDK would receive: disallowedTools, allowedTools, MCP servers',
  usage: '[--caller <name>] [--ctx <condition>=true|false]... [--disabled <name>]... [--overlay <name>]...',
  options: POLICY_INPUT_OPTIONS,
  async run({ values, positionals }, io) {
    if (positionals.length > 0)
      throw new UsageError(
        `resolve takes no arguments, got '${positionals.join(' ')}'; name opted-out tools with --disabled.`,
      );
    const loaded = await loadPolicy(values, io);
    if ('exitCode' in loaded) return loaded.exitCode;
    const { tables } = loaded;
    const inputs = policyInputs(values, loaded.model, tables);
    const policy = resolveToolPolicy(tables, inputs.agent, inputs.context, inputs.options);
    // With --caller the caller's groups decide what is offered: its names are allowedTools, its servers the MCP servers.
    const offer = inputs.caller !== undefined ? callerOffer(loaded.model, inputs.caller, inputs.context) : undefined;
    const mcpServers = offer
      ? offer.mcpServers.map((s) => ({ name: s.name, tools: s.tools, allowedTools: s.names }))
      : tables.servers.map((name) => ({
          name,
          allowedTools: policy.mcpEnsureAllowed.filter((n) => mcpServerOf(n) === name),
        }));
    const allowedTools = offer ? [...offer.allowedTools] : policy.allowedTools;
    const disallowedKeys = new Set<string>();
    if (offer) {
      const marks = markDisallowedTools(tables, inputs.agent, inputs.context, inputs.options);
      for (const [i, key] of marks.prepared.keys.entries()) if (marks.disallowed[i] === 1) disallowedKeys.add(key);
    }
    const signature = offer
      ? policySignature({
          disallowedTools: policy.disallowedTools,
          allowedTools,
          mcpEnsureAllowed: policy.mcpEnsureAllowed,
        })
      : policy.signature;
    if (values.json) {
      io.stdout(
        `${JSON.stringify(
          {
            catalog: tables.catalog,
            ...(offer ? { caller: callerResolveJson(offer, disallowedKeys) } : {}),
            context: contextReport(tables, inputs.context),
            disabledTools: inputs.agent.disabledTools,
            overlay: inputs.options.overlay ?? [],
            disallowedTools: policy.disallowedTools,
            allowedTools,
            ...(offer ? { preApprovedTools: policy.allowedTools } : {}),
            mcpEnsureAllowed: policy.mcpEnsureAllowed,
            mcpServers,
            ignoredOptOuts: policy.ignoredOptOuts,
            optOuts: policy.optOuts,
            signature,
          },
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    const callerPart = offer ? `; caller ${offer.caller} (groups ${offer.groups.join(', ') || 'none'})` : '';
    io.stdout(
      [
        `catalog ${tables.catalog}${callerPart}; context: ${describeContext(tables, inputs.context)}\n`,
        block('disallowedTools', policy.disallowedTools),
        ...(offer
          ? [callerResolveText(offer, disallowedKeys)]
          : [
              block('allowedTools (auto-approved)', policy.allowedTools),
              block('MCP tools the app ensures are allowed', policy.mcpEnsureAllowed),
              `MCP servers: ${mcpServers.map((s) => `${s.name} (${s.allowedTools.length} allowed)`).join(', ') || '(none)'}\n`,
            ]),
        policy.optOuts.length > 0
          ? block('opt-outs: what each --disabled entry did', policy.optOuts.map(optOutLine))
          : '',
        `signature: ${signature}\n`,
      ].join(''),
    );
    return 0;
  },
};
