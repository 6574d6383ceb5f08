// The catalog's policy as precomputed tables (what the generated `policy.ts` embeds and the policy
// commands read): each tool's policy entry plus every closure expanded by the runtime's own rules.
import type { PolicyTables, PolicyToolEntry } from '../runtime/policy-tables.js';
import { preparePolicy } from '../runtime/policy-tables.js';
import type { CatalogModel, ToolModel } from './catalog-model.js';
import { runtimeSurfaces } from './runtime-surface.js';
import { derivedPer, keepLast, kept, lastKept, memoSlot } from '../session-memory.js';
import { samePlainData } from './structural-sharing.js';

/** The registry's `available` fact: `false`, a condition name, an app check, or absent (always). */
export function availabilityFact(t: ToolModel): PolicyToolEntry['available'] {
  switch (t.available.kind) {
    case 'never':
      return false;
    case 'condition':
      return t.available.condition;
    case 'function':
      return { appCheck: t.available.ref.exportName };
    default:
      return undefined;
  }
}

/** The policy's view of one tool: the fields of its registry descriptor the policy reads. */
function policyToolEntry(t: ToolModel): PolicyToolEntry {
  const available = availabilityFact(t);
  return {
    key: t.key,
    kind: t.kind,
    exposure: t.exposure,
    names: t.names,
    ...(t.condition !== undefined ? { condition: t.condition.name } : {}),
    ...(available !== undefined ? { available } : {}),
    ...(t.pairGroup !== undefined ? { pairGroup: t.pairGroup } : {}),
    dependsOn: t.dependsOn,
    approval: t.approval,
    restricted: t.restricted,
    ...(t.offer !== undefined ? { offer: t.offer } : {}),
    ...(t.server !== undefined ? { server: t.server } : {}),
    ...(t.channel !== undefined ? { channel: t.channel } : {}),
    ...(t.nameSource.kind !== 'static' ? { namesFrom: t.nameSource.kind } : {}),
    ...(t.renamedFrom.length > 0 ? { renamedFrom: t.renamedFrom } : {}),
    ...(t.groups.length > 0 ? { groups: t.groups } : {}),
  };
}

type BareTables = Pick<
  PolicyTables,
  | 'catalog'
  | 'tools'
  | 'conditions'
  | 'servers'
  | 'channels'
  | 'renamedServers'
  | 'sdkAliases'
  | 'runtimes'
  | 'agents'
  | 'skills'
  | 'settingSources'
>;

/**
 * The tables with every closure filled in (always disallowed, per failing condition, per user
 * opt-out), derived by the runtime's own preparation so both sides share one rule set. The closures
 * are filled into the very object that was prepared, so its cached preparation serves later resolves
 * (the snapshot's) — valid because with unique keys the closures name exactly the indices they came from.
 */
export function closePolicyTables(input: BareTables): Required<PolicyTables> {
  const tables: { -readonly [K in keyof PolicyTables]: PolicyTables[K] } & {
    runtimes: PolicyTables['runtimes'] & {};
  } = {
    catalog: input.catalog,
    tools: input.tools,
    conditions: input.conditions,
    servers: input.servers,
    channels: input.channels ?? [],
    renamedServers: input.renamedServers ?? {},
    sdkAliases: input.sdkAliases ?? {},
    runtimes: input.runtimes ?? [],
    agents: input.agents ?? [],
    ...(input.skills !== undefined ? { skills: input.skills } : {}),
    settingSources: input.settingSources ?? [],
  };
  const p = preparePolicy(tables);
  // A plain loop: Array.from with a map function iterates generically (a tenth of the stage at 5,000 tools).
  const keysOf = (closure: Int32Array) => {
    const keys = new Array<string>(closure.length);
    for (let j = 0; j < closure.length; j++) keys[j] = p.keys[closure[j]!]!;
    return keys;
  };
  const whenOptedOut: Record<string, string[]> = {};
  for (const t of input.tools)
    if (t.exposure === 'user' && p.optOut.has(t.key))
      whenOptedOut[t.key] = keysOf(p.optOut.get(t.key)!);
  const closures = {
    alwaysDisallowed: keysOf(p.always),
    whenConditionFails: Object.fromEntries(p.conditions.map((c) => [c.name, keysOf(c.closure)])),
    whenOptedOut,
  };
  // A duplicate key maps to its first tool, so the prepared indices would not match: keep them apart.
  if (new Set(p.keys).size !== p.keys.length)
    return { ...(tables as Required<PolicyTables>), ...closures };
  return Object.assign(tables as Required<PolicyTables>, closures);
}

// Each tool's entry, kept with its model object (watch mode keeps the objects of unchanged tools).
const entryOf = derivedPer('policy entry of a tool', policyToolEntry, { watchOnly: true });

/** The policy and snapshot outputs read one model's tables: in a run or session, built once per model. */
const TABLES = memoSlot<CatalogModel, Required<PolicyTables>>('policy tables of a model');
/**
 * Per catalog, the last tables a session built and what they were built from: an edit that leaves
 * the policy as it was (a label, an icon) reuses them instead of expanding every closure again.
 */
const LAST_TABLES = memoSlot<string, { bare: BareTables; tables: Required<PolicyTables> }>(
  'last policy tables',
);

const sameBareTables = (a: BareTables, b: BareTables) =>
  a.catalog === b.catalog &&
  a.tools.length === b.tools.length &&
  a.tools.every((t, i) => t === b.tools[i] || samePlainData(t, b.tools[i])) &&
  samePlainData(a.conditions, b.conditions) &&
  samePlainData(a.servers, b.servers) &&
  samePlainData(a.channels, b.channels) &&
  samePlainData(a.renamedServers, b.renamedServers) &&
  samePlainData(a.sdkAliases, b.sdkAliases) &&
  samePlainData(a.runtimes, b.runtimes) &&
  samePlainData(a.agents, b.agents) &&
  samePlainData(a.skills, b.skills) &&
  samePlainData(a.settingSources, b.settingSources);

export function policyTablesOf(model: CatalogModel): Required<PolicyTables> {
  return kept(TABLES, model, buildPolicyTables);
}

function buildPolicyTables(model: CatalogModel): Required<PolicyTables> {
  const bare: BareTables = {
    catalog: model.name,
    tools: model.tools.map(entryOf),
    conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })),
    servers: model.servers,
    channels: model.channels,
    renamedServers: model.renamedServers,
    sdkAliases: model.sdkAliases,
    runtimes: runtimeSurfaces(model),
    agents: model.agents,
    ...(model.skills !== undefined ? { skills: model.skills } : {}),
    settingSources: model.settingSources,
  };
  const last = lastKept(LAST_TABLES, model.name);
  const tables = last && sameBareTables(last.bare, bare) ? last.tables : closePolicyTables(bare);
  keepLast(LAST_TABLES, model.name, { bare, tables });
  return tables;
}
