// What `generate` owes the app, checked without writing anything: every output up to date (the same
// comparison as `generate --check`), the binding file and each locale's translation file present.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hasErrors } from '../diagnostics/diagnostics.js';
import type { GenerateAndWriteResult } from '../generate.js';
import type { ResolvedCatalogConfig } from '../load/resolved-config.js';
import { relativePosix } from '../text/spelling.js';
import { note, ok, problem, type Finding } from './finding.js';

/** At most this many file names in one finding; the rest are counted. */
const LISTED = 5;

const listed = (files: readonly string[]) =>
  files.length <= LISTED
    ? files.join(', ')
    : `${files.slice(0, LISTED).join(', ')} and ${files.length - LISTED} more`;

/** Catalog errors, then stale, orphaned or leftover files, as `generate --check` finds them. */
export function generatedFinding(
  dir: string,
  result: GenerateAndWriteResult,
  commands: { readonly generate: string; readonly regenerate: string },
): Finding {
  const rel = (f: string) => relativePosix(dir, f);
  if (hasErrors(result.diagnostics)) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0]!;
    const where = first.position;
    const at = where ? `${rel(where.file)}:${where.line}:${where.column}: ` : '';
    return problem(
      'generated',
      `the catalog has ${errors.length} error${errors.length === 1 ? '' : 's'}, so nothing ` +
        `can be generated; the first: ${at}${first.message}`,
      `${commands.generate}   # prints every error with its fix`,
    );
  }
  const report = result.report;
  if (!report) return note('generated', 'the generated output could not be compared');
  const stale = [...report.changed, ...report.orphaned, ...report.leftovers].map(rel);
  return stale.length === 0
    ? ok('generated', `all ${report.unchanged} generated files are up to date`)
    : problem(
        'generated',
        `${stale.length} generated file${stale.length === 1 ? ' is' : 's are'} out of date: ` +
          listed(stale),
        commands.regenerate,
      );
}

/** The binding file (catalogs with one) and each locale's translation file. */
export function fileFindings(
  dir: string,
  config: ResolvedCatalogConfig,
  regenerate: string,
): Finding[] {
  const rel = (f: string) => relativePosix(dir, f);
  const findings: Finding[] = [];
  const catalog = `catalog '${config.name}'`;
  const binding = config.bindings?.file;
  if (binding === undefined)
    findings.push(note('bindings', `${catalog} has no binding file (an app without a UI)`));
  else if (existsSync(binding))
    findings.push(ok('bindings', `${catalog}: the binding file ${rel(binding)} exists`));
  else
    findings.push(
      problem(
        'bindings',
        `${catalog}: the binding file ${rel(binding)} does not exist, so nothing gives the tools ` +
          `their icons and typecheck cannot catch a tool added or removed`,
        regenerate,
      ),
    );
  const missing = config.i18n.locales
    .map((locale) => path.join(config.i18n.outDir, `${locale}.json`))
    .filter((file) => !existsSync(file));
  findings.push(
    missing.length === 0
      ? ok('locales', `${catalog}: a translation file for ${config.i18n.locales.join(', ')}`)
      : problem(
          'locales',
          `${catalog}: ${missing.map(rel).join(', ')} ${missing.length === 1 ? 'is' : 'are'} ` +
            'missing, so i18next finds no labels for that locale',
          regenerate,
        ),
  );
  return findings;
}
