// How every command reaches the catalogs: `--config`, `--catalog` and the working folder into the
// project's front door, and one way to report a project that has errors (exit 1, or 2 for bad usage).
import type { CatalogModel } from '../model/catalog-model.js';
import { isUsageProblem, loadProject, type Project } from '../project/load-project.js';
import { UsageError, type CommandIO, type ParsedArgs } from './command.js';
import { diagnosticsJson, printDiagnostics, jsonOutput } from './report-diagnostics.js';

export const projectOptions = (values: ParsedArgs['values'], io: CommandIO) => ({
  cwd: io.cwd,
  config: values.config as string | undefined,
  catalog: values.catalog as string | undefined,
});

/** The project named by the command line. */
export const loadCommandProject = (values: ParsedArgs['values'], io: CommandIO): Promise<Project> =>
  loadProject(projectOptions(values, io));

/**
 * Prints a failed project's diagnostics (JSON with `--json`) and returns the exit code; undefined
 * when the project is fine.
 */
export function reportFailedProject(
  project: Pick<Project, 'ok' | 'diagnostics'>,
  values: ParsedArgs['values'],
  io: CommandIO,
  extra: Record<string, unknown> = {},
): number | undefined {
  if (project.ok) return undefined;
  if (values.json)
    io.stdout(
      jsonOutput({ ok: false, ...extra, diagnostics: diagnosticsJson(project.diagnostics) }),
    );
  else printDiagnostics(project.diagnostics, io);
  return project.diagnostics.some(isUsageProblem) ? 2 : 1;
}

/** The one catalog a query command works on: the config's only one, or the one `--catalog` names. */
export function singleModel(project: Project): CatalogModel {
  const models = project.catalogs.flatMap((c) => (c.model ? [c.model] : []));
  if (models.length > 1)
    throw new UsageError(
      `The config has ${models.length} catalogs (` +
        `${models.map((m) => m.name).join(', ')}); choose one with --catalog <name>.`,
    );
  return models[0]!;
}
