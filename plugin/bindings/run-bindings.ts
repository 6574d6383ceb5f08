// `bindings` as a function: for every catalog with a `bindings.file`, compares the app's binding file
// with the catalog and, with `fix`, inserts missing entries (and with `prune` removes stale ones).
import { readFile } from 'node:fs/promises';
import { validateCatalog } from '../generate';
import { loadCatalog } from '../load/load-catalog';
import { loadConfig } from '../load/load-config';
import { buildModel } from '../model/build-model';
import { renderBindingSkeleton } from '../render/emitters/bindings';
import { loadTemplates } from '../render/templates';
import { DIAGNOSTIC_CODES, hasErrors, type CatalogDiagnostic, type PendingDiagnostic } from '../validate/diagnostics';
import { createLocator } from '../validate/locate';
import { writeFileAtomic } from '../write/write-outputs';
import { BindingFileError, fixBindings } from './fix-bindings';

export interface BindingsOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
  readonly fix?: boolean;
  readonly prune?: boolean;
}

export interface CatalogBindingsReport {
  readonly catalog: string;
  /** Absolute path of the app's binding file. */
  readonly file: string;
  /** The file did not exist (and, with `fix`, was created from the skeleton). */
  readonly created: boolean;
  readonly missing: readonly string[];
  readonly excess: readonly string[];
  /** Whether the file was (with `fix`) or would be changed. */
  readonly changed: boolean;
  /** Why the file could not be processed. */
  readonly error?: string;
}

export interface BindingsResult {
  readonly ok: boolean;
  readonly catalogs: readonly CatalogBindingsReport[];
  readonly diagnostics: readonly CatalogDiagnostic[];
  readonly usageError?: string;
}

/** The binding file matches the catalog when no entry is missing and none is stale. */
const upToDate = (r: CatalogBindingsReport, fix: boolean, prune: boolean) =>
  !r.error && (fix ? true : !r.created && r.missing.length === 0) && (r.excess.length === 0 || (fix && prune));

export async function runBindings(options: BindingsOptions): Promise<BindingsResult> {
  const loaded = await loadConfig({ cwd: options.cwd, file: options.config });
  const pending: PendingDiagnostic[] = [...loaded.diagnostics];
  let selected = loaded.catalogs;
  if (options.catalog !== undefined) {
    selected = selected.filter((c) => c.name === options.catalog);
    if (selected.length === 0 && pending.length === 0) return { ok: false, catalogs: [], diagnostics: [], usageError: `The config has no catalog named '${options.catalog}'; use one of: ${loaded.catalogs.map((c) => c.name).join(', ')}.` };
  }
  const withBindings = selected.filter((c) => c.bindings);
  if (pending.length === 0 && withBindings.length === 0)
    pending.push({ code: DIAGNOSTIC_CODES.configInvalid, severity: 'error', message: `No catalog${options.catalog ? ` named '${options.catalog}'` : ''} in the config has a binding file; add \`bindings: { file: 'src/toolBinding.ts' }\` to it.`, at: selected[0] ? { file: loaded.file, path: ['catalogs', selected[0].name], atKey: true, scope: 'config' } : undefined });
  const reports: CatalogBindingsReport[] = [];
  const searchFiles: string[] = [];
  for (const config of hasErrors(pending) ? [] : withBindings) {
    const raw = await loadCatalog(config);
    searchFiles.push(...raw.files);
    const problems = validateCatalog(raw);
    pending.push(...problems);
    if (hasErrors(problems) || !raw.vocabulary) continue;
    const model = buildModel(raw);
    const file = config.bindings!.file;
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) {
      const skeleton = renderBindingSkeleton(model, loadTemplates(), file);
      if (options.fix) await writeFileAtomic(file, skeleton);
      reports.push({ catalog: config.name, file, created: true, missing: model.tools.map((t) => t.key), excess: [], changed: true });
      continue;
    }
    try {
      const result = fixBindings(model, file, text, { prune: options.prune });
      if (options.fix && result.changed) await writeFileAtomic(file, result.text);
      reports.push({ catalog: config.name, file, created: false, missing: result.missing, excess: result.excess, changed: result.changed });
    } catch (error) {
      if (!(error instanceof BindingFileError)) throw error;
      reports.push({ catalog: config.name, file, created: false, missing: [], excess: [], changed: false, error: error.message });
    }
  }
  const diagnostics = pending.length > 0 ? await createLocator({ displayRoot: options.cwd, searchFiles })(pending) : [];
  const ok = !hasErrors(diagnostics) && reports.every((r) => upToDate(r, options.fix === true, options.prune === true));
  return { ok, catalogs: reports, diagnostics };
}
