// Property-based tests of resolveDisallowedTools over random catalogs, contexts and opt-out lists
// (fast-check, 32,000 generated cases at least and up to 100,000, as a time budget allows): the
// policy's invariants plus an independent oracle.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  markDisallowedTools,
  resolveDisallowedTools,
  resolveToolPolicy,
} from '../../plugin/runtime/policy';
import type { PolicyTables, PolicyToolEntry } from '../../plugin/runtime/policy-tables';
import { catalogCase, CONDITIONS, SERVERS } from './arbitraries';

/** The condition a tool needs: its own, else an `available` condition (an app check is not the policy's). */
const conditionOf = (t: PolicyToolEntry) =>
  t.condition ?? (typeof t.available === 'string' ? t.available : undefined);

/** The server an opt-out pattern names: `mcp__s` and `mcp__s__*` → `s`, `mcp__*` → `*`; undefined for anything else. */
function patternServer(entry: string): string | undefined {
  if (entry === 'mcp__*') return '*';
  const match = /^mcp__([^*]+?)(__\*)?$/.exec(entry);
  return match && !match[1]!.includes('__') ? match[1] : undefined;
}

/** The policy's rules written the slow, obvious way: a fixpoint over sets. */
function oracle(
  tables: PolicyTables,
  ctx: Record<string, boolean>,
  disabled: readonly string[],
  overlay: readonly string[] = [],
): string[] {
  const blocked = new Set<string>();
  const owner = (name: string) =>
    tables.tools.find((t) => t.key === name || t.names.includes(name));
  for (const t of tables.tools) {
    if (t.exposure === 'disabled' || t.available === false) blocked.add(t.key);
    const condition = CONDITIONS.find((c) => c.name === conditionOf(t));
    if (condition && ctx[condition.field] !== true) blocked.add(t.key);
    // A user tool goes when its key or name is opted out, or its server by name or pattern.
    const serverOptOut = (d: string) => {
      const server = patternServer(d);
      return (
        t.kind === 'mcp' &&
        server !== undefined &&
        t.names.some((n) => n.startsWith(server === '*' ? 'mcp__' : `mcp__${server}__`))
      );
    };
    if (t.exposure === 'user' && disabled.some((d) => owner(d) === t || serverOptOut(d)))
      blocked.add(t.key);
  }
  for (const o of overlay) if (owner(o)) blocked.add(owner(o)!.key);
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of tables.tools) {
      if (blocked.has(t.key)) continue;
      const sibling =
        t.pairGroup !== undefined &&
        tables.tools.some((s) => s.pairGroup === t.pairGroup && blocked.has(s.key));
      if (sibling || t.dependsOn.some((d) => blocked.has(d))) {
        blocked.add(t.key);
        changed = true;
      }
    }
  }
  const passThrough: string[] = [];
  for (const d of disabled) {
    const pattern = patternServer(d);
    const server = pattern ?? (d.includes('*') ? undefined : /^mcp__(.+?)__/.exec(d)?.[1]);
    const foreign = server === '*' || (server !== undefined && !SERVERS.includes(server));
    if (!owner(d) && foreign && !passThrough.includes(d)) passThrough.push(d);
  }
  for (const o of overlay) if (!owner(o) && !passThrough.includes(o)) passThrough.push(o);
  return [
    ...tables.tools.filter((t) => blocked.has(t.key)).flatMap((t) => t.names),
    ...passThrough,
  ];
}

/** The property runs, lowered by `POLICY_PROPERTY_RUNS` for mutation testing (never raised). */
const runs = (n: number) => Math.min(n, Number(process.env.POLICY_PROPERTY_RUNS) || n);

/**
 * Checks `property` on `least` cases whatever the time they take, then on more, up to `most`, for
 * as long as `budgetMs` allows: every run checks at least `least`, and a fast machine checks the
 * rest too. The extra cases come from the next seed, so none repeats the first ones. Replaying a
 * seed (TC_SEED) runs all `most` cases without the budget, so a failing case found late in the
 * budget is reached again however fast the replaying machine is.
 */
function assertWithinBudget<T>(
  property: fc.IProperty<T>,
  least: number,
  most: number,
  budgetMs: number,
): void {
  fc.assert(property, { numRuns: runs(least) });
  const rest = runs(most) - runs(least);
  if (rest <= 0) return;
  const seed = fc.readConfigureGlobal().seed;
  const replaying = process.env.TC_SEED !== undefined;
  fc.assert(property, {
    numRuns: rest,
    ...(seed === undefined ? {} : { seed: (seed + 1) | 0 }),
    ...(replaying ? {} : { interruptAfterTimeLimit: budgetMs, markInterruptAsFailure: false }),
  });
}

