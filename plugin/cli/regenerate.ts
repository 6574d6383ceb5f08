// After a command wrote a file `generate` reads (the runtime-surface lock), the generated files that
// follow from it are written again, so `generate --check` passes right after. Each file is recorded
// in the command's edit journal before it is written: an interruption puts it back.
import { readFile } from 'node:fs/promises';
import { generate, outputSets } from '../generate.js';
import { regenerateCommand } from '../init/package-manager.js';
import type { ProjectOptions } from '../project/load-project.js';
import type { EditJournal } from '../write/interrupt.js';
import { writeOutputs } from '../write/write-outputs.js';

export type Regenerated =
  | { readonly written: readonly string[] }
  /** Why the outputs were not written, and the one command that writes them. */
  | { readonly notWritten: string; readonly run: string };

/** Writes the outputs of the catalog `options` names again; nothing is written unless all can be. */
export async function regenerate(
  options: ProjectOptions,
  journal: EditJournal,
  rootDir: string,
): Promise<Regenerated> {
  const run = regenerateCommand(rootDir, options.catalog ? ['--catalog', options.catalog] : []);
  const result = await generate(options);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { notWritten: errors.map((d) => d.message).join(' | '), run };
  const sets = outputSets(result);
  // What the write would change or remove, read first so that an interruption restores it.
  const planned = await writeOutputs(sets, { check: true });
  if (planned.problems.length > 0)
    return { notWritten: planned.problems.map((p) => p.message).join(' | '), run };
  for (const file of [...planned.changed, ...planned.orphaned])
    await journal.record(file, await readFile(file, 'utf8').catch(() => undefined));
  const report = await writeOutputs(sets);
  if (report.problems.length > 0)
    return { notWritten: report.problems.map((p) => p.message).join(' | '), run };
  return { written: [...report.changed, ...report.orphaned] };
}
