// Random catalogs for the "output always compiles" property: names drawn from everything the rules
// allow (any Unicode a key may hold, every server, wire and condition spelling), and free text —
// labels, descriptions, condition descriptions — drawn from any UTF-16 at all.
import fc from 'fast-check';
import type { ToolDeclaration } from '../../plugin/language/catalog';
import { conditionField, isIdentifierName, nameProblem } from '../../plugin/language/naming';

/** Any string of UTF-16 units: quotes, backslashes, `*\/`, `${`, line breaks, lone surrogates. */
const anyText = fc.string({ unit: 'binary', maxLength: 24 });
/** Text that loves to end things early in generated code. */
const hostileText = fc.constantFrom(
  '*/ process.exit(1); /*',
  "'; globalThis.pwned = 1; '",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: text that would run if a template literal let it through.
  '`${process.exit(1)}`',
  '</script><!--',
  '| a | b |',
  '\\',
  '\n// x',
  '\u2028',
  '\ud800',
  '#{}',
);
const freeText = fc.oneof({ weight: 3, arbitrary: anyText }, { weight: 1, arbitrary: hostileText });

/** A declared name the rules accept: any Unicode without hidden characters, trimmed, not empty. */
const anyName = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    hostileText,
    fc.constantFrom(
      'constructor',
      'toString',
      'default',
      'class',
      'Tool Name',
      '工具',
      'a.b',
      '$',
      '_',
    ),
  )
  .filter((n) => nameProblem(n) === undefined && !/\.(label|description)\b/.test(n));
/** A name the SDK keeps as is (servers, channels, wires). */
const mcpPart = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,6}(?:_[A-Za-z0-9]{1,4})?$/);
/** A condition name whose context field is an identifier. */
const conditionName = fc
  .stringMatching(/^[a-z][a-z0-9]{0,5}(?:[-_.][a-z0-9]{1,4}){0,2}$/)
  .filter((n) => isIdentifierName(conditionField(n)));
/** Tools the installed SDK types, so an SDK-typed tool's input type really exists. */
const SDK_TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'WebFetch', 'TodoWrite'];
const prefix = fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,7}$/);

export interface RandomCatalog {
  readonly prefix: string;
  readonly vocabulary: Record<string, unknown>;
  readonly tools: Record<string, ToolDeclaration>;
}

const uniqueBy = <T>(items: readonly T[], key: (t: T) => string) =>
  items.filter((t, i) => items.findIndex((u) => key(u) === key(t)) === i);

