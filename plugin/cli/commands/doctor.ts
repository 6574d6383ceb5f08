// `tool-catalog doctor`: what is wrong with this app's set-up, each finding with the one command that
// fixes it; exit 1 when something is wrong. It writes nothing.
import { runDoctor } from '../../doctor/run-doctor.js';
import { UsageError, type CommandIO, type ParsedArgs } from '../command.js';
import { jsonOutput } from '../report-diagnostics.js';

const LABEL = { ok: 'ok     ', note: 'note   ', problem: 'PROBLEM' } as const;

/** `tool-catalog doctor`: its flags and usage are in the command table (index.ts). */
export async function doctorCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`doctor takes no arguments, got '${positionals.join(' ')}'.`);
  const report = await runDoctor({
    cwd: io.cwd,
    config: values.config as string | undefined,
    catalog: values.catalog as string | undefined,
  });
  if (values.json) {
    io.stdout(jsonOutput({ ok: report.ok, findings: report.findings }));
    return report.ok ? 0 : 1;
  }
  for (const f of report.findings) {
    io.stdout(`${LABEL[f.status]}  ${f.message}\n`);
    if (f.fix) io.stdout(`         fix: ${f.fix}\n`);
  }
  const problems = report.findings.filter((f) => f.status === 'problem').length;
  io.stdout(
    problems === 0
      ? `\ndoctor: nothing wrong (${report.findings.length} checks).\n`
      : `\ndoctor: ${problems} problem${problems === 1 ? '' : 's'}; run the fix under each.\n`,
  );
  return problems === 0 ? 0 : 1;
}
