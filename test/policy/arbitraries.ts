// fast-check generators for the policy's property tests: random catalogs (acyclic dependsOn, pair
// groups, conditions, every kind and exposure), contexts and opt-out lists with foreign and junk names.
import fc from 'fast-check';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import type { PolicyTables, PolicyToolEntry } from '../../plugin/runtime/policy-tables';

export const CONDITIONS = [
  { name: 'cond-a', field: 'condA' },
  { name: 'cond-b', field: 'condB' },
  { name: 'cond-c', field: 'condC' },
];
export const SERVERS = ['srv0', 'srv1'];
const GROUPS = ['g0', 'g1', 'g2'];

const toolShape = fc.record({
  kind: fc.constantFrom('sdk', 'mcp', 'external'),
  exposure: fc.constantFrom('user', 'user', 'internal', 'conditional', 'disabled'),
  condition: fc.integer({ min: 0, max: CONDITIONS.length - 1 }),
  pairGroup: fc.option(fc.integer({ min: 0, max: GROUPS.length - 1 }), { nil: undefined, freq: 2 }),
  dependsOn: fc.uniqueArray(fc.nat({ max: 40 }), { maxLength: 3 }),
  server: fc.integer({ min: 0, max: SERVERS.length - 1 }),
  approval: fc.constantFrom('auto', 'permission-mode'),
  rare: fc.nat({ max: 19 }),
});

/** A random, valid catalog: dependencies only point at earlier tools, so there are no cycles. */
export const policyTables: fc.Arbitrary<PolicyTables> = fc
  .array(toolShape, { minLength: 1, maxLength: 14 })
  .map((shapes) => {
    const tools: PolicyToolEntry[] = shapes.map((s, i) => {
      const key = `T${i}`;
      const names =
        s.kind === 'sdk'
          ? [key]
          : s.kind === 'mcp'
            ? [`mcp__${SERVERS[s.server]}__t${i}`]
            : [`mcp__ext__t${i}`, `mcp__ext__t${i}_b`];
      return {
        key,
        kind: s.kind,
        exposure: s.exposure,
        // Conditional tools need a condition; hand-written tables may gate a user tool with one too.
        ...(s.exposure === 'conditional' || (s.exposure === 'user' && s.rare === 4)
          ? { condition: CONDITIONS[s.condition]!.name }
          : {}),
        // Rare `available` forms: a condition (a user tool offered only while it holds), never, and an
        // app check (decided by the app at run time: the policy does not see it).
        ...(s.exposure === 'user' && s.rare === 0
          ? { available: CONDITIONS[s.condition]!.name }
          : {}),
        ...(s.rare === 1 ? { available: false as const } : {}),
        ...(s.rare === 3 ? { available: { appCheck: `check${i}` } } : {}),
        ...(s.pairGroup !== undefined ? { pairGroup: GROUPS[s.pairGroup] } : {}),
        names: s.rare === 2 ? [] : names,
        dependsOn: i === 0 ? [] : [...new Set(s.dependsOn.map((d) => `T${d % i}`))],
        approval: s.approval,
      };
    });
    return closePolicyTables({
      catalog: 'random',
      tools,
      conditions: CONDITIONS,
      servers: SERVERS,
    });
  });

/** A condition value as an app might hand it over: true, false, or missing. */
const conditionValue = fc.constantFrom(true, false, undefined);

export const conditionContext = fc
  .tuple(conditionValue, conditionValue, conditionValue)
  .map(([condA, condB, condC]) => {
    const ctx: Record<string, boolean> = {};
    if (condA !== undefined) ctx.condA = condA;
    if (condB !== undefined) ctx.condB = condB;
    if (condC !== undefined) ctx.condC = condC;
    return ctx;
  });

/** Opt-out entries: catalog keys and runtime names (of any exposure), external names, patterns and junk. */
export function optOuts(tables: PolicyTables): fc.Arbitrary<string[]> {
  const catalogNames = tables.tools.flatMap((t) => [t.key, ...t.names]);
  const entry = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...catalogNames) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'mcp__docs__search_docs',
        'mcp__docs__*',
        'mcp__srv0__*',
        'mcp__srv1__ghost',
        'Unknown',
        '',
      ),
    },
  );
  return fc.array(entry, { maxLength: 8 });
}

export const catalogCase = policyTables.chain((tables) =>
  fc.record({
    tables: fc.constant(tables),
    ctx: conditionContext,
    disabled: optOuts(tables),
    extra: optOuts(tables),
  }),
);
