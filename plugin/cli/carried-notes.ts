// What a run did with the translations of files it no longer writes (a locale dropped, the locale
// folder moved): where they went, so a translator can find them. Printed by `generate` and `--watch`.
import type { GenerateAndWriteResult } from '../generate.js';

/** One line per file whose translations this run carried into other files. */
export function carriedNotes(
  result: GenerateAndWriteResult,
  rel: (file: string) => string,
): string[] {
  const report = result.report;
  if (!report) return [];
  const lines: string[] = [];
  for (const c of result.catalogs)
    for (const [from, into] of c.carried) {
      if (into.length === 0) continue;
      // A locale file written again whose translations went aside: it is the default locale's now.
      if (c.files.has(from)) {
        if (!into.includes(from))
          lines.push(
            `set aside the translations in ${rel(from)} in ${into.map(rel).join(' and ')}: ` +
              `${rel(from)} is the default locale's file now and holds the catalog's copy.\n`,
          );
        continue;
      }
      const removed = report.orphaned.includes(from);
      lines.push(
        `${removed ? 'moved' : 'copied'} the translations in ${rel(from)} to ` +
          `${into.map(rel).join(' and ')}` +
          `${removed ? '' : `; ${rel(from)} is outside the output folders and stays`}.\n`,
      );
    }
  return lines;
}
