// `tool-catalog report [--format md|html] [--out <file>]`: the exposure matrix of the catalog
// (tools by category × exposure × conditions × pair groups), printed or written to a file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadPolicy } from '../policy-flags.js';
import { renderPolicyReport, type ReportFormat } from '../../render/renderers/policy-report.js';
import { loadTemplates } from '../../render/templates.js';
import { COMMON_OPTIONS, UsageError, type Command } from '../command.js';
import { relativePosix } from '../../text/spelling.js';

export const reportCommand: Command = {
  name: 'report',
  summary: 'Draw the exposure matrix (tools × exposure × conditions × pair groups) as Markdown or HTML',
  usage: '[--format md|html] [--out <file>]',
  options: { ...COMMON_OPTIONS, format: { type: 'string' }, out: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 0) throw new UsageError(`report takes no arguments, got '${positionals.join(' ')}'.`);
    const format = (values.format ?? 'md') as string;
    if (format !== 'md' && format !== 'html') throw new UsageError(`--format must be md or html, got '${format}'.`);
    const loaded = await loadPolicy(values, io);
    if ('exitCode' in loaded) return loaded.exitCode;
    const content = renderPolicyReport(loaded.model, format as ReportFormat, loadTemplates());
    const out = values.out as string | undefined;
    if (!out) {
      if (values.json) io.stdout(`${JSON.stringify({ catalog: loaded.model.name, format, content })}\n`);
      else io.stdout(content);
      return 0;
    }
    const file = path.resolve(io.cwd, out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    const shown = relativePosix(io.cwd, file);
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
