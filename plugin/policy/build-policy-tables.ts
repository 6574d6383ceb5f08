// Build side of the policy: catalog model → the precomputed tables the generated `policy.ts`
// embeds. Closures are expanded by the runtime's own preparation, so both sides share one rule set.
import type { CatalogModel, ToolModel } from '../model/catalog-model';
import { preparePolicy, type PolicyTables, type PolicyToolEntry } from '../runtime/policy-tables';

/** The policy's view of one tool. */
export function policyToolEntry(t: ToolModel): PolicyToolEntry {
  const condition = t.condition?.name ?? (t.available.kind === 'condition' ? t.available.condition : undefined);
  return {
    key: t.key,
    kind: t.kind,
    exposure: t.exposure,
    names: t.names,
    ...(condition !== undefined ? { condition } : {}),
    ...(t.available.kind === 'never' ? { unavailable: true } : {}),
    ...(t.pairGroup !== undefined ? { pairGroup: t.pairGroup } : {}),
    dependsOn: t.dependsOn,
    approval: t.approval,
  };
}

/** Tables with every closure filled in, from tool entries (random catalogs in tests use this directly). */
export function buildPolicyTables(input: Pick<PolicyTables, 'catalog' | 'tools' | 'conditions' | 'servers'>): Required<PolicyTables> {
  return withClosures(input, false);
}

/**
 * `keepPreparation`: fill the closures into the very object prepared to derive them, so that its
 * cached preparation serves later resolves (the snapshot's) instead of a second one from the keys.
 * Valid only with unique keys: the closures then name exactly the indices they came from (a
 * duplicate key maps to its first tool). Tests' tables go through the keys, as generated ones do.
 */
function withClosures(input: Pick<PolicyTables, 'catalog' | 'tools' | 'conditions' | 'servers'>, keepPreparation: boolean): Required<PolicyTables> {
  const bare: { -readonly [K in keyof PolicyTables]: PolicyTables[K] } = { catalog: input.catalog, tools: input.tools, conditions: input.conditions, servers: input.servers };
  const p = preparePolicy(bare);
  // A plain loop: Array.from with a map function iterates generically (a tenth of the stage at 5,000 tools).
  const keysOf = (closure: Int32Array) => {
    const keys = new Array<string>(closure.length);
    for (let j = 0; j < closure.length; j++) keys[j] = p.keys[closure[j]!]!;
    return keys;
  };
  const whenOptedOut: Record<string, string[]> = {};
  input.tools.forEach((t) => {
    if (t.exposure === 'user' && p.optOut.has(t.key)) whenOptedOut[t.key] = keysOf(p.optOut.get(t.key)!);
  });
  const closures = {
    alwaysDisallowed: keysOf(p.always),
    whenConditionFails: Object.fromEntries(p.conditions.map((c) => [c.name, keysOf(c.closure)])),
    whenOptedOut,
  };
  if (keepPreparation && new Set(p.keys).size === p.keys.length) return Object.assign(bare, closures);
  return { ...bare, ...closures };
}

// The policy and snapshot emitters (and the policy commands) all read one model's tables: build them once.
const tablesOfModel = new WeakMap<CatalogModel, Required<PolicyTables>>();

export function policyTablesOf(model: CatalogModel): Required<PolicyTables> {
  let tables = tablesOfModel.get(model);
  if (!tables) tablesOfModel.set(model, (tables = compilePolicyTables(model)));
  return tables;
}

function compilePolicyTables(model: CatalogModel): Required<PolicyTables> {
  return withClosures(
    { catalog: model.name, tools: model.tools.map(policyToolEntry), conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })), servers: model.servers },
    true,
  );
}
