// Checks earlier names (`renamedFrom`) of tools, servers and channels: each a usable name, none that
// a current key, runtime name, server or channel still has, and none claimed by two declarations.
import type { RawToolEntry } from '../load/load-catalog.js';
import { isMangled, isMangledWire, nameProblem } from '../language/naming.js';
import {
  DIAGNOSTIC_CODES as C,
  type PendingDiagnostic,
  type SourceLocator,
} from '../diagnostics/diagnostics.js';
import { isRecord } from '../diagnostics/field-schema.js';
import { factsOf } from './tool-facts.js';

/** What is wrong with a former tool name, or undefined: a key-like name, or a full `mcp__<server>__<wire>` name. */
function formerToolNameProblem(name: string): string | undefined {
  const problem = nameProblem(name);
  if (problem) return problem;
  if (name.includes('*')) return "it holds '*', and a former name names one tool, not a pattern";
  if (!name.startsWith('mcp__')) return undefined;
  const [server = '', ...wire] = name.slice('mcp__'.length).split('__');
  return wire.length === 0 || isMangled(server) || isMangledWire(wire.join('__'))
    ? 'a full name must read mcp__<server>__<wire>, with only letters, digits, _ and - (the server without __)'
    : undefined;
}

/** Former names of tools: usable, not a current key or runtime name of any tool, not claimed twice. */
export function validateToolRenames(entries: readonly RawToolEntry[]): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  const current = new Map<string, string>();
  for (const e of entries) {
    const facts = factsOf(e);
    if (!facts.record) continue;
    if (!current.has(e.key)) current.set(e.key, e.key);
    for (const name of facts.names) if (!current.has(name)) current.set(name, e.key);
  }
  const claimed = new Map<string, { key: string; at: SourceLocator }>();
  for (const e of entries) {
    factsOf(e).renamedFrom.forEach((name, i) => {
      const at: SourceLocator = {
        file: e.file,
        path: [e.key, 'renamedFrom'],
        element: i,
        scope: 'tools',
      };
      const problem = formerToolNameProblem(name);
      const owner = current.get(name);
      const first = claimed.get(name);
      if (problem)
        out.push({
          code: C.invalidName,
          severity: 'error',
          message: `Tool '${e.key}' lists ${JSON.stringify(name)} as a former name, which cannot be one: ${problem}.`,
          at,
        });
      else if (owner !== undefined)
        out.push({
          code: C.nameCollision,
          severity: 'error',
          message:
            owner === e.key
              ? `Tool '${e.key}' lists '${name}' as a former name, but that is its ` +
                `current key or runtime name; remove it from renamedFrom.`
              : `Tool '${e.key}' lists '${name}' as a former name, but tool '${owner}' ` +
                `has that key or runtime name today; a stored opt-out of '${name}' must ` +
                `mean one tool, so remove it from renamedFrom (or rename '${owner}').`,
          at,
        });
      else if (first !== undefined && first.key !== e.key)
        out.push({
          code: C.nameCollision,
          severity: 'error',
          message:
            `Tools '${first.key}' and '${e.key}' both list '${name}' as a former ` +
            `name; a stored opt-out of '${name}' must migrate to one tool, so keep ` +
            `it in one renamedFrom.`,
          at,
          related: [{ at: first.at, message: `'${first.key}' lists it here` }],
        });
      else if (first === undefined) claimed.set(name, { key: e.key, at });
    });
  }
  return out;
}

/** Former names of servers and channels: usable MCP names, not a current server or channel, not claimed twice. */
export function validateServerRenames(
  v: Record<string, unknown>,
  file: string,
): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  const declared = (field: 'servers' | 'channels') =>
    isRecord(v[field]) ? Object.entries(v[field] as Record<string, unknown>) : [];
  const all = [...declared('servers'), ...declared('channels')];
  const current = new Set(all.map(([name]) => name));
  const claimed = new Map<string, { owner: string; at: SourceLocator }>();
  for (const field of ['servers', 'channels'] as const) {
    for (const [owner, declaration] of declared(field)) {
      if (!isRecord(declaration) || declaration.renamedFrom === undefined) continue;
      const at = (element?: number): SourceLocator => ({
        file,
        path: [field, owner, 'renamedFrom'],
        scope: 'catalog',
        ...(element === undefined ? {} : { element }),
      });
      if (
        !Array.isArray(declaration.renamedFrom) ||
        declaration.renamedFrom.some((n) => typeof n !== 'string')
      ) {
        out.push({
          code: C.invalidValue,
          severity: 'error',
          message: `'renamedFrom' of '${owner}' must list the names it had before, e.g. ['claw'].`,
          at: at(),
        });
        continue;
      }
      (declaration.renamedFrom as string[]).forEach((name, i) => {
        const first = claimed.get(name);
        const message =
          nameProblem(name) !== undefined || isMangled(name)
            ? `'${owner}' lists ${JSON.stringify(name)} as a former name, which no MCP ` +
              `server can have: use only letters, digits, '_' and '-', and no '__'.`
            : current.has(name)
              ? `'${owner}' lists '${name}' as a former name, but '${name}' is declared ` +
                `today; remove it from renamedFrom.`
              : first !== undefined
                ? `'${first.owner}' and '${owner}' both list '${name}' as a former name; keep it in one renamedFrom.`
                : undefined;
        if (message === undefined) claimed.set(name, { owner, at: at(i) });
        else
          out.push({
            code: message.includes('only letters') ? C.mangledName : C.nameCollision,
            severity: 'error',
            message,
            at: at(i),
          });
      });
    }
  }
  return out;
}
