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
  const bare: PolicyTables = { catalog: input.catalog, tools: input.tools, conditions: input.conditions, servers: input.servers };
  const p = preparePolicy(bare);
  const keysOf = (closure: Int32Array) => Array.from(closure, (i) => p.keys[i]!);
  const whenOptedOut: Record<string, string[]> = {};
  input.tools.forEach((t) => {
    if (t.exposure === 'user' && p.optOut.has(t.key)) whenOptedOut[t.key] = keysOf(p.optOut.get(t.key)!);
  });
  return {
    ...bare,
    alwaysDisallowed: keysOf(p.always),
    whenConditionFails: Object.fromEntries(p.conditions.map((c) => [c.name, keysOf(c.closure)])),
    whenOptedOut,
  };
}

// The policy and snapshot emitters (and the policy commands) all read one model's tables: build them once.
const tablesOfModel = new WeakMap<CatalogModel, Required<PolicyTables>>();

export function policyTablesOf(model: CatalogModel): Required<PolicyTables> {
  let tables = tablesOfModel.get(model);
  if (!tables) tablesOfModel.set(model, (tables = compilePolicyTables(model)));
  return tables;
}

function compilePolicyTables(model: CatalogModel): Required<PolicyTables> {
  return buildPolicyTables({
    catalog: model.name,
    tools: model.tools.map(policyToolEntry),
    conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })),
    servers: model.servers,
  });
}
