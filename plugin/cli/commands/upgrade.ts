// `tool-catalog upgrade --to <version|dist-tag> [--from <version>] [--runtime <name>]... [--write |
// --check] [--json]`: what moving to another Claude Agent SDK changes for the catalog — per tool and per
// runtime configuration — with the catalog edits it calls for; `--write` applies the safe ones (never
// granting anything), `--check` exits 1 when there is anything to apply or review.
import { isUsageProblem } from '../../project/load-project.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { diagnosticsJson, printDiagnostics, jsonOutput } from '../report-diagnostics.js';
import type { UpgradeReport } from '../../upgrade/run-upgrade.js';
import { relativePosix } from '../../text/spelling.js';

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? [v]
      : [];

/** `tool-catalog upgrade`: its flags and usage are in the command table (index.ts). */
export async function upgradeCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(
      `upgrade takes no arguments, got '${positionals.join(' ')}'; name the SDK with --to <version>.`,
    );
  if (typeof values.to !== 'string' || values.to === '')
    throw new UsageError(
      'upgrade needs --to <version> (such as 0.3.333), an installed package ' +
        '(an npm alias) or a folder that holds the SDK.',
    );
  if (values.write === true && values.check === true)
    throw new UsageError(
      '--check only reports; run it without --write (or --write without --check).',
    );
  // Only this command fetches and loads SDKs: the other commands never pay for them.
  const [{ runUpgrade }, { formatUpgradeReport }] = await Promise.all([
    import('../../upgrade/run-upgrade.js'),
    import('../../upgrade/format-report.js'),
  ]);
  // Ctrl-C or SIGTERM ends every runtime a surface run started (and --write puts every file back).
  const { endRunsOnSignals } = await import('../../verify/run-cleanup.js');
  const stopHandling = endRunsOnSignals((signal) =>
    io.stderr(`upgrade: stopped by ${signal}; nothing it started is left running.\n`),
  );
  const outcome = await runUpgrade({
    cwd: io.cwd,
    config: values.config as string | undefined,
    catalog: values.catalog as string | undefined,
    to: values.to,
    ...(typeof values.from === 'string' ? { from: values.from } : {}),
    ...(list(values.runtime).length > 0 ? { runtimes: list(values.runtime) } : {}),
    write: values.write === true,
    ...(values.json ? {} : { progress: (line: string) => io.stderr(`${line}\n`) }),
    interrupted: (signal, restored) =>
      io.stderr(
        `upgrade: ${signal}: ${restored.length} edited file${restored.length === 1 ? '' : 's'} ` +
          `got ${restored.length === 1 ? 'its' : 'their'} old bytes back: ${restored.map((f) => relativePosix(io.cwd, f)).join(', ')}.\n`,
      ),
  }).finally(stopHandling);
  if ('usageError' in outcome) throw new UsageError(outcome.usageError);
  if ('diagnostics' in outcome) {
    if (values.json)
      io.stdout(jsonOutput({ ok: false, diagnostics: diagnosticsJson(outcome.diagnostics) }));
    else printDiagnostics(outcome.diagnostics, io);
    return outcome.diagnostics.some(isUsageProblem) ? 2 : 1;
  }
  if ('sdkMissing' in outcome) {
    if (values.json) io.stdout(jsonOutput({ ok: false, error: outcome.sdkMissing }));
    else io.stderr(`upgrade: ${outcome.sdkMissing}\n`);
    return 2;
  }
  if ('error' in outcome) {
    if (values.json) io.stdout(jsonOutput({ ok: false, error: outcome.error }));
    else io.stderr(`upgrade: ${outcome.error}\n`);
    return 1;
  }
  const { report } = outcome;
  const ok = report.written?.error === undefined;
  const check = values.check === true;
  io.stdout(values.json ? jsonOutput({ ok, ...report }) : formatUpgradeReport(report));
  if (check && !values.json) io.stdout(`${checkLine(report)}\n`);
  return !ok || (check && report.changed) ? 1 : 0;
}

/** The last line of `--check`: whether the SDK would change anything for the catalog, and what. */
function checkLine(report: UpgradeReport): string {
  const target = `SDK ${report.target.version}${report.target.tag ? ` (${report.target.tag})` : ''}`;
  if (!report.changed) return `check: ${target} changes nothing for catalog '${report.catalog}'.`;
  const c = report.counts;
  const tools = c.new + c.gone + c.renamed;
  const what = [
    ...(c.edits > 0 ? [`the catalog (${c.edits} edit${c.edits === 1 ? '' : 's'})`] : []),
    ...(c.offerChanges > 0 ? ['the runtime-surface lock and what a session offers'] : []),
    ...(tools > 0 ? [`${tools} tool${tools === 1 ? '' : 's'}`] : []),
    ...(c.fieldsChanged > 0 ? [`the input fields of ${c.fieldsChanged} tools`] : []),
  ];
  // A configuration one side could not be measured in is not taken for unchanged.
  const unknown = report.offers.unmeasured;
  return (
    `check: ${target} ${what.length > 0 ? `would change ${what.join(', ')}` : 'cannot be checked'} ` +
    `for catalog '${report.catalog}'` +
    `${unknown.length > 0 ? ` (the offer in ${unknown.join(', ')} could not be measured; see the notes)` : ''}` +
    `; review it with tool-catalog upgrade --to ${report.target.version}.`
  );
}
