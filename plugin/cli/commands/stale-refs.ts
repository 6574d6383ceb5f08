// `tool-catalog stale-refs [--include <glob>]...`: lists file:line references to runtime names of
// tools no longer in the catalog (prompts, code, tests) and exits 1 when there are any.
import path from 'node:path';
import { findStaleReferences, previousRegistryNames, type StaleReference } from '../../stale-refs/index.js';
import { relativePosix } from '../../text/spelling.js';
import { COMMON_OPTIONS, type Command } from '../command.js';
import { loadCommandProject, reportFailedProject } from '../project-input.js';

const WHY: Record<StaleReference['reason'], string> = {
  'removed-from-catalog': 'was in the previous generated registry but is no longer in the catalog',
  'unknown-under-server': 'is under a catalogued MCP server but is not in the catalog',
};

export const staleRefsCommand: Command = {
  name: 'stale-refs',
  summary: 'Find references to runtime names of tools no longer in the catalog (exit 1 if any)',
  usage: '[--include <glob>]... [--ignore <glob>]...',
  options: { ...COMMON_OPTIONS, include: { type: 'string', multiple: true }, ignore: { type: 'string', multiple: true } },
  async run({ values }, io) {
    const result = await loadCommandProject(values, io);
    const failed = reportFailedProject(result, values, io, { references: [] });
    if (failed !== undefined) return failed;
    const include = values.include as string[] | undefined;
    const rel = (root: string, f: string) => relativePosix(io.cwd, path.join(root, f));
    const found: (StaleReference & { catalog: string })[] = [];
    const notes: string[] = [];
    let filesSearched = 0;
    for (const { model } of result.catalogs) {
      if (!model) continue;
      const root = model.config.rootDir;
      const otherOutDirs = result.catalogs
        .filter((c) => c.model && c.model !== model)
        .map((c) => relativePosix(root, c.config.outDir))
        .filter((d) => d && !d.startsWith('..'))
        .map((d) => `${d}/**`);
      const previousNames = await previousRegistryNames(path.join(model.config.outDir, 'registry.ts'), model.prefix);
      const search = await findStaleReferences({ model, previousNames, root, include, ignore: [...otherOutDirs, ...((values.ignore as string[] | undefined) ?? [])] });
      filesSearched += search.filesSearched;
      for (const server of search.openServers)
        notes.push(`note: catalog '${model.name}': server '${server}' has tools whose names are resolved at run time, so only names removed since the previous registry are checked under it.`);
      for (const r of search.references) found.push({ ...r, file: rel(root, r.file), catalog: model.name });
    }
    if (values.json) {
      io.stdout(`${JSON.stringify({ ok: found.length === 0, filesSearched, references: found, notes }, null, 2)}\n`);
      return found.length === 0 ? 0 : 1;
    }
    for (const note of notes) io.stderr(`${note}\n`);
    if (found.length === 0) {
      io.stdout(`No stale tool references in ${filesSearched} files.\n`);
      return 0;
    }
    for (const r of found) io.stdout(`${r.file}:${r.line}:${r.column}: ${r.name} ${WHY[r.reason]}\n`);
    io.stderr(`${found.length} stale reference${found.length === 1 ? '' : 's'}; update or delete them (or restore the tool in the catalog).\n`);
    return 1;
  },
};
