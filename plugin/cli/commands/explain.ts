// `tool-catalog explain <tool> [--ctx …] [--disabled …] [--overlay …]`: whether one tool is allowed
// and why, rule by rule (which pair group, condition, opt-out or dependency decided).
import { closest } from 'fastest-levenshtein';
import { contextReport, describeContext, loadPolicy, POLICY_INPUT_OPTIONS, policyInputs } from '../../policy/policy-cli';
import { explainTool } from '../../runtime/policy-explain';
import { UsageError, type Command } from '../command';

const mark = (disallows: boolean | undefined) => (disallows === true ? '✗' : disallows === false ? '✓' : '·');

export const explainCommand: Command = {
  name: 'explain',
  summary: 'Say whether a tool is allowed and why, rule by rule',
  usage: '<tool> [--ctx <condition>=true|false]... [--disabled <name>]... [--overlay <name>]...',
  options: POLICY_INPUT_OPTIONS,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError(`explain needs exactly one tool (its key or runtime name), got ${positionals.length === 0 ? 'none' : `'${positionals.join(' ')}'`}.`);
    const tool = positionals[0]!;
    const loaded = await loadPolicy(values, io);
    if ('exitCode' in loaded) return loaded.exitCode;
    const { tables } = loaded;
    const inputs = policyInputs(values, tables);
    const explanation = explainTool(tables, tool, inputs.agent, inputs.context, inputs.options);
    if (!explanation) {
      const candidates = tables.tools.flatMap((t) => [t.key, ...t.names]);
      const suggestion = candidates.length > 0 ? ` Did you mean '${closest(tool, candidates)}'?` : '';
      throw new UsageError(`Catalog '${tables.catalog}' has no tool '${tool}' (by key or runtime name).${suggestion}`);
    }
    if (values.json) {
      io.stdout(`${JSON.stringify({ catalog: tables.catalog, context: contextReport(tables, inputs.context), ...explanation }, null, 2)}\n`);
      return 0;
    }
    const width = Math.max(...explanation.rules.map((r) => r.rule.length));
    io.stdout([
      `${explanation.summary}\n`,
      `  runtime names: ${explanation.names.join(', ') || '(none)'}; exposure: ${explanation.exposure}; context: ${describeContext(tables, inputs.context)}\n`,
      ...explanation.rules.map((r) => `  ${mark(r.disallows)} ${r.rule.padEnd(width)}  ${r.detail}\n`),
    ].join(''));
    return 0;
  },
};
