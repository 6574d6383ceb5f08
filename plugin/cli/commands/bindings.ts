// `tool-catalog bindings [--fix] [--prune]`: checks the app's binding file against the catalog, or
// with --fix inserts the missing entries (with --prune also removes stale ones), keeping hand edits.
import type { CatalogBindingsReport } from '../../bindings/run-bindings.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { diagnosticsJson, printDiagnostics, jsonOutput } from '../report-diagnostics.js';
import { relativePosix } from '../../text/spelling.js';
import { noBindingFile } from '../../bindings/binding-file-missing.js';
import { isUsageProblem, loadProject } from '../../project/load-project.js';
import { loadWithPeer } from '../optional-peer.js';
import { projectOptions } from '../project-input.js';

const list = (keys: readonly string[]) => keys.map((k) => `'${k}'`).join(', ');

function describe(
  r: CatalogBindingsReport,
  fix: boolean,
  prune: boolean,
  rel: (f: string) => string,
): string[] {
  const where = `${rel(r.file)} (catalog '${r.catalog}')`;
  if (r.error) return [`${where}: ${r.error}`];
  if (r.created)
    return [
      fix
        ? `${where}: created with ${r.missing.length} entries.`
        : `${where}: does not exist; run \`tool-catalog generate\` or \`tool-catalog bindings --fix\` to create it.`,
    ];
  const lines: string[] = [];
  if (r.missing.length > 0)
    lines.push(
      `${where}: ${fix ? 'added' : 'missing'} ${r.missing.length} entr` +
        `${r.missing.length === 1 ? 'y' : 'ies'}: ${list(r.missing)}` +
        `${fix ? ' (each marked TODO)' : ''}.`,
    );
  if (r.excess.length > 0)
    lines.push(
      fix && prune
        ? `${where}: removed ${r.excess.length} stale entr${r.excess.length === 1 ? 'y' : 'ies'}: ${list(r.excess)}.`
        : `${where}: ${r.excess.length} entr` +
            `${r.excess.length === 1 ? 'y is' : 'ies are'} for tools the catalog no ` +
            `longer has: ${list(r.excess)}; run \`tool-catalog bindings --fix ` +
            `--prune\` to remove ${r.excess.length === 1 ? 'it' : 'them'}.`,
    );
  if (lines.length === 0) lines.push(`${where}: up to date.`);
  else if (!fix && r.missing.length > 0)
    lines.push(`Run \`tool-catalog bindings --fix\` to insert the missing entries.`);
  return lines;
}

/** `tool-catalog bindings`: its flags and usage are in the command table (index.ts). */
export async function bindingsCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument '${positionals[0]}'; bindings takes only options.`);
  const fix = values.fix === true;
  const prune = values.prune === true;
  if (prune && !fix)
    throw new UsageError('--prune removes entries and only works together with --fix.');
  const options = { ...projectOptions(values, io), fix, prune };
  const project = await loadProject(options);
  const usage = project.diagnostics.find(isUsageProblem);
  if (usage) throw new UsageError(usage.message);
  // An app without a binding file hears so, without needing ts-morph for it.
  const none = await noBindingFile(project, options.catalog);
  // Loaded on use: it pulls in ts-morph (~1.4 s), an optional peer, which no other command needs.
  const loaded = none
    ? undefined
    : await loadWithPeer('ts-morph', io, () => import('../../bindings/run-bindings.js'));
  if (!none && !loaded) return 2;
  const interrupted = (signal: NodeJS.Signals, restored: readonly string[]) =>
    io.stderr(
      `bindings: stopped by ${signal}; ${restored.map((f) => relativePosix(io.cwd, f)).join(', ')} ` +
        `got ${restored.length === 1 ? 'its' : 'their'} old bytes back.\n`,
    );
  const result = loaded
    ? await loaded.runBindings({ ...options, interrupted }, project)
    : { ok: false, catalogs: [], diagnostics: [...project.diagnostics, none!] };
  const rel = (f: string) => relativePosix(io.cwd, f);
  if (values.json) {
    const catalogs = result.catalogs.map((c) => ({ ...c, file: rel(c.file) }));
    io.stdout(
      jsonOutput({
        ok: result.ok,
        fix,
        prune,
        catalogs,
        diagnostics: diagnosticsJson(result.diagnostics),
      }),
    );
    return result.ok ? 0 : 1;
  }
  printDiagnostics(result.diagnostics, io);
  for (const r of result.catalogs)
    for (const line of describe(r, fix, prune, rel))
      (result.ok ? io.stdout : io.stderr)(`${line}\n`);
  return result.ok ? 0 : 1;
}
