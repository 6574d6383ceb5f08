// `tool-catalog generate [--check]`: writes every output, or with --check writes nothing and
// exits 1 listing each stale or orphaned file.
import { generateAndWrite } from '../../generate.js';
import { DIAGNOSTIC_CODES } from '../../diagnostics/diagnostics.js';
import { COMMON_OPTIONS, UsageError, type Command } from '../command.js';
import { diagnosticsJson, printDiagnostics } from '../report-diagnostics.js';
import { relativePosix } from '../../text/spelling.js';

export const generateCommand: Command = {
  name: 'generate',
  summary: 'Compile the catalog into its generated files (--check: exit 1 if any is stale)',
  usage: '[--check]',
  options: { ...COMMON_OPTIONS, check: { type: 'boolean' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 0) throw new UsageError(`generate takes no arguments, got '${positionals.join(' ')}'.`);
    const started = performance.now();
    const check = values.check === true;
    const result = await generateAndWrite({ cwd: io.cwd, config: values.config as string | undefined, catalog: values.catalog as string | undefined, check });
    const rel = (f: string) => relativePosix(io.cwd, f);
    const report = result.report;
    const stale = report ? [...report.changed, ...report.orphaned] : [];
    const ok = result.ok && !(check && stale.length > 0);
    // A --catalog name the config does not have is a usage mistake, not a catalog error.
    const badUsage = result.diagnostics.some((d) => d.code === DIAGNOSTIC_CODES.catalogUnknown);
    const failure = badUsage ? 2 : 1;
    if (values.json) {
      io.stdout(`${JSON.stringify({
        ok,
        check,
        changed: report?.changed.map(rel) ?? [],
        orphaned: report?.orphaned.map(rel) ?? [],
        unchanged: report?.unchanged ?? 0,
        diagnostics: diagnosticsJson(result.diagnostics),
      }, null, 2)}\n`);
      return ok ? 0 : failure;
    }
    printDiagnostics(result.diagnostics, io);
    if (!report) {
      io.stderr('Nothing was written.\n');
      return failure;
    }
    const ms = Math.round(performance.now() - started);
    if (check) {
      for (const f of report.changed) io.stderr(`stale: ${rel(f)}\n`);
      for (const f of report.orphaned) io.stderr(`orphaned: ${rel(f)}\n`);
      if (stale.length > 0) {
        io.stderr(`${stale.length} generated file${stale.length === 1 ? ' is' : 's are'} out of date; run \`npm run generate\` and commit the result.\n`);
        return 1;
      }
      io.stdout(`All ${report.unchanged} generated files are up to date (${ms} ms).\n`);
      return ok ? 0 : 1;
    }
    const names = result.catalogs.map((c) => c.config.name).join(', ');
    io.stdout(`${names}: wrote ${report.changed.length} file${report.changed.length === 1 ? '' : 's'}, removed ${report.orphaned.length}, ${report.unchanged} unchanged (${ms} ms).\n`);
    return ok ? 0 : 1;
  },
};
