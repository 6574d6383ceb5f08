// Which tools a caller's selection covers, looked up by index in the prepared tables, against the
// rule read literally (sets of the selection's keys and names): over random tables whose tools share
// names and keys, name other tools' keys or have no names, and selections that list names twice,
// unknown names and keys used as names. Then the same through `computeOffer`, and the case each way
// of being selected stands for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOffer } from '../../plugin/runtime/offer';
import {
  preparePolicy,
  type PolicyTables,
  type PolicyToolEntry,
} from '../../plugin/runtime/policy-tables';
import { selectedTools, type OfferSelection } from '../../plugin/runtime/selected-tools';

/** A tool is selected when the selection lists its key, or every one of its (owned) names. */
function selectedByRule(tables: PolicyTables, selection: OfferSelection): number[] {
  const prepared = preparePolicy(tables);
  const keys = new Set(selection.keys);
  const names = new Set(selection.names);
  prepared.names.forEach((own, i) => {
    if (own.length > 0 && own.every((n) => names.has(n))) keys.add(prepared.keys[i]!);
  });
  return prepared.keys.map((key) => (keys.has(key) ? 1 : 0));
}

const entry = (key: string, names: readonly string[]): PolicyToolEntry => ({
  key,
  kind: 'sdk',
  exposure: 'user',
  names,
  dependsOn: [],
  approval: 'permission-mode',
});
const tablesOf = (tools: readonly PolicyToolEntry[]): PolicyTables => ({
  catalog: 'demo',
  tools,
  conditions: [],
  servers: [],
});

// Few distinct strings, so keys, names and selections collide often.
const word = fc.constantFrom('A', 'B', 'C', 'D', 'mcp__s__a', 'mcp__s__b', 'mcp__t__a', 'E');
const tables = fc
  .array(fc.tuple(word, fc.array(word, { maxLength: 3 })), { minLength: 1, maxLength: 7 })
  .map((tools) => tablesOf(tools.map(([key, names]) => entry(key, names))));
const selection = fc.record({
  keys: fc.array(word, { maxLength: 5 }),
  names: fc.array(word, { maxLength: 8 }),
});

describe('the tools a selection covers', () => {
  it('are the tools the rule selects, over random tables and selections', () => {
    fc.assert(
      fc.property(tables, selection, (t, s) => {
        expect([...selectedTools(s, preparePolicy(t))]).toEqual(selectedByRule(t, s));
      }),
      { numRuns: 3_000 },
    );
  });

  it('decide which tools an offer leaves out as not selected', () => {
    fc.assert(
      fc.property(tables, selection, (t, s) => {
        const rule = selectedByRule(t, s);
        const offer = computeOffer(t, { selection: s });
        offer.tools.forEach((o, i) => {
          expect(o.state === 'absent' && o.detail?.includes('caller'), o.key).toBe(rule[i] === 0);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('by key, by every name, by a shared key, and not by some of the names', () => {
    const t = tablesOf([
      entry('Read', ['Read']),
      entry('Docs', ['mcp__docs__read', 'mcp__docs__write']),
      entry('DocsReadOnly', ['mcp__docs__read']),
      entry('Twin', ['mcp__twin__a']),
      entry('Twin', ['mcp__twin__b']),
      entry('Empty', []),
    ]);
    const prepared = preparePolicy(t);
    const pick = (keys: string[], names: string[]) => [...selectedTools({ keys, names }, prepared)];
    expect(pick(['Read'], [])).toEqual([1, 0, 0, 0, 0, 0]);
    // Every name of a tool, one listed twice over: the tool is covered.
    expect(pick([], ['mcp__docs__read', 'mcp__docs__read', 'mcp__docs__write'])).toEqual([
      0, 1, 0, 0, 0, 0,
    ]);
    // Some of its names only: not covered, however often they are listed. The later tool that lists
    // the same name has no name of its own (a name belongs to the first tool that yields it).
    expect(pick([], ['mcp__docs__read', 'mcp__docs__read'])).toEqual([0, 0, 0, 0, 0, 0]);
    // Two tools of one key: either one selected selects both.
    expect(pick([], ['mcp__twin__b'])).toEqual([0, 0, 0, 1, 1, 0]);
    expect(pick(['Twin'], [])).toEqual([0, 0, 0, 1, 1, 0]);
    // A tool without names is selected by its key only; a key listed as a name selects nothing.
    expect(pick(['Empty'], ['Docs'])).toEqual([0, 0, 0, 0, 0, 1]);
  });
});
