// `tool-catalog report [--format md|html] [--out <file>]`: the exposure matrix of the catalog
// (tools by category × exposure × conditions × pair groups), printed or written to a file.
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderPolicyReport, type ReportFormat } from '../../render/renderers/policy-report.js';
import { loadTemplates } from '../../render/templates.js';
import { fsErrorReason } from '../../text/fs-error.js';
import { relativePosix } from '../../text/spelling.js';
import { writeFileAtomic } from '../../write/write-outputs.js';
import { COMMON_OPTIONS, UsageError, type Command } from '../command.js';
import { loadPolicy } from '../policy-flags.js';

/** The format a file's extension names, if it names one. */
function formatOfFile(file: string): ReportFormat | undefined {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.html' || extension === '.htm') return 'html';
  if (extension === '.md' || extension === '.markdown') return 'md';
  return undefined;
}

/** `--format`, or the one `--out`'s extension names (`x.html` is HTML), or Markdown. */
function chooseFormat(flag: unknown, out: string | undefined): ReportFormat {
  if (flag !== undefined && flag !== 'md' && flag !== 'html')
    throw new UsageError(`--format must be md or html, got '${String(flag)}'.`);
  const named = out === undefined ? undefined : formatOfFile(out);
  if (flag !== undefined && named !== undefined && flag !== named)
    throw new UsageError(
      `--format ${flag} writes ${flag === 'md' ? 'Markdown' : 'HTML'}, but --out ${out} names ${named === 'md' ? 'a Markdown' : 'an HTML'} file; change one of them.`,
    );
  return (flag as ReportFormat | undefined) ?? named ?? 'md';
}

/**
 * Where `--out` writes, or a usage error: a folder is not a file. A device or pipe (`/dev/stdout`)
 * is written as it is; a regular file (or a link to one) is replaced whole, never left half-written.
 */
function target(cwd: string, out: string): { file: string; inPlace: boolean } {
  const file = path.resolve(cwd, out);
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    const reason = fsErrorReason(error);
    if (reason === undefined) throw error;
    throw new UsageError(`--out ${out} cannot be written: ${reason}.`);
  }
  if (stat?.isDirectory())
    throw new UsageError(`--out ${out} is a folder; name a file in it, e.g. --out ${path.join(out, 'policy.md')}.`);
  if (stat && !stat.isFile()) return { file, inPlace: true };
  if (stat && stat.size > 0 && !isReport(file))
    throw new UsageError(
      `--out ${out} already holds a file that is not an exposure matrix; report replaces only its own output, so remove that file or choose another path.`,
    );
  return { file: stat ? realpathSync(file) : file, inPlace: false };
}

/** Whether a file starts like a report this command wrote (Markdown or HTML): only those are replaced. */
function isReport(file: string): boolean {
  const head = Buffer.alloc(4096);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const text = head.toString('utf8', 0, readSync(fd, head, 0, head.length, 0));
    return text.startsWith('# Exposure matrix of catalog ') || text.includes('<h1>Exposure matrix ');
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export const reportCommand: Command = {
  name: 'report',
  summary: 'Draw the exposure matrix (tools × exposure × conditions × pair groups) as Markdown or HTML',
  usage: '[--format md|html] [--out <file>]',
  options: { ...COMMON_OPTIONS, format: { type: 'string' }, out: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 0) throw new UsageError(`report takes no arguments, got '${positionals.join(' ')}'.`);
    const out = values.out as string | undefined;
    if (out === '') throw new UsageError('--out needs a file name, e.g. --out policy.md.');
    const format = chooseFormat(values.format, out);
    const written = out === undefined ? undefined : target(io.cwd, out);
    const loaded = await loadPolicy(values, io);
    if ('exitCode' in loaded) return loaded.exitCode;
    const content = renderPolicyReport(loaded.model, format, loadTemplates());
    if (!written) {
      if (values.json) io.stdout(`${JSON.stringify({ catalog: loaded.model.name, format, content })}\n`);
      else io.stdout(content);
      return 0;
    }
    const shown = relativePosix(io.cwd, written.file);
    try {
      if (written.inPlace) await writeFile(written.file, content);
      else await writeFileAtomic(written.file, content);
    } catch (error) {
      const reason = fsErrorReason(error);
      if (reason === undefined) throw error;
      io.stderr(`Cannot write ${out}: ${reason}. Nothing was written there.\n`);
      return 1;
    }
    if (values.json)
      io.stdout(
        `${JSON.stringify({ catalog: loaded.model.name, format, out: shown, bytes: Buffer.byteLength(content) })}\n`,
      );
    else
      io.stdout(
        `Wrote the ${format === 'md' ? 'Markdown' : 'HTML'} exposure matrix of '${loaded.model.name}' to ${shown}.\n`,
      );
    return 0;
  },
};
