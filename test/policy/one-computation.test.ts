// Every answer about what a session offers comes from one computation: over random catalogs, runtime
// surfaces, contexts, callers' selections and opt-out lists (keys, runtime names, server names,
// patterns, unknown names), `explain` says exactly what `computeOffer` says, and the session's SDK
// lists never pre-approve, hand over or leave allowed anything the offer leaves out.
// The seed is printed and can be given: FC_SEED=<n> npx vitest run test/policy/one-computation.test.ts
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOffer } from '../../plugin/runtime/offer';
import { coveredBy } from '../../plugin/runtime/opt-outs';
import { explainTool } from '../../plugin/runtime/policy-explain';
import type { PolicyTables } from '../../plugin/runtime/policy-tables';
import type { RuntimeSurface } from '../../plugin/runtime/runtime-surface';
import { sessionLists, sessionOptions } from '../../plugin/runtime/session';
import { conditionContext, optOuts, policyTables } from './arbitraries';

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() % 2 ** 31;
const RUNS = 500;

/** A recorded surface over the table's built-ins: some deferred, some left out, tool search on or off. */
function surfaces(tables: PolicyTables): fc.Arbitrary<RuntimeSurface[]> {
  const builtins = tables.tools.filter((t) => t.kind === 'sdk').map((t) => t.key);
  const one = (name: string) =>
    fc.record({
      name: fc.constant(name),
      recorded: fc.constant('Claude Code 2.1.999 (SDK 0.3.999)'),
      toolSearch: fc.boolean(),
      mcpDeferred: fc.boolean(),
      deferred: fc.subarray(builtins),
      absent: fc
        .subarray(builtins)
        .map((keys) => Object.fromEntries(keys.map((k) => [k, 'the runtime leaves it out']))),
      unrecorded: fc.constant([] as string[]),
    });
  return fc.tuple(one('desktop'), one('headless'));
}

/** Random tables with ToolSearch sometimes catalogued, restricted and `offer` here and there, and surfaces. */
const sessionCase = policyTables
  .chain((base) =>
    fc
      .record({
        searchable: fc.boolean(),
        restricted: fc.subarray(base.tools.map((t) => t.key)),
        direct: fc.subarray(base.tools.filter((t) => t.kind === 'mcp').map((t) => t.key)),
      })
      .map(({ searchable, restricted, direct }) => {
        const tools = base.tools.map((t) => ({
          ...t,
          ...(restricted.includes(t.key) && t.kind === 'external' ? { restricted: true } : {}),
          ...(direct.includes(t.key) ? { offer: 'direct' as const } : {}),
        }));
        const search = {
          key: 'ToolSearch',
          kind: 'sdk' as const,
          exposure: 'internal' as const,
          names: ['ToolSearch'],
          dependsOn: [],
          approval: 'permission-mode' as const,
        };
        return { ...base, tools: searchable ? [...tools, search] : tools } as PolicyTables;
      }),
  )
  .chain((tables) =>
    fc.record({
      tables: surfaces(tables).map((runtimes) => ({ ...tables, runtimes })),
      ctx: conditionContext,
      disabled: optOuts(tables).chain((list) =>
        fc.constantFrom(list, [...list, 'mcp__*'], [...list, 'mcp__srv0'], [...list, 'Nope__x']),
      ),
      overlay: optOuts(tables),
      selection: fc.option(
        fc.record({
          keys: fc.subarray(tables.tools.map((t) => t.key)),
          extra: fc.subarray(['mcp__srv0__resolved', 'mcp__ext__mirrored']),
        }),
        { nil: undefined },
      ),
      runtime: fc.constantFrom(undefined, 'desktop', 'headless'),
    }),
  );

describe(`one computation of the offer (seed ${seed})`, () => {
  it(`explain, the offer and the session's SDK lists agree (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(sessionCase, ({ tables, ctx, disabled, overlay, selection, runtime }) => {
        const chosen = selection && {
          keys: selection.keys,
          names: [
            ...tables.tools.filter((t) => selection.keys.includes(t.key)).flatMap((t) => t.names),
            ...selection.extra,
          ],
        };
        const input = {
          agent: { disabledTools: disabled },
          context: ctx,
          options: { overlay },
          ...(chosen ? { selection: chosen } : {}),
          ...(runtime ? { runtime } : {}),
        };
        const offer = computeOffer(tables, input);
        for (const o of offer.tools) {
          const t = tables.tools[o.index]!;
          for (const name of [t.key, ...o.names]) {
            if (offer.marks.prepared.indexOf.get(name) !== o.index) continue;
            const explained = explainTool(tables, name, input.agent, ctx, input.options, {
              ...(chosen ? { selection: chosen } : {}),
              ...(runtime ? { runtime } : {}),
            })!;
            expect(explained.state).toBe(o.state);
            expect(explained.allowed).toBe(o.absentBy === undefined || o.absentBy === 'runtime');
            expect(explained.absentBy).toBe(o.absentBy);
          }
        }
        const lists = sessionLists(tables, offer, chosen);
        const offered = (name: string) => offer.stateOf(name) !== 'absent';
        for (const name of lists.allowedTools)
          expect(offered(name), `allowedTools has ${name}`).toBe(true);
        for (const o of offer.tools) {
          const handed = o.absentBy === undefined || o.absentBy === 'runtime';
          for (const name of o.names) {
            const blocked = lists.disallowedTools.some((entry) => coveredBy(name, entry));
            // Nothing the session hands over is blocked by its own list, and nothing it leaves out is left open.
            if (handed && o.state !== 'absent')
              expect(blocked, `${name} offered but disallowed`).toBe(false);
            if (tables.tools[o.index]!.kind === 'sdk')
              expect(lists.tools.includes(name)).toBe(handed);
          }
        }
        // The in-process servers the session builds hold exactly the offered in-process names.
        const builtByServer: Record<string, { name: string }[]> = {};
        for (const t of tables.tools)
          if (t.kind === 'mcp')
            for (const name of t.names) {
              const server = name.split('__')[1]!;
              builtByServer[server] = [
                ...(builtByServer[server] ?? []),
                { name: name.split('__')[2]! },
              ];
            }
        const given: string[] = [];
        sessionOptions(
          { tables, channels: [], guard: {} },
          {
            ...input,
            servers: builtByServer,
            createServer: ({ name, tools }) =>
              given.push(...tools.map((tool) => `mcp__${name}__${tool.name}`)),
          },
        );
        const expected = offer.tools
          .filter((o) => tables.tools[o.index]!.kind === 'mcp' && o.state !== 'absent')
          .flatMap((o) => o.names);
        expect([...given].sort()).toEqual([...new Set(expected)].sort());
      }),
      { numRuns: RUNS, seed },
    );
  }, 300_000);
});
