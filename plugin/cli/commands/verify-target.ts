// `tool-catalog verify --target <sdk>` for a target other than the Claude Agent SDK: the generated
// options of every context, caller and subagent run on the SDK's own test model (the target's
// verifier), compared with the policy; exit 1 naming each difference, 2 when the SDK is not installed.
import { policyTablesOf } from '../../model/policy-tables.js';
import type { CatalogModel } from '../../model/catalog-model.js';
import type { Target } from '../../targets/target.js';
import { UsageError, type CommandIO, type ParsedArgs } from '../command.js';
import { checkedPolicyEntries, parseContextFlags } from '../policy-flags.js';
import { jsonOutput } from '../report-diagnostics.js';

/** Flags that only the Claude Agent SDK's runtime takes. */
const CLAUDE_ONLY = ['runtime', 'env', 'allow-env-override', 'mcp-config', 'full', 'update'];

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? [v]
      : [];

export async function verifyTarget(
  target: Target,
  model: CatalogModel,
  values: ParsedArgs['values'],
  io: CommandIO,
): Promise<number> {
  for (const flag of CLAUDE_ONLY)
    if (values[flag] !== undefined && values[flag] !== false)
      throw new UsageError(
        `--${flag} is for the Claude Agent SDK's runtime; verify --target ${target.name} runs the ` +
          "SDK's test model, which has no such setting.",
      );
  const tables = policyTablesOf(model);
  const ctx = list(values.ctx);
  const verifier = await target.loadVerifier!();
  const { RuntimeUnavailable, VerifySetupProblem } = await import('../../verify/problems.js');
  try {
    const report = await verifier.verify(model, {
      ...(ctx.length > 0
        ? { contexts: [{ id: 'given', context: parseContextFlags(ctx, tables) }] }
        : {}),
      ...(list(values.caller).length > 0 ? { callers: list(values.caller) } : {}),
      disabledTools: checkedPolicyEntries(tables, '--disabled', list(values.disabled), []),
      overlay: checkedPolicyEntries(tables, '--overlay', list(values.overlay), []),
      ...(typeof values.emit === 'string' ? { emit: values.emit } : {}),
      ...(typeof values.sdk === 'string' ? { sdk: values.sdk } : {}),
    });
    io.stdout(values.json ? jsonOutput(report) : verifier.format(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof RuntimeUnavailable || error instanceof VerifySetupProblem)) throw error;
    if (values.json)
      io.stdout(
        jsonOutput({ ok: false, catalog: model.name, target: target.name, error: error.message }),
      );
    else io.stderr(`verify --target ${target.name}: ${error.message}\n`);
    return error instanceof RuntimeUnavailable ? 2 : 1;
  }
}
