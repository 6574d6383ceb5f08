// `tool-catalog report [--format md|html] [--out <file>]`: the exposure matrix of the catalog
// (tools by category × exposure × conditions × pair groups), printed or written to a file.
import path from 'node:path';
import { renderPolicyReport, type ReportFormat } from '../../render/renderers/policy-report.js';
import { loadTemplates } from '../../render/templates.js';
import { fsErrorReason } from '../../text/fs-error.js';
import { relativePosix } from '../../text/spelling.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { outputTarget, writeOutput } from '../output-file.js';
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
      `--format ${flag} writes ${flag === 'md' ? 'Markdown' : 'HTML'}, but ` +
        `--out ${out} names ${named === 'md' ? 'a Markdown' : 'an HTML'} file; ` +
        `change one of them.`,
    );
  return (flag as ReportFormat | undefined) ?? named ?? 'md';
}

/** Whether a file's first bytes are those of a report this command writes (Markdown or HTML). */
const isReport = (head: string) =>
  head.startsWith('# Exposure matrix of catalog ') || head.includes('<h1>Exposure matrix ');

/** `tool-catalog report`: its flags and usage are in the command table (index.ts). */
export async function reportCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`report takes no arguments, got '${positionals.join(' ')}'.`);
  const out = values.out as string | undefined;
  if (out === '') throw new UsageError('--out needs a file name, e.g. --out policy.md.');
  const format = chooseFormat(values.format, out);
  const written =
    out === undefined ? undefined : outputTarget(io.cwd, out, isReport, 'an exposure matrix');
  const loaded = await loadPolicy(values, io);
  if ('exitCode' in loaded) return loaded.exitCode;
  const content = renderPolicyReport(loaded.model, format, loadTemplates());
  if (!written) {
    if (values.json)
      io.stdout(`${JSON.stringify({ catalog: loaded.model.name, format, content })}\n`);
    else io.stdout(content);
    return 0;
  }
  const shown = relativePosix(io.cwd, written.file);
  try {
    await writeOutput(written, content);
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
}
