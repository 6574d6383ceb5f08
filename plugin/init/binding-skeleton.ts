// The app's binding file as `generate` first writes it (its skeleton): a second run of init that
// declares the SDK's tools rewrites a binding file still exactly that skeleton, so it keeps compiling.
import { existsSync, readFileSync } from 'node:fs';
import { loadProject } from '../project/load-project.js';
import { renderBindingSkeleton } from '../render/renderers/bindings.js';
import { loadTemplates } from '../render/templates.js';

export interface CatalogRef {
  readonly dir: string;
  readonly configFile: string;
  readonly catalog: string;
}

/** The skeleton of `bindingFile` for the catalog as it is now; undefined when the catalog has errors. */
export async function bindingSkeleton(
  ref: CatalogRef,
  bindingFile: string,
): Promise<string | undefined> {
  const project = await loadProject({ cwd: ref.dir, config: ref.configFile, catalog: ref.catalog });
  const model = project.catalogs[0]?.model;
  return model ? renderBindingSkeleton(model, loadTemplates(), bindingFile) : undefined;
}

/** Whether the binding file is still the skeleton of the catalog as it is now: nobody edited it. */
export async function isUntouchedSkeleton(
  ref: CatalogRef,
  bindingFile: string | undefined,
): Promise<boolean> {
  if (!bindingFile || !existsSync(bindingFile)) return false;
  const skeleton = await bindingSkeleton(ref, bindingFile);
  return skeleton !== undefined && readFileSync(bindingFile, 'utf8') === skeleton;
}
