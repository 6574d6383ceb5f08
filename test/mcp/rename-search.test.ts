// Rename detection at any size: with few tools it compares every pair and proposes exactly what the
// all-pairs rule does; with thousands renamed at once it compares a bounded number of pairs — the
// ones sharing rare traits — and still finds them.
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { searchRenames, type RenameCandidate } from '../../plugin/drift/renames';
import { canonicalJson, schemaHash } from '../../plugin/mcp/canonical-json';
import { summarizeSchema } from '../../plugin/mcp/schema-summary';

/** The rule written the plain way: every pair scored, sorted, taken greedily one to one. */
function allPairs(gone: readonly RenameCandidate[], appeared: readonly RenameCandidate[]) {
  const norm = (n: string) =>
    n
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[-.\s]+/g, '_');
  const words = (s: string | undefined) =>
    new Set(
      (s ?? '')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 1),
    );
  const jaccard = (a: Set<string>, b: Set<string>) => {
    if (a.size === 0 && b.size === 0) return 1;
    const shared = [...a].filter((x) => b.has(x)).length;
    return shared / (a.size + b.size - shared);
  };
  const props = (s: Record<string, { type: string }>) =>
    new Set(
      Object.entries(s)
        .filter(([p]) => p !== '(root)')
        .map(([p, i]) => `${p}:${i.type}`),
    );
  const count = new Map<string, number>();
  for (const t of [...gone, ...appeared])
    if (t.hash) count.set(t.hash, (count.get(t.hash) ?? 0) + 1);
  const pairs: { from: string; to: string; score: number }[] = [];
  for (const a of gone)
    for (const b of appeared) {
      let schema: { score: number; weak: boolean } | undefined;
      if (!a.summary || !b.summary)
        schema = a.hash !== undefined && a.hash === b.hash ? { score: 1, weak: false } : undefined;
      else {
        const [x, y] = [props(a.summary), props(b.summary)];
        const weak = x.size === 0 && y.size === 0;
        if (a.hash !== undefined && a.hash === b.hash) schema = { score: 1, weak };
        else if (canonicalJson(a.summary) === canonicalJson(b.summary))
          schema = { score: 0.9, weak };
        else schema = { score: jaccard(x, y), weak };
      }
      const [x, y] = [norm(a.name), norm(b.name)];
      const name = Math.max(
        1 - distance(x, y) / Math.max(x.length, y.length, 1),
        jaccard(new Set(x.split('_')), new Set(y.split('_'))),
      );
      const both = a.description !== undefined && b.description !== undefined;
      const description = both ? jaccard(words(a.description), words(b.description)) : 0;
      const shared = schema?.score === 1 && a.hash !== undefined && (count.get(a.hash) ?? 0) > 2;
      const sw = !schema ? 0 : schema.weak || shared ? 0.15 : 0.55;
      const dw = both ? 0.15 : 0;
      const score = sw * (schema?.score ?? 0) + dw * description + (1 - sw - dw) * name;
      pairs.push({ from: a.name, to: b.name, score: Math.round(score * 100) / 100 });
    }
  pairs.sort(
    (p, q) =>
      q.score - p.score ||
      (p.from < q.from ? -1 : p.from > q.from ? 1 : p.to < q.to ? -1 : p.to > q.to ? 1 : 0),
  );
  const used = new Set<string>();
  return pairs.filter((p) => {
    if (p.score < 0.55 || used.has(`-${p.from}`) || used.has(`+${p.to}`)) return false;
    used.add(`-${p.from}`).add(`+${p.to}`);
    return true;
  });
}

const tool = (name: string, schema?: object, description?: string): RenameCandidate => ({
  name,
  ...(description === undefined ? {} : { description }),
  ...(schema ? { hash: schemaHash(schema), summary: summarizeSchema(schema) } : {}),
});