/** A plain assertion: vitest's `expect` is too slow to call millions of times; fast-check reports the case. */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const disallowedKeys = (
  tables: PolicyTables,
  ctx: Record<string, boolean>,
  disabled: readonly string[],
) => {
  const marks = markDisallowedTools(tables, { disabledTools: disabled }, ctx);
  return new Set(tables.tools.filter((_, i) => marks.disallowed[i] === 1).map((t) => t.key));
};

describe('resolveDisallowedTools over random catalogs', () => {
  it('matches the oracle and keeps every invariant (20,000 cases, up to 60,000 within 3 s more)', () => {
    assertWithinBudget(
      fc.property(catalogCase, ({ tables, ctx, disabled, extra }) => {
        const out = resolveDisallowedTools(tables, { disabledTools: disabled }, ctx);
        const expected = oracle(tables, ctx, disabled);
        check(
          sameList(out, expected),
          `got ${JSON.stringify(out)}, oracle says ${JSON.stringify(expected)}`,
        );
        // No duplicates, and the same input gives the same output.
        check(new Set(out).size === out.length, `duplicates in ${JSON.stringify(out)}`);
        check(
          sameList(resolveDisallowedTools(tables, { disabledTools: disabled }, ctx), out),
          'not deterministic',
        );
        const keys = disallowedKeys(tables, ctx, disabled);
        for (const t of tables.tools) {
          // Disabled tools are always disallowed.
          check(t.exposure !== 'disabled' || keys.has(t.key), `disabled ${t.key} allowed`);
          // Pair groups are all or nothing.
          if (t.pairGroup !== undefined)
            for (const s of tables.tools)
              check(
                s.pairGroup !== t.pairGroup || keys.has(s.key) === keys.has(t.key),
                `pair group ${t.pairGroup} split`,
              );
          // The dependsOn closure is respected.
          check(
            !t.dependsOn.some((d) => keys.has(d)) || keys.has(t.key),
            `${t.key} allowed though a dependency is not`,
          );
          // An internal tool is never disallowed by an opt-out alone.
          check(
            !(
              t.exposure === 'internal' &&
              t.pairGroup === undefined &&
              t.dependsOn.length === 0 &&
              t.available !== false &&
              conditionOf(t) === undefined
            ) || !keys.has(t.key),
            `internal ${t.key} disallowed`,
          );
        }
        // The overlay blocks its catalog tools with their groups and passes the rest through.
        check(
          sameList(
            resolveDisallowedTools(tables, { disabledTools: disabled }, ctx, { overlay: extra }),
            oracle(tables, ctx, disabled, extra),
          ),
          'overlay differs from the oracle',
        );
        // Order of the opt-out list does not change the catalog part, nor the signature.
        const reversed = resolveToolPolicy(tables, { disabledTools: [...disabled].reverse() }, ctx);
        check(
          reversed.signature ===
            resolveToolPolicy(tables, { disabledTools: disabled }, ctx).signature,
          'signature depends on opt-out order',
        );
      }),
      20_000,
      60_000,
      3_000,
    );
  });

  it('disabling more never allows more (12,000 cases, up to 40,000 within 2 s more)', () => {
    assertWithinBudget(
      fc.property(catalogCase, fc.boolean(), ({ tables, ctx, disabled, extra }, flipCondition) => {
        const before = disallowedKeys(tables, ctx, disabled);
        // More opt-outs, and (sometimes) a condition turned false or unset.
        const stricter = { ...ctx };
        if (flipCondition) {
          const field = CONDITIONS[disabled.length % CONDITIONS.length]!.field;
          if (stricter[field] === true) stricter[field] = false;
        }
        const after = disallowedKeys(tables, stricter, [...disabled, ...extra]);
        for (const key of before) check(after.has(key), `${key} re-allowed by disabling more`);
        const policyBefore = resolveToolPolicy(tables, { disabledTools: disabled }, ctx);
        const policyAfter = resolveToolPolicy(
          tables,
          { disabledTools: [...disabled, ...extra] },
          stricter,
        );
        for (const name of policyBefore.disallowedTools)
          check(policyAfter.disallowedTools.includes(name), `${name} re-allowed`);
        for (const name of policyAfter.allowedTools)
          check(policyBefore.allowedTools.includes(name), `${name} newly pre-approved`);
        for (const name of policyAfter.mcpEnsureAllowed)
          check(policyBefore.mcpEnsureAllowed.includes(name), `${name} newly ensured`);
        // allowedTools and the ensure-list never contain a disallowed name.
        for (const name of [...policyAfter.allowedTools, ...policyAfter.mcpEnsureAllowed])
          check(!policyAfter.disallowedTools.includes(name), `${name} both allowed and disallowed`);
      }),
      12_000,
      40_000,
      2_000,
    );
  });
});
