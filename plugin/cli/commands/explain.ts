// `tool-catalog explain <tool> [--caller …] [--agent …] [--ctx …] [--disabled …] [--overlay …]`:
// whether one tool is allowed and why, rule by rule (which pair group, condition, opt-out or
// dependency decided).
import { closest } from 'fastest-levenshtein';
import { contextReport, describeContext, loadPolicy, policyInputs } from '../policy-flags.js';
import { targetFlag, targetLine } from '../target-flag.js';
import { cliSelection, cliSessionOffer } from '../../policy/session-offer.js';
import { explainTool } from '../../runtime/policy-explain.js';
import type { SelectionAssumptions } from '../../policy/session-offer.js';
import type { ToolExplanation } from '../../runtime/policy-explain.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { jsonOutput } from '../report-diagnostics.js';

const mark = (disallows: boolean | undefined) =>
  disallows === true ? '✗' : disallows === false ? '✓' : '·';

/** `tool-catalog explain`: its flags and usage are in the command table (index.ts). */
export async function explainCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length !== 1)
    throw new UsageError(
      `explain needs exactly one tool (its key or runtime name), got ` +
        `${positionals.length === 0 ? 'none' : `'${positionals.join(' ')}'`}.`,
    );
  const tool = positionals[0]!;
  const loaded = await loadPolicy(values, io);
  if ('exitCode' in loaded) return loaded.exitCode;
  const { tables } = loaded;
  const inputs = policyInputs(values, loaded.model, tables);
  const chosen =
    inputs.caller !== undefined
      ? cliSelection(loaded.model, inputs.caller, inputs.context)
      : undefined;
  const explanation = explainTool(tables, tool, inputs.agent, inputs.context, inputs.options, {
    ...(chosen ? { selection: chosen.selection } : {}),
    ...(inputs.runtime !== undefined ? { runtime: inputs.runtime } : {}),
    ...(inputs.subagent !== undefined ? { agent: inputs.subagent } : {}),
    otherServers: inputs.otherServers,
  });
  if (!explanation) {
    const candidates = tables.tools.flatMap((t) => [t.key, ...t.names]);
    const suggestion = candidates.length > 0 ? ` Did you mean '${closest(tool, candidates)}'?` : '';
    throw new UsageError(
      `Catalog '${tables.catalog}' has no tool '${tool}' (by key or runtime name).${suggestion}`,
    );
  }
  const model = loaded.model;
  const declared = model.tools.find((t) => t.key === explanation.key)!;
  const target = targetFlag(values, model);
  const inTarget =
    target === undefined
      ? undefined
      : targetLine(
          target,
          model,
          tables,
          cliSessionOffer(model, tables, inputs).offer,
          explanation.key,
          inputs.subagent,
        );
  const callerLine =
    inputs.caller === undefined
      ? undefined
      : callerLineOf(
          inputs.caller,
          model.callers[inputs.caller]!,
          declared.groups,
          explanation,
          chosen!.assumptions,
        );
  if (values.json) {
    const caller =
      inputs.caller !== undefined ? { caller: { name: inputs.caller, summary: callerLine } } : {};
    io.stdout(
      jsonOutput({
        catalog: tables.catalog,
        ...caller,
        context: contextReport(tables, inputs.context),
        ...explanation,
        ...(inTarget !== undefined ? { target: { name: target!.name, summary: inTarget } } : {}),
      }),
    );
    return 0;
  }
  const width = Math.max(...explanation.rules.map((r) => r.rule.length));
  io.stdout(
    [
      `${explanation.summary}\n`,
      callerLine ? `  ${callerLine}\n` : '',
      inTarget ? `  ${inTarget}\n` : '',
      `  runtime names: ${explanation.names.join(', ') || '(none)'}; exposure: ` +
        `${explanation.exposure}; context: ` +
        `${describeContext(tables, inputs.context)}\n`,
      ...explanation.rules.map(
        (r) => `  ${mark(r.disallows)} ${r.rule.padEnd(width)}  ${r.detail}\n`,
      ),
    ].join(''),
  );
  return 0;
}

/** One line on how the tool fares for the caller: its groups, and what the CLI had to assume. */
function callerLineOf(
  caller: string,
  callerGroups: readonly string[],
  toolGroups: readonly string[],
  explanation: ToolExplanation,
  assumptions: SelectionAssumptions,
): string {
  const shared = toolGroups.filter((g) => callerGroups.includes(g));
  if (shared.length === 0)
    return (
      `caller ${caller}: not offered — ${explanation.key} is in no group of ` +
      `${caller} (its groups: ${toolGroups.join(', ') || 'none'}; ${caller}'s ` +
      `groups: ${callerGroups.join(', ') || 'none'})`
    );
  const where = `in ${caller}'s group${shared.length > 1 ? 's' : ''} ${shared.join(', ')}`;
  if (assumptions.factories.includes(explanation.key))
    return (
      `caller ${caller}: needs a caller-supplied factory — ${where}; offered ` +
      `only if ${caller} passes one (the CLI cannot know)`
    );
  const assumed = assumptions.appChecks.includes(explanation.key)
    ? "; offered only if the app's availability check passes (not run by the CLI)"
    : '';
  if (!explanation.allowed)
    return `caller ${caller}: not offered — ${where}, but ${explanation.reasons[0] ?? 'left out'}`;
  return `caller ${caller}: selected — ${where}${assumed}`;
}
