// `tool-catalog generate [--check]`: writes every output, or with --check writes nothing and exits 1
// listing each stale or orphaned file (and, for a stale policy snapshot, each tool whose policy
// changed; for a runtime copy edited by hand, that it was).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateAndWrite, type GenerateResult } from '../../generate.js';
import { regenerateCommand } from '../../init/package-manager.js';
import { policyChanges } from '../../policy/policy-changes.js';
import { isUsageProblem } from '../../project/load-project.js';
import { isRuntimeCopy } from '../../render/renderers/runtime.js';
import { relativePosix } from '../../text/spelling.js';
import { carriedNotes } from '../carried-notes.js';
import { handEditedCopies } from '../hand-edited-copies.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { projectOptions } from '../project-input.js';
import { diagnosticsJson, printDiagnostics } from '../report-diagnostics.js';

/** For each stale `policy.md`, the tools whose policy the regenerated one changes. */
async function changedPolicies(
  result: GenerateResult,
  stale: readonly string[],
): Promise<string[]> {
  const lines: string[] = [];
  for (const c of result.catalogs) {
    const file = path.join(c.outDir, 'policy.md');
    const now = c.files.get(file)?.content;
    if (now === undefined || !stale.includes(file)) continue;
    const before = await readFile(file, 'utf8').catch(() => '');
    for (const change of policyChanges(before, now))
      lines.push(`policy of '${c.config.name}': ${change}`);
  }
  return lines;
}

/** The `--config` and `--catalog` this run was given, to repeat in the command it suggests. */
const selectionFlags = (values: ParsedArgs['values']): string[] => [
  ...(typeof values.config === 'string' ? ['--config', values.config] : []),
  ...(typeof values.catalog === 'string' ? ['--catalog', values.catalog] : []),
];

/** `tool-catalog generate`: its flags and usage are in the command table (index.ts). */
export async function generateCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`generate takes no arguments, got '${positionals.join(' ')}'.`);
  if (values.watch) {
    if (values.check || values.json || values.prune)
      throw new UsageError(
        '--watch regenerates on every change; it cannot be combined with ' +
          '--check, --json or --prune (which would drop set-aside translations ' +
          'while a file is briefly missing).',
      );
    return (await import('../watch-generate.js')).watchGenerate(projectOptions(values, io), io);
  }
  const started = performance.now();
  const check = values.check === true;
  const result = await generateAndWrite({
    ...projectOptions(values, io),
    check,
    prune: values.prune === true,
  });
  const rel = (f: string) => relativePosix(io.cwd, f);
  const report = result.report;
  const stale = report ? [...report.changed, ...report.orphaned, ...report.leftovers] : [];
  const ok = result.ok && !(check && stale.length > 0);
  // A --catalog name the config does not have is a usage mistake, not a catalog error.
  const failure = result.diagnostics.some(isUsageProblem) ? 2 : 1;
  const policy = check && report ? await changedPolicies(result, report.changed) : [];
  // Only a stale file that regenerates as a runtime copy can be one edited by hand: no other is read.
  const changed = new Set(check ? report?.changed : []);
  const edited = await handEditedCopies(
    result.catalogs.flatMap((c) =>
      [...c.files]
        .filter(([file, f]) => changed.has(file) && isRuntimeCopy(f.content))
        .map(([file]) => file),
    ),
  );
  if (values.json) {
    io.stdout(
      `${JSON.stringify(
        {
          ok,
          check,
          changed: report?.changed.map(rel) ?? [],
          orphaned: report?.orphaned.map(rel) ?? [],
          leftAlone: report?.leftAlone.map(rel) ?? [],
          leftovers: report?.leftovers.map(rel) ?? [],
          unchanged: report?.unchanged ?? 0,
          policyChanges: policy,
          handEdited: [...edited].map(rel),
          diagnostics: diagnosticsJson(result.diagnostics),
        },
        null,
        2,
      )}\n`,
    );
    return ok ? 0 : failure;
  }
  printDiagnostics(result.diagnostics, io);
  if (!report || report.problems.length > 0) {
    io.stderr('Nothing was written.\n');
    return failure;
  }
  const ms = Math.round(performance.now() - started);
  if (check) {
    for (const f of report.changed)
      io.stderr(
        edited.has(f)
          ? `stale: ${rel(f)} (edited by hand: its code no longer matches the hash ` +
              `in its header; the runtime copy is the package's, so \`npm run ` +
              `generate\` puts it back)\n`
          : `stale: ${rel(f)}\n`,
      );
    for (const f of report.orphaned) io.stderr(`orphaned: ${rel(f)}\n`);
    for (const f of report.leftovers)
      io.stderr(`leftover temp file of an interrupted run: ${rel(f)}\n`);
    for (const line of policy) io.stderr(`${line}\n`);
    if (stale.length > 0) {
      io.stderr(
        `${stale.length} generated file${stale.length === 1 ? ' is' : 's are'} ` +
          `out of date; run \`${regenerateCommand(io.cwd, selectionFlags(values))}` +
          `\` and commit the result.\n`,
      );
      return 1;
    }
    io.stdout(`All ${report.unchanged} generated files are up to date (${ms} ms).\n`);
    return ok ? 0 : 1;
  }
  // Set-aside translations are news for a translator: say where they went, and how they go.
  for (const line of carriedNotes(result, rel)) io.stdout(line);
  for (const c of result.catalogs)
    for (const [file, f] of c.files)
      if (f.prunable && report.changed.includes(file))
        io.stdout(
          `kept ${rel(file)}: translations of keys or locales no longer in the ` +
            `catalog, set aside until they return (\`generate --prune\` drops them).\n`,
        );
  for (const f of report.leftAlone)
    io.stdout(
      `left ${rel(f)} in place: an earlier run wrote it, but it no longer carries ` +
        `the generated header (or a symbolic link leads it out of the output ` +
        `folder), so it is not removed; delete it if nothing needs it.\n`,
    );
  const names = result.catalogs.map((c) => c.config.name).join(', ');
  const cleaned =
    report.leftovers.length > 0
      ? `, ${report.leftovers.length} leftover temp file${report.leftovers.length === 1 ? '' : 's'} cleaned`
      : '';
  io.stdout(
    `${names}: wrote ${report.changed.length} file` +
      `${report.changed.length === 1 ? '' : 's'}, removed ` +
      `${report.orphaned.length}, ${report.unchanged} unchanged${cleaned} (${ms} ms).\n`,
  );
  return ok ? 0 : 1;
}
