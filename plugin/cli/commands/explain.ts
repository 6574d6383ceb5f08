// `tool-catalog explain <tool> [--caller …] [--ctx …] [--disabled …] [--overlay …]`: whether one tool is
// allowed and why, rule by rule (which pair group, condition, opt-out or dependency decided).
import { closest } from 'fastest-levenshtein';
import { contextReport, describeContext, loadPolicy, POLICY_INPUT_OPTIONS, policyInputs } from '../policy-flags.js';
import { callerOffer } from '../../model/caller-offer.js';
import { callerExplainLine } from '../caller-output.js';
import { explainTool } from '../../runtime/policy-explain.js';
import { UsageError, type Command } from '../command.js';

const mark = (disallows: boolean | undefined) => (disallows === true ? '✗' : disallows === false ? '✓' : '·');

export const explainCommand: Command = {
  name: 'explain',
  summary: 'Say whether a tool is allowed and why, rule by rule',
  usage:
    '<tool> [--caller <name>] [--ctx <condition>=true|false]... [--disabled <name>]... [--overlay <name>]... [--other-server <name>]...',
  options: POLICY_INPUT_OPTIONS,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1)
      throw new UsageError(
        `explain needs exactly one tool (its key or runtime name), got ${positionals.length === 0 ? 'none' : `'${positionals.join(' ')}'`}.`,
      );
    const tool = positionals[0]!;
    const loaded = await loadPolicy(values, io);
    if ('exitCode' in loaded) return loaded.exitCode;
    const { tables } = loaded;
    const inputs = policyInputs(values, loaded.model, tables);
    const explanation = explainTool(tables, tool, inputs.agent, inputs.context, inputs.options);
    if (!explanation) {
      const candidates = tables.tools.flatMap((t) => [t.key, ...t.names]);
      const suggestion = candidates.length > 0 ? ` Did you mean '${closest(tool, candidates)}'?` : '';
      throw new UsageError(`Catalog '${tables.catalog}' has no tool '${tool}' (by key or runtime name).${suggestion}`);
    }
    // The caller's groups are a separate gate from the policy rules: say how the tool fares there too.
    const offer = inputs.caller !== undefined ? callerOffer(loaded.model, inputs.caller, inputs.context) : undefined;
    const toolIndex = loaded.model.tools.findIndex((t) => t.key === explanation.key);
    const forCaller = offer?.tools[toolIndex];
    const callerLine =
      offer && forCaller ? callerExplainLine(offer, forCaller, loaded.model.tools[toolIndex]!.groups) : undefined;
    if (values.json) {
      const caller =
        offer && forCaller
          ? {
              caller: {
                name: offer.caller,
                groups: offer.groups,
                state: forCaller.state,
                offered: forCaller.state === 'offered',
                summary: callerLine,
              },
            }
          : {};
      io.stdout(
        `${JSON.stringify({ catalog: tables.catalog, ...caller, context: contextReport(tables, inputs.context), ...explanation }, null, 2)}\n`,
      );
      return 0;
    }
    const width = Math.max(...explanation.rules.map((r) => r.rule.length));
    io.stdout(
      [
        `${explanation.summary}\n`,
        callerLine ? `  ${callerLine}\n` : '',
        `  runtime names: ${explanation.names.join(', ') || '(none)'}; exposure: ${explanation.exposure}; context: ${describeContext(tables, inputs.context)}\n`,
        ...explanation.rules.map((r) => `  ${mark(r.disallows)} ${r.rule.padEnd(width)}  ${r.detail}\n`),
      ].join(''),
    );
    return 0;
  },
};
