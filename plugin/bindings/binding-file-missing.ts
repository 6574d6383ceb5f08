// Whether a project has a binding file at all, decided before `bindings` loads ts-morph: an app
// without one (a server without a UI) hears that, not how to install a parser it does not need.
import { DIAGNOSTIC_CODES, type CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import type { Project } from '../project/load-project.js';

/** The error for a project none of whose (selected) catalogs has a binding file, else undefined. */
export async function noBindingFile(
  project: Project,
  catalog: string | undefined,
): Promise<CatalogDiagnostic | undefined> {
  if (!project.ok || project.catalogs.some((c) => c.config.bindings)) return undefined;
  const first = project.catalogs[0];
  const [located] = await project.locate([
    {
      code: DIAGNOSTIC_CODES.configInvalid,
      severity: 'error',
      message:
        `No catalog${catalog ? ` named '${catalog}'` : ''} in the config has a ` +
        `binding file, so there is nothing to check: an app without a UI needs none. ` +
        `To give the tools icons, add \`bindings: { file: 'src/tool-bindings.ts' }\` ` +
        `to the catalog and run generate.`,
      at:
        first && project.configFile
          ? {
              file: project.configFile,
              path: ['catalogs', first.config.name],
              atKey: true,
              scope: 'config',
            }
          : undefined,
    },
  ]);
  return located;
}
