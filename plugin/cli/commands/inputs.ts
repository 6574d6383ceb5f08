// `tool-catalog inputs [--json]`: every input and output of `generate` for each catalog, relative to
// the working folder, and the same lists as a Turborepo task and an Nx target, ready to paste.
import { generateInputs, type CatalogInputs } from '../../project/generate-inputs.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { projectOptions, reportFailedProject } from '../project-input.js';
import { jsonOutput } from '../report-diagnostics.js';

/** One task for all catalogs of the config: `generate` writes them all in one run. */
function union(catalogs: readonly CatalogInputs[]): { inputs: string[]; outputs: string[] } {
  return {
    inputs: [...new Set(catalogs.flatMap((c) => c.inputs))],
    outputs: [...new Set(catalogs.flatMap((c) => c.outputs))],
  };
}

/**
 * Nx spells paths from the project's root with `{projectRoot}/`, and hashes the package version
 * through `externalDependencies`.
 */
function nxTarget(task: { inputs: string[]; outputs: string[] }) {
  const fromRoot = (p: string) =>
    p.startsWith('!') ? `!{projectRoot}/${p.slice(1)}` : `{projectRoot}/${p}`;
  return {
    cache: true,
    inputs: [...task.inputs.map(fromRoot), { externalDependencies: ['agent-tool-catalog'] }],
    outputs: task.outputs.filter((p) => !p.startsWith('!')).map(fromRoot),
  };
}

/** `tool-catalog inputs`: its flags and usage are in the command table (index.ts). */
export async function inputsCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`inputs takes no arguments, got '${positionals.join(' ')}'.`);
  const result = await generateInputs(projectOptions(values, io));
  const failed = reportFailedProject(result, values, io);
  if (failed !== undefined) return failed;
  const task = union(result.catalogs);
  const turbo = { inputs: task.inputs, outputs: task.outputs };
  const nx = nxTarget(task);
  if (values.json) {
    io.stdout(jsonOutput({ ok: true, catalogs: result.catalogs, turbo, nx }));
    return 0;
  }
  const lines = ['Inputs and outputs of `tool-catalog generate`, from this folder:'];
  for (const c of result.catalogs)
    lines.push(
      '',
      `catalog '${c.catalog}'`,
      '  inputs:',
      ...c.inputs.map((p) => `    ${p}`),
      '  outputs:',
      ...c.outputs.map((p) => `    ${p}`),
    );
  lines.push(
    '',
    'Turborepo: the "generate" task of this package (turbo.json "tasks"):',
    JSON.stringify({ generate: turbo }, null, 2),
    '',
    'Nx: the "generate" target of this project (project.json "targets"):',
    JSON.stringify({ generate: nx }, null, 2),
  );
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
