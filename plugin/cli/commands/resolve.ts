// `tool-catalog resolve [--caller <name>] [--agent <name>] [--runtime <name>] [--ctx <condition>=true|false]...
// [--disabled <name>]... [--overlay <name>]...`: what one session offers the model — each tool direct,
// deferred or absent and why — and what the SDK receives, from the same computation the session makes.
import { cliSessionOffer } from '../../policy/session-offer.js';
import type { OptOutEffect } from '../../runtime/opt-outs.js';
import { policySignature, resolveToolPolicy } from '../../runtime/policy.js';
import { sessionAgentOptions } from '../../runtime/session-agents.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { offerJson, offerText } from '../offer-output.js';
import { contextReport, describeContext, loadPolicy, policyInputs } from '../policy-flags.js';
import { targetFlag, targetOfferText } from '../target-flag.js';
import { jsonOutput } from '../report-diagnostics.js';

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

/** `tool-catalog resolve`: its flags and usage are in the command table (index.ts). */
export async function resolveCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(
      `resolve takes no arguments, got '${positionals.join(' ')}'; name opted-out tools with --disabled.`,
    );
  const loaded = await loadPolicy(values, io);
  if ('exitCode' in loaded) return loaded.exitCode;
  const { model, tables } = loaded;
  const inputs = policyInputs(values, model, tables);
  const session = cliSessionOffer(model, tables, inputs);
  const { lists, offer } = session;
  const target = targetFlag(values, model);
  if (target !== undefined && target.name !== 'claude-agent-sdk') {
    // Another SDK: the same offer, in that SDK's names and terms.
    if (values.json) {
      const view = target.offerOf(model, tables, offer);
      io.stdout(
        jsonOutput({
          catalog: tables.catalog,
          target: target.name,
          ...(inputs.caller !== undefined ? { caller: inputs.caller } : {}),
          ...(inputs.subagent !== undefined ? { agent: inputs.subagent } : {}),
          context: contextReport(tables, inputs.context),
          ...view,
        }),
      );
      return 0;
    }
    const callerPart = inputs.caller !== undefined ? `; caller ${inputs.caller}` : '';
    io.stdout(
      `catalog ${tables.catalog}${callerPart}; context: ${describeContext(tables, inputs.context)}\n` +
        targetOfferText(target, model, tables, session, inputs.subagent),
    );
    return 0;
  }
  const policy = resolveToolPolicy(tables, inputs.agent, inputs.context, inputs.options);
  if (inputs.subagent !== undefined) {
    // A subagent's offer, and the AgentDefinition the session hands the SDK for it (none when it has no tool).
    const subagent = offer.agents.find((a) => a.name === inputs.subagent)!;
    const definition =
      sessionAgentOptions(tables, offer, lists.disallowedTools).agents?.[subagent.name] ?? null;
    const head = {
      catalog: tables.catalog,
      agent: subagent.name,
      context: contextReport(tables, inputs.context),
    };
    if (values.json) {
      io.stdout(jsonOutput({ ...head, ...offerJson(model, session, subagent), definition }));
      return 0;
    }
    io.stdout(
      [
        `catalog ${tables.catalog}; subagent ${subagent.name}; context: ${describeContext(tables, inputs.context)}\n`,
        offerText(session, subagent),
        `what the SDK receives (agents.${subagent.name}):\n`,
        definition === null
          ? '  nothing: it has no tool in this session, so the session does not define it\n'
          : block('tools', definition.tools) + block('disallowedTools', definition.disallowedTools),
      ].join(''),
    );
    return 0;
  }
  const mcpServers = model.servers.map((name) => ({
    name,
    tools: offer.tools
      .filter((o) => model.tools[o.index]!.server === name && o.state !== 'absent')
      .flatMap((o) => o.names),
  }));
  const signature = policySignature({
    disallowedTools: lists.disallowedTools,
    allowedTools: lists.allowedTools,
    mcpEnsureAllowed: mcpServers.flatMap((s) => s.tools),
  });
  if (values.json) {
    io.stdout(
      `${JSON.stringify(
        {
          catalog: tables.catalog,
          ...(inputs.caller !== undefined ? { caller: inputs.caller } : {}),
          context: contextReport(tables, inputs.context),
          disabledTools: inputs.agent.disabledTools,
          overlay: inputs.options.overlay ?? [],
          ...offerJson(model, session),
          tools: lists.tools,
          disallowedTools: lists.disallowedTools,
          allowedTools: lists.allowedTools,
          mcpServers,
          mcpEnsureAllowed: mcpServers.flatMap((s) => s.tools),
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
  const callerPart =
    inputs.caller !== undefined
      ? `; caller ${inputs.caller} (groups ${model.callers[inputs.caller]!.join(', ') || 'none'})`
      : '';
  io.stdout(
    [
      `catalog ${tables.catalog}${callerPart}; context: ${describeContext(tables, inputs.context)}\n`,
      offerText(session),
      'what the SDK receives:\n',
      block('tools (built-ins)', lists.tools),
      block('disallowedTools', lists.disallowedTools),
      block(
        inputs.caller !== undefined
          ? `allowedTools (caller ${inputs.caller}'s names)`
          : 'allowedTools (auto-approved)',
        lists.allowedTools,
      ),
      `MCP servers: ${mcpServers.map((s) => `${s.name} (${s.tools.length} offered)`).join(', ') || '(none)'}\n`,
      policy.optOuts.length > 0
        ? block('opt-outs: what each --disabled entry did', policy.optOuts.map(optOutLine))
        : '',
      `signature: ${signature}\n`,
    ].join(''),
  );
  return 0;
}
