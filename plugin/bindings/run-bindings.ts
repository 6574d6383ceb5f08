// `bindings` as a function: for every catalog with a `bindings.file`, compares the app's binding file
// with the catalog and, with `fix`, inserts missing entries (and with `prune` removes stale ones).
import { readFile } from 'node:fs/promises';
import { hasErrors, type CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import { isUsageProblem, loadProject, type Project } from '../project/load-project.js';
import { renderBindingSkeleton } from '../render/renderers/bindings.js';
import { loadTemplates } from '../render/templates.js';
import { type EditJournal, journalEdits } from '../write/interrupt.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import { noBindingFile } from './binding-file-missing.js';
import { BindingFileError, fixBindings } from './fix-bindings.js';

export interface BindingsOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
  readonly fix?: boolean;
  readonly prune?: boolean;
  /** Told when Ctrl-C or SIGTERM stopped `fix`, after every file it wrote got its old bytes back. */
  readonly interrupted?: (signal: NodeJS.Signals, restored: readonly string[]) => void;
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
  !r.error &&
  (fix ? true : !r.created && r.missing.length === 0) &&
  (r.excess.length === 0 || (fix && prune));

/** `project`: the project the caller already loaded from the same options. */
export async function runBindings(
  options: BindingsOptions,
  project?: Project,
): Promise<BindingsResult> {
  project ??= await loadProject(options);
  const usageProblem = project.diagnostics.find(isUsageProblem);
  if (usageProblem)
    return { ok: false, catalogs: [], diagnostics: [], usageError: usageProblem.message };
  const diagnostics: CatalogDiagnostic[] = [...project.diagnostics];
  const withBindings = project.catalogs.filter((c) => c.config.bindings);
  const none = await noBindingFile(project, options.catalog);
  if (none) diagnostics.push(none);
  // Interrupted before every catalog's file is written, each file written so far gets its old bytes back.
  const journal = options.fix ? journalEdits(options.interrupted) : undefined;
  try {
    return await fixEach(options, diagnostics, withBindings, journal);
  } finally {
    journal?.close();
  }
}

async function fixEach(
  options: BindingsOptions,
  diagnostics: CatalogDiagnostic[],
  withBindings: Project['catalogs'],
  journal: EditJournal | undefined,
): Promise<BindingsResult> {
  const reports: CatalogBindingsReport[] = [];
  for (const { config, model } of hasErrors(diagnostics) ? [] : withBindings) {
    if (!model) continue;
    const file = config.bindings!.file;
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) {
      const skeleton = renderBindingSkeleton(model, loadTemplates(), file);
      if (options.fix) {
        await journal?.record(file, undefined);
        await writeFileAtomic(file, skeleton);
      }
      reports.push({
        catalog: config.name,
        file,
        created: true,
        missing: model.tools.map((t) => t.key),
        excess: [],
        changed: true,
      });
      continue;
    }
    try {
      const result = fixBindings(model, file, text, { prune: options.prune });
      if (options.fix && result.changed) {
        await journal?.record(file, text);
        await writeFileAtomic(file, result.text);
      }
      reports.push({
        catalog: config.name,
        file,
        created: false,
        missing: result.missing,
        excess: result.excess,
        changed: result.changed,
      });
    } catch (error) {
      if (!(error instanceof BindingFileError)) throw error;
      reports.push({
        catalog: config.name,
        file,
        created: false,
        missing: [],
        excess: [],
        changed: false,
        error: error.message,
      });
    }
  }
  const ok =
    !hasErrors(diagnostics) &&
    reports.every((r) => upToDate(r, options.fix === true, options.prune === true));
  return { ok, catalogs: reports, diagnostics };
}