export const randomCatalog: fc.Arbitrary<RandomCatalog> = fc
  .record({
    prefix,
    categories: fc.uniqueArray(anyName, { minLength: 1, maxLength: 3 }),
    categoryLabels: fc.array(freeText, { minLength: 3, maxLength: 3 }),
    conditions: fc.uniqueArray(fc.tuple(conditionName, freeText), {
      maxLength: 3,
      selector: ([n]) => conditionField(n),
    }),
    pairGroups: fc.uniqueArray(anyName, { maxLength: 2 }),
    groups: fc.uniqueArray(anyName, { maxLength: 3 }),
    servers: fc.uniqueArray(mcpPart, { minLength: 1, maxLength: 2 }),
    channels: fc.uniqueArray(mcpPart, { maxLength: 1 }),
    tools: fc.uniqueArray(
      fc.record({
        key: fc.oneof(
          { weight: 4, arbitrary: anyName },
          { weight: 1, arbitrary: fc.constantFrom(...SDK_TOOLS) },
        ),
        kind: fc.constantFrom('sdk', 'mcp', 'mcp', 'external'),
        wire: mcpPart,
        exposure: fc.constantFrom('user', 'internal', 'conditional', 'disabled'),
        pick: fc.nat({ max: 1000 }),
        label: freeText,
        description: freeText,
        icon: fc.option(freeText, { nil: undefined }),
        available: fc.constantFrom('always', 'never', 'condition', 'check'),
        code: fc.constantFrom('none', 'builder', 'factory', 'resolver'),
        restricted: fc.boolean(),
        approval: fc.constantFrom('auto', 'permission-mode'),
      }),
      { minLength: 1, maxLength: 7, selector: (t) => t.key },
    ),
  })
  .map((r) => {
    const conditions = r.conditions.map(([name]) => name);
    const pick = <T>(list: readonly T[], n: number) => list[n % list.length];
    const tools: Record<string, ToolDeclaration> = {};
    const shaped = uniqueBy(
      r.tools.map((t, i) => ({ ...t, wire: `${t.wire}${i}` })),
      (t) => t.wire,
    );
    // Pair groups need two members each to be valid: a group a single tool picked is left out.
    const pairOf = (t: (typeof shaped)[number]) =>
      r.pairGroups.length > 0 && t.pick % 3 === 0 ? pick(r.pairGroups, t.pick) : undefined;
    const pairCounts = new Map<string, number>();
    for (const t of shaped) {
      const g = pairOf(t);
      if (g !== undefined) pairCounts.set(g, (pairCounts.get(g) ?? 0) + 1);
    }
    shaped.forEach((t, i) => {
      const conditional = t.exposure === 'conditional' && conditions.length > 0;
      const exposure = t.exposure === 'conditional' && !conditional ? 'internal' : t.exposure;
      const group = pairOf(t);
      const common = {
        category: pick(r.categories, t.pick)!,
        exposure,
        ...(conditional ? { condition: pick(conditions, t.pick)! } : {}),
        ...(group !== undefined && pairCounts.get(group)! > 1 ? { pairGroup: group } : {}),
        ...(i > 0 && t.pick % 4 === 0 ? { dependsOn: [shaped[t.pick % i]!.key] } : {}),
        ...(r.groups.length > 0 ? { groups: [pick(r.groups, t.pick)!] } : {}),
        ...(t.available === 'never'
          ? { available: false }
          : t.available === 'condition' && conditions.length > 0
            ? { available: pick(conditions, t.pick + 1)! }
            : t.available === 'check'
              ? { available: { module: './app', export: 'check' } }
              : {}),
        ...(t.code === 'builder'
          ? { builder: { module: './app', export: 'build' } }
          : t.code === 'factory'
            ? { factory: true }
            : {}),
        ...(t.code === 'resolver' && t.kind === 'mcp'
          ? { fullNames: { resolve: { module: './app', export: 'names' } } }
          : {}),
        restricted: t.restricted,
        approval: t.approval,
        label: t.label,
        description: t.description,
        ...(t.icon !== undefined ? { icon: t.icon } : {}),
      } as const;
      // An SDK-typed tool must be one the SDK has: random keys are untyped SDK tools (runtime-only ones).
      if (t.kind === 'sdk')
        tools[t.key] = {
          kind: 'sdk',
          ...(SDK_TOOLS.includes(t.key) ? {} : { sdkTyped: false }),
          ...common,
        };
      else if (t.kind === 'mcp')
        tools[t.key] = { kind: 'mcp', server: pick(r.servers, t.pick)!, wire: t.wire, ...common };
      else if (r.channels.length > 0)
        tools[t.key] = {
          kind: 'external',
          channel: r.channels[0]!,
          ...(t.pick % 2 === 0 ? { mirror: true } : { wires: [t.wire] }),
          ...common,
        };
      else tools[t.key] = { kind: 'mcp', server: r.servers[0]!, wire: t.wire, ...common };
    });
    return {
      prefix: r.prefix,
      vocabulary: {
        categories: r.categories,
        categoryLabels: Object.fromEntries(r.categories.map((c, i) => [c, r.categoryLabels[i]!])),
        conditions: Object.fromEntries(r.conditions),
        pairGroups: r.pairGroups,
        groups: r.groups,
        callers: r.groups.length > 0 ? { MAIN: [r.groups[0]!] } : {},
        servers: Object.fromEntries(r.servers.map((s) => [s, {}])),
        channels: Object.fromEntries(r.channels.map((c) => [c, {}])),
      },
      tools,
    };
  });
