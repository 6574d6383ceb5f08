// `tool-catalog drift [--sdk-types <file>]`: compares the catalog's SDK-typed tools with the SDK's
// `sdk-tools.d.ts`; exits 1 on any disagreement, naming each tool and how to fix it.
import { formatCatalogDrift } from '../../drift/format-report.js';
import { runDrift } from '../../drift/run-drift.js';
import { COMMON_OPTIONS, UsageError, type Command } from '../command.js';
import { diagnosticsJson, printDiagnostics } from '../report-diagnostics.js';
import { isUsageProblem } from '../../project/load-project.js';

export const driftCommand: Command = {
  name: 'drift',
  summary: "Compare the catalog's SDK-typed tools with the SDK's sdk-tools.d.ts (exit 1 on drift)",
  usage: '[--sdk-types <file>]',
  options: { ...COMMON_OPTIONS, 'sdk-types': { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 0) throw new UsageError(`Unexpected argument '${positionals[0]}'; drift takes only options.`);
    const result = await runDrift({
      cwd: io.cwd,
      config: values.config as string | undefined,
      catalog: values.catalog as string | undefined,
      sdkTypes: values['sdk-types'] as string | undefined,
    });
    if (result.usageError) throw new UsageError(result.usageError);
    const failure = result.diagnostics.some(isUsageProblem) ? 2 : 1;
    if (values.json) {
      io.stdout(`${JSON.stringify({ ok: result.ok, catalogs: result.catalogs, error: result.error, diagnostics: diagnosticsJson(result.diagnostics) }, null, 2)}\n`);
      return result.ok ? 0 : failure;
    }
    printDiagnostics(result.diagnostics, io);
    if (result.error) io.stderr(`${result.error}\n`);
    for (const drift of result.catalogs) io.stdout(formatCatalogDrift(drift, io.cwd));
    return result.ok ? 0 : failure;
  },
};
