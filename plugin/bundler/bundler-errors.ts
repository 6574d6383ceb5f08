// Turns the CLI's located diagnostics into each bundler's error shape: a Rollup/Vite error with
// `loc`, `id` and `frame` (the Vite overlay shows them), esbuild messages, webpack/Rspack errors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message as EsbuildMessage } from 'esbuild';
import {
  formatDiagnostic,
  formatDiagnosticLine,
  type CatalogDiagnostic,
} from '../diagnostics/diagnostics.js';

export const PLUGIN_NAME = 'agent-tool-catalog';

export interface RollupStyleError {
  message: string;
  id?: string;
  loc?: { file: string; line: number; column: number };
  frame?: string;
  plugin: string;
  code: string;
}

const errorsOf = (diagnostics: readonly CatalogDiagnostic[]) =>
  diagnostics.filter((d) => d.severity === 'error');
const absolute = (root: string, d: CatalogDiagnostic) =>
  d.position ? path.resolve(root, d.position.file) : undefined;

/**
 * The CLI's summary line, so a build log reads like `tool-catalog generate`. A watching build picks
 * the fix up on save; a one-off build (CI) has to be run again.
 */
function summary(diagnostics: readonly CatalogDiagnostic[], watching: boolean): string {
  const n = errorsOf(diagnostics).length;
  const next = watching ? 'save' : 'run the build again';
  return (
    `the tool catalog has ${n} error${n === 1 ? '' : 's'}; fix ` +
    `${n === 1 ? 'it' : 'them'} and ${next} (same diagnostics as ` +
    `\`tool-catalog generate\`)`
  );
}

/**
 * One error carrying every diagnostic: the first one's location and frame, the others in full in the
 * message. `loc.column` is 1-based, as the message's `file:line:col`: Vite and Rolldown print it as
 * given (`tools.catalog.ts:7:34`) and the overlay opens the editor there.
 */
export function toRollupError(
  diagnostics: readonly CatalogDiagnostic[],
  root: string,
  watching: boolean,
): RollupStyleError {
  const [first, ...rest] = errorsOf(diagnostics);
  if (!first)
    return { message: summary(diagnostics, watching), plugin: PLUGIN_NAME, code: 'TOOL_CATALOG' };
  const file = absolute(root, first);
  const message = [
    formatDiagnosticLine(first),
    ...rest.map(formatDiagnostic),
    '',
    summary(diagnostics, watching),
  ].join('\n');
  return {
    message,
    id: file,
    loc:
      file && first.position
        ? { file, line: first.position.line, column: first.position.column }
        : undefined,
    frame: first.frame,
    plugin: PLUGIN_NAME,
    code: first.code,
  };
}

/** The full CLI text of every diagnostic: for bundlers that print a message and nothing else. */
export function toPlainMessage(
  diagnostics: readonly CatalogDiagnostic[],
  watching: boolean,
): string {
  return `${errorsOf(diagnostics).map(formatDiagnostic).join('\n\n')}\n\n${summary(diagnostics, watching)}`;
}

function lineText(file: string, line: number): string {
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/)[line - 1] ?? '';
  } catch {
    return '';
  }
}

/** esbuild draws its own code frame from `lineText`; its columns are 0-based. */
export function toEsbuildMessages(
  diagnostics: readonly CatalogDiagnostic[],
  root: string,
): Partial<EsbuildMessage>[] {
  return errorsOf(diagnostics).map((d) => {
    const file = absolute(root, d);
    return {
      pluginName: PLUGIN_NAME,
      text: `${d.code}: ${d.message}`,
      location:
        file && d.position
          ? {
              file: d.position.file,
              line: d.position.line,
              column: d.position.column - 1,
              lineText: lineText(file, d.position.line),
              length: 0,
              namespace: 'file',
              suggestion: '',
            }
          : null,
      notes: (d.related ?? []).map((r) => ({
        text: r.message,
        location: {
          file: r.file,
          line: r.line,
          column: r.column - 1,
          lineText: lineText(path.resolve(root, r.file), r.line),
          length: 0,
          namespace: 'file',
          suggestion: '',
        },
      })),
    };
  });
}
