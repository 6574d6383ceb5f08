// `tool-catalog init [--catalog <name>]`: scaffolds a config, a starter catalog, the binding file and
// a `generate` script in the app in the working directory, then prints the next steps. Never overwrites
// (it only appends its marked lines to .prettierignore and adds the output folder to a Biome config).
import { InitError, nextSteps, runInit } from '../../init/scaffold.js';
import { COMMON_OPTIONS, type Command } from '../command.js';
import { diagnosticsJson, printDiagnostics } from '../report-diagnostics.js';
import { relativePosix } from '../../text/spelling.js';

export const initCommand: Command = {
  name: 'init',
  summary: 'Scaffold a config, a starter catalog and a binding file in this app (never overwrites)',
  usage: '[--catalog <name>]',
  options: { ...COMMON_OPTIONS },
  async run({ values }, io) {
    if (values.config !== undefined) {
      io.stderr('init writes tool-catalog.config.ts in the working directory; run it without --config.\n');
      return 2;
    }
    const rel = (f: string) => relativePosix(io.cwd, f);
    let result: Awaited<ReturnType<typeof runInit>>;
    try {
      result = await runInit(io.cwd, { name: values.catalog as string | undefined });
    } catch (error) {
      if (!(error instanceof InitError)) throw error;
      if (values.json) io.stdout(`${JSON.stringify({ ok: false, error: error.message }, null, 2)}\n`);
      else io.stderr(`${error.message}\n`);
      return 1;
    }
    const steps = nextSteps(result);
    const ok = result.generated.ok;
    if (values.json) {
      const formatterIgnores = result.formatterIgnores.map((e) => ({ file: rel(e.file), action: e.action }));
      io.stdout(
        `${JSON.stringify({ ok, created: result.created.map(rel), script: result.script, sdk: result.sdk, formatterIgnores, nextSteps: steps, diagnostics: diagnosticsJson(result.generated.diagnostics) }, null, 2)}\n`,
      );
      return ok ? 0 : 1;
    }
    printDiagnostics(result.generated.diagnostics, io);
    io.stdout(`Created ${result.created.length} files:\n${result.created.map((f) => `  ${rel(f)}`).join('\n')}\n`);
    if (result.script === 'added') io.stdout('Added the "generate" script to package.json.\n');
    for (const e of result.formatterIgnores.filter((e) => e.action !== 'created'))
      io.stdout(
        `${e.action === 'appended' ? 'Appended' : 'Added'} the output folder to ${rel(e.file)}, so the formatter leaves the generated files alone.\n`,
      );
    const sdk = result.sdk;
    if (sdk.installed && !sdk.problem)
      io.stdout(
        `${sdk.name} ${sdk.version} is installed: the starter catalog declares every tool it types${sdk.declared.length > 0 ? ` (${sdk.declared.length} more, disabled, in ${rel(result.plan.sdkToolsFile)})` : ''}${sdk.omitted.length > 0 ? `; left out ${sdk.omitted.join(', ')}, which it does not type` : ''}.\n`,
      );
    if (!sdk.installed) io.stdout(`@anthropic-ai/claude-agent-sdk is not installed; install it with: ${sdk.install}\n`);
    let n = 0;
    io.stdout(`\nNext steps:\n${steps.map((s) => (s.startsWith('  ') ? `     ${s}` : `  ${++n}. ${s}`)).join('\n')}\n`);
    return ok ? 0 : 1;
  },
};