describe('rename search with few tools', () => {
  it('proposes exactly what comparing every pair proposes', () => {
    const word = fc.constantFrom(
      'get',
      'list',
      'sum',
      'item',
      'items',
      'page',
      'user',
      'search',
      'docs',
      'x',
    );
    const name = fc
      .array(word, { minLength: 1, maxLength: 3 })
      .chain((ws) => fc.constantFrom(ws.join('_'), ws.join('-'), ws.join('')));
    const schema = fc.option(
      fc
        .uniqueArray(fc.tuple(word, fc.constantFrom('string', 'number', 'boolean')), {
          selector: (p) => p[0],
          maxLength: 3,
        })
        .map((props) => ({
          type: 'object',
          properties: Object.fromEntries(props.map(([p, t]) => [p, { type: t }])),
        })),
      { nil: undefined },
    );
    const candidate = fc
      .tuple(
        name,
        schema,
        fc.option(
          fc.array(word, { maxLength: 4 }).map((w) => w.join(' ')),
          { nil: undefined },
        ),
      )
      .map(([n, s, d]) => tool(n, s, d));
    const side = fc.uniqueArray(candidate, { selector: (c) => c.name, maxLength: 8 });
    fc.assert(
      fc.property(side, side, (gone, appeared) => {
        const { renames, search } = searchRenames(gone, appeared);
        expect(search).toEqual({
          compared: gone.length * appeared.length,
          possible: gone.length * appeared.length,
        });
        expect(renames.map(({ from, to, score }) => ({ from, to, score }))).toEqual(
          allPairs(gone, appeared),
        );
      }),
      { numRuns: 300 },
    );
  });
});

/** `n` tools `fetch_record_0000`… with their own schemas, and the same tools renamed to `fetchRecord0000Item`. */
function renamedAtOnce(n: number) {
  const id = (i: number) => String(i).padStart(4, '0');
  const schema = (i: number) => ({
    type: 'object',
    properties: { [`field_${id(i)}`]: { type: 'string' }, limit: { type: 'integer' } },
    required: [`field_${id(i)}`],
  });
  return {
    gone: Array.from({ length: n }, (_, i) => tool(`fetch_record_${id(i)}`, schema(i))),
    appeared: Array.from({ length: n }, (_, i) => tool(`fetchRecord${id(i)}Item`, schema(i))),
  };
}

describe('rename search with thousands of tools renamed at once', () => {
  // No time limit here (a loaded machine must not change the result); the pair budget alone bounds the work.
  const untimed = { maxMs: Number.POSITIVE_INFINITY };

  it.each([2_000, 10_000])('finds all %i renames, comparing a bounded number of pairs', (n) => {
    const { gone, appeared } = renamedAtOnce(n);
    const { renames, search } = searchRenames(gone, appeared, untimed);
    expect(search.possible).toBe(n * n);
    // At most twenty candidates per gone tool, instead of every new tool.
    expect(search.compared).toBeLessThanOrEqual(n * 20);
    expect(renames).toHaveLength(n);
    expect(
      renames.every((r) => r.to === `fetchRecord${r.from.slice('fetch_record_'.length)}Item`),
    ).toBe(true);
    expect(renames[0]!.evidence[0]).toBe('identical input schema');
  });

  it('pairs tools that share one schema by name alone, still bounded', () => {
    const none = { type: 'object', properties: {} };
    const gone = Array.from({ length: 3_000 }, (_, i) => tool(`report_${i}_daily`, none));
    const appeared = Array.from({ length: 3_000 }, (_, i) => tool(`report-${i}-weekly`, none));
    const { renames, search } = searchRenames(gone, appeared, untimed);
    expect(search.compared).toBeLessThanOrEqual(3_000 * 20);
    const right = renames.filter(
      (r) => r.to === r.from.replace(/_/g, '-').replace('daily', 'weekly'),
    );
    expect(right.length).toBe(renames.length);
    expect(renames.length).toBeGreaterThan(2_900);
  });

  it('stops at its time limit with what it has, and says how much it compared', () => {
    const { gone, appeared } = renamedAtOnce(500);
    // A clock that moves one millisecond per look: the limit passes after a known number of pairs.
    let ms = 0;
    const { renames, search } = searchRenames(gone, appeared, { maxMs: 3, now: () => ms++ });
    expect(search).toEqual({ compared: 3000, possible: 250_000 });
    expect(renames.length).toBeGreaterThan(0);
    expect(renames.length).toBeLessThan(500);
  });
});
