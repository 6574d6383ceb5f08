// `tool-catalog init [--catalog <name>] [--config <file>] [--ui | --no-ui] [--target <sdk>]...`:
// scaffolds a config, a starter catalog, the binding file (apps with a UI), a starter module per
// target and a `generate` script in the app in the working directory, then prints the next steps.
// Never overwrites: run again, it completes what is missing.
import { InitError } from '../../init/detect-app.js';
import { nextSteps } from '../../init/next-steps.js';
import { targetFlags } from '../../init/init-targets.js';
import { runInit, type InitResult } from '../../init/run-init.js';
import { relativePosix } from '../../text/spelling.js';
import { UsageError, type CommandIO, type ParsedArgs } from '../command.js';
import { diagnosticsJson, printDiagnostics, jsonOutput } from '../report-diagnostics.js';

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [String(v)];

function printResult(result: InitResult, io: CommandIO): void {
  const rel = (f: string) => relativePosix(io.cwd, f);
  if (result.rerun)
    io.stdout(
      `${rel(result.plan.configFile)} exists: init kept every file and completed what was missing.\n`,
    );
  if (result.created.length > 0)
    io.stdout(
      `Created ${result.created.length} file` +
        `${result.created.length === 1 ? '' : 's'}:\n` +
        `${result.created.map((f) => `  ${rel(f)}`).join('\n')}\n`,
    );
  for (const f of result.edited)
    io.stdout(
      f === result.bindingFile
        ? `Rewrote ${rel(f)}, which nobody had edited yet, with an entry for every tool now declared.\n`
        : `Removed the \`sdkTyped: false\` init had written in ${rel(f)}.\n`,
    );
  const report = result.generated.report;
  if (result.rerun && report)
    io.stdout(`generate: wrote ${report.changed.length}, ${report.unchanged} unchanged.\n`);
  if (result.script === 'added') io.stdout('Added the "generate" script to package.json.\n');
  for (const e of result.formatterIgnores.filter((e) => e.action !== 'created'))
    io.stdout(
      `${e.action === 'appended' ? 'Appended' : 'Added'} the output folder to ` +
        `${rel(e.file)}, so the formatter leaves the generated files alone.\n`,
    );
  const targets = result.targets;
  io.stdout(`Targets: ${targets.names.map((n) => `${n} (${targets.reasons[n]})`).join(', ')}.\n`);
  for (const note of targets.skipped) io.stdout(`${note}\n`);
  const sdk = result.sdk;
  if (sdk?.installed && !sdk.problem) {
    const parts = [
      sdk.declared.length > 0
        ? `declared ${sdk.declared.length} more, disabled, in ${rel(result.plan.sdkToolsFile)}`
        : '',
      sdk.unmarked.length > 0 ? `typed ${sdk.unmarked.join(', ')}` : '',
      sdk.omitted.length > 0 ? `left out ${sdk.omitted.join(', ')}, which it does not type` : '',
    ].filter(Boolean);
    io.stdout(
      `${sdk.name} ${sdk.version} is installed: the catalog declares every ` +
        `tool it types${parts.length > 0 ? ` (${parts.join('; ')})` : ''}.\n`,
    );
  }
  if (sdk?.installed === false)
    io.stdout(`@anthropic-ai/claude-agent-sdk is not installed; install it with: ${sdk.install}\n`);
  let n = 0;
  const steps = nextSteps(result);
  io.stdout(
    `\nNext steps:\n${steps.map((s) => (s.startsWith('  ') ? `     ${s}` : `  ${++n}. ${s}`)).join('\n')}\n`,
  );
}

/** `tool-catalog init`: its flags and usage are in the command table (index.ts). */
export async function initCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`init takes no arguments, got '${positionals.join(' ')}'.`);
  if (values.ui && values['no-ui'])
    throw new UsageError('--ui and --no-ui contradict each other; give one.');
  const ui = values.ui ? true : values['no-ui'] ? false : undefined;
  let result: InitResult;
  try {
    result = await runInit(io.cwd, {
      name: values.catalog as string | undefined,
      config: values.config as string | undefined,
      ui,
      targets: values.target === undefined ? undefined : targetFlags(list(values.target)),
    });
  } catch (error) {
    if (!(error instanceof InitError)) throw error;
    if (values.json) io.stdout(jsonOutput({ ok: false, error: error.message }));
    else io.stderr(`${error.message}\n`);
    return 1;
  }
  const ok = result.generated.ok;
  if (values.json) {
    const rel = (f: string) => relativePosix(io.cwd, f);
    const formatterIgnores = result.formatterIgnores.map((e) => ({
      file: rel(e.file),
      action: e.action,
    }));
    io.stdout(
      `${JSON.stringify(
        {
          ok,
          rerun: result.rerun,
          created: result.created.map(rel),
          edited: result.edited.map(rel),
          script: result.script,
          targets: result.targets,
          sdk: result.sdk,
          formatterIgnores,
          nextSteps: nextSteps(result),
          diagnostics: diagnosticsJson(result.generated.diagnostics),
        },
        null,
        2,
      )}\n`,
    );
    return ok ? 0 : 1;
  }
  printDiagnostics(result.generated.diagnostics, io);
  printResult(result, io);
  return ok ? 0 : 1;
}
