// `tool-catalog stale-refs [--since <ref>] [--include <glob>]...`: lists file:line references to
// runtime names of tools no longer in the catalog (prompts, code, tests) — names any earlier
// version of the generated registry had, in git or on disk — and exits 1 when there are any.
import path from 'node:path';
import {
  findStaleReferences,
  IGNORE_MARKER,
  lockedRuntimeNames,
  registryHistory,
  SinceError,
  type LastSeen,
  type StaleReference,
  type UnverifiedReference,
} from '../../stale-refs/index.js';
import { relativePosix } from '../../text/spelling.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { loadCommandProject, reportFailedProject } from '../project-input.js';
import { jsonOutput } from '../report-diagnostics.js';

function why(r: StaleReference): string {
  if (r.reason === 'unknown-under-server')
    return 'is under a catalogued MCP server but is not in the catalog';
  const seen: LastSeen | undefined = r.lastSeen;
  if (seen && 'commit' in seen)
    return `is no longer in the catalog; the generated registry last had it at commit ${seen.commit}`;
  return 'is no longer in the catalog; the generated registry on disk still has it';
}

/** The note on references under servers whose tools are named at run time: listed, not counted. */
function unverifiedNote(
  catalog: string,
  servers: readonly string[],
  references: readonly { file: string; line: number; column: number; name: string }[],
): string {
  const count = `${references.length} reference${references.length === 1 ? '' : 's'}`;
  const where = servers.map((s) => `'${s}'`).join(', ');
  const list = references.map((u) => `  ${u.file}:${u.line}:${u.column}: ${u.name}`).join('\n');
  return (
    `note: catalog '${catalog}': ${count} under ${where} name tools the catalog does not list; ` +
    `tools there are named at run time, so they are not counted as stale:\n${list}`
  );
}

/** `tool-catalog stale-refs`: its flags and usage are in the command table (index.ts). */
export async function staleRefsCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument '${positionals[0]}'; stale-refs takes only options.`);
  const result = await loadCommandProject(values, io);
  const failed = reportFailedProject(result, values, io, { references: [] });
  if (failed !== undefined) return failed;
  const include = values.include as string[] | undefined;
  const since = values.since as string | undefined;
  const rel = (root: string, f: string) => relativePosix(io.cwd, path.join(root, f));
  const found: (StaleReference & { catalog: string })[] = [];
  const unverified: (UnverifiedReference & { catalog: string })[] = [];
  const notes = new Set<string>();
  let filesSearched = 0;
  for (const { model } of result.catalogs) {
    if (!model) continue;
    const root = model.config.rootDir;
    // Every catalog's output is generated: its names are the registry's, not references to them.
    const outputs = result.catalogs
      .flatMap((c) => [c.config.outDir, c.config.i18n.outDir])
      .map((d) => relativePosix(root, d))
      .filter((d) => d && !d.startsWith('..'))
      .map((d) => `${d}/**`);
    let history: Awaited<ReturnType<typeof registryHistory>>;
    try {
      history = await registryHistory(path.join(model.config.outDir, 'registry.ts'), model.prefix, {
        since,
      });
    } catch (error) {
      if (error instanceof SinceError) throw new UsageError(error.message);
      throw error;
    }
    for (const note of history.notes) notes.add(`note: catalog '${model.name}': ${note}`);
    const search = await findStaleReferences({
      model,
      previousNames: history.names,
      served: lockedRuntimeNames(model.config.outDir),
      root,
      include,
      ignore: [
        ...outputs,
        ...model.config.staleRefs.exclude,
        ...((values.ignore as string[] | undefined) ?? []),
      ],
    });
    filesSearched += search.filesSearched;
    for (const r of search.references)
      found.push({ ...r, file: rel(root, r.file), catalog: model.name });
    for (const u of search.unverified)
      unverified.push({ ...u, file: rel(root, u.file), catalog: model.name });
    if (search.unverified.length > 0)
      notes.add(
        unverifiedNote(
          model.name,
          search.openServers,
          search.unverified.map((u) => ({ ...u, file: rel(root, u.file) })),
        ),
      );
  }
  if (values.json) {
    io.stdout(
      jsonOutput({
        ok: found.length === 0,
        filesSearched,
        references: found,
        unverified,
        notes: [...notes],
      }),
    );
    return found.length === 0 ? 0 : 1;
  }
  for (const note of notes) io.stderr(`${note}\n`);
  if (found.length === 0) {
    io.stdout(`No stale tool references in ${filesSearched} files.\n`);
    return 0;
  }
  for (const r of found) io.stdout(`${r.file}:${r.line}:${r.column}: ${r.name} ${why(r)}\n`);
  io.stderr(
    `${found.length} stale reference${found.length === 1 ? '' : 's'}; update ` +
      `or delete them (or restore the tool in the catalog). ` +
      (`A deliberate one, such as a test of an old name, can stay: write ` +
        `${IGNORE_MARKER} in a comment on its line, or list its files in ` +
        `staleRefs.exclude in the config.\n`),
  );
  return 1;
}
