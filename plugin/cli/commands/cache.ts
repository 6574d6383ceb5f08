// `tool-catalog cache [--clean [--all]]`: where `upgrade` keeps the SDK versions it fetches, what each
// takes on disk, and (`--clean`) removes every whole install but the one used last.
import { UsageError, type CommandIO, type ParsedArgs } from '../command.js';
import { jsonOutput } from '../report-diagnostics.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `tool-catalog cache`: its flags and usage are in the command table (index.ts). */
export async function cacheCommand({ values, positionals }: ParsedArgs, io: CommandIO) {
  if (positionals.length > 0)
    throw new UsageError(`cache takes no arguments, got '${positionals.join(' ')}'.`);
  if (values.all === true && values.clean !== true)
    throw new UsageError('--all says what --clean removes; use it with --clean.');
  const [{ cacheRoot }, { bytesText, cacheContents, cleanCache }] = await Promise.all([
    import('../../upgrade/sdk-cache.js'),
    import('../../upgrade/cache-contents.js'),
  ]);
  const root = cacheRoot();
  if (values.clean === true) {
    const cleaned = await cleanCache(root, values.all === true);
    const left = await cacheContents(root);
    if (values.json) io.stdout(jsonOutput({ root, ...cleaned, left }));
    else
      io.stdout(
        `cache: removed ${cleaned.removed.length > 0 ? cleaned.removed.join(', ') : 'no SDK install'} ` +
          `from ${root} (${bytesText(cleaned.bytes)} freed)` +
          `${left.versions.length > 0 ? `; kept ${left.versions.map((v) => v.version).join(', ')}, used last` : ''}.\n`,
      );
    return 0;
  }
  const c = await cacheContents(root);
  if (values.json) {
    io.stdout(jsonOutput(c));
    return 0;
  }
  const newest = Math.max(...c.versions.map((v) => v.lastUsed));
  const lines = [
    `SDK cache: ${root} (${bytesText(c.bytes)}), where tool-catalog upgrade keeps the SDK versions it fetches`,
    ...c.versions.map(
      (v) =>
        `  ${v.version}  ${bytesText(v.bytes).padStart(7)}  last used ${day(v.lastUsed)}` +
        `${v.lastUsed === newest ? '  (used last: --clean keeps it)' : ''}`,
    ),
    ...(c.types.count > 0
      ? [
          `  the types of ${c.types.count} version${c.types.count === 1 ? '' : 's'}: ` +
            `${bytesText(c.types.bytes)} (to find when a tool came or went)`,
        ]
      : []),
    ...(c.leftovers.length > 0
      ? [`  ${c.leftovers.length} fetch${c.leftovers.length === 1 ? '' : 'es'} left unfinished`]
      : []),
    ...(c.versions.length === 0 && c.types.count === 0 ? ['  (empty)'] : []),
  ];
  if (c.versions.length > 1 || c.leftovers.length > 0)
    lines.push('tool-catalog cache --clean removes every install but the one used last.');
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
