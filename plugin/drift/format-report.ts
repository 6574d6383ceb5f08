// Prints a drift result for people: one paragraph per disagreement, each saying where it is and
// what to do, with ready-to-paste declarations for SDK tools the catalog lacks.
import type { CatalogDrift } from './run-drift.js';
import { relativePosix } from '../text/spelling.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function formatCatalogDrift(drift: CatalogDrift, cwd: string): string {
  const rel = (f: string) => {
    const relative = relativePosix(cwd, f);
    return relative === '' || relative.startsWith('../') ? f : relative;
  };
  const typesFile = rel(drift.sdkTypesFile);
  const against = drift.sdk ? `${drift.sdk.name} ${drift.sdk.version} (${typesFile})` : typesFile;
  const lines = [`drift: catalog '${drift.catalog}' against ${against}`];
  if (drift.ok) {
    lines.push(
      `ok: all ${plural(drift.checked, 'SDK-typed tool')} match the SDK's ` +
        `${plural(drift.sdkToolTypes, 'tool type')}; ` +
        `${plural(drift.exempt.length, 'tool')} exempt (sdkTyped: false, MCP or external).`,
    );
    return `${lines.join('\n')}\n`;
  }
  for (const m of drift.missing) {
    lines.push(
      '',
      `missing: the SDK has ${m.typeName} (${typesFile}:${m.line}:${m.column}) ` +
        `for the tool '${m.name}'; the catalog has no SDK-typed tool for it.`,
    );
    if (m.declaration)
      lines.push(
        `  Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):`,
        `    ${m.declaration}`,
      );
    else lines.push(`  Fix: ${m.fix}.`);
  }
  for (const r of drift.renamed) {
    lines.push(
      '',
      `renamed: '${r.key}' expects ${r.was}, which this SDK does not have; it ` +
        `types the tool as ${r.now} (${typesFile}:${r.line}:${r.column}).`,
      `  Fix: ${r.fix}.`,
    );
  }
  for (const g of drift.gone) {
    const where = g.position
      ? `${g.position.file}:${g.position.line}:${g.position.column}`
      : g.source;
    lines.push(
      '',
      `gone: '${g.key}' (${where}) expects ${g.typeName}, which this SDK does not have.`,
      `  Fix: delete the tool, or set sdkTyped: false if the SDK still runs it without a typed schema.`,
    );
  }
  if (drift.missing.some((m) => m.declaration) && drift.gone.length > 0)
    lines.push(
      '',
      `hint: a tool the SDK renamed shows up as one missing and one gone; ` +
        `instead of pasting, set sdkType: '<new base>' on the catalogued tool or ` +
        `map it with sdk.aliases: { <new base>: '<tool name>' } in the config.`,
    );
  lines.push(
    '',
    `drift: ${drift.missing.length} missing, ${drift.renamed.length} ` +
      `renamed, ${drift.gone.length} gone; the catalog and the SDK disagree.`,
  );
  return `${lines.join('\n')}\n`;
}
