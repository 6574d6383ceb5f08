// Prints diagnostics the same way for every command: each with its location and code frame on
// stderr, or as plain objects for `--json`.
import { formatDiagnostic, type CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import type { CommandIO } from './command.js';

/** A `--json` answer: the value as indented JSON on one output line's worth, ending in a newline. */
export const jsonOutput = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export function printDiagnostics(diagnostics: readonly CatalogDiagnostic[], io: CommandIO): void {
  if (diagnostics.length === 0) return;
  io.stderr(`${diagnostics.map(formatDiagnostic).join('\n\n')}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  io.stderr(
    `\n${errors} error${errors === 1 ? '' : 's'}` +
      `${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}\n`,
  );
}

export const diagnosticsJson = (diagnostics: readonly CatalogDiagnostic[]) =>
  diagnostics.map(({ frame: _frame, ...d }) => d);
