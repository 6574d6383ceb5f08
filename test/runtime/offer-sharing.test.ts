// Offers of one set of tables share their tool offer objects (a tool given the same state in two
// sessions is one object): checked against offers made from a fresh copy of the tables, which share
// nothing, over sessions that differ in every input a tool's offer depends on.
import { describe, expect, it } from 'vitest';
import type { CatalogVocabulary, ToolDeclaration } from '../../plugin/language/catalog';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { computeOffer, type OfferInput } from '../../plugin/runtime/offer';
import type { RuntimeSurface } from '../../plugin/runtime/offer-types';
import type { PolicyTables } from '../../plugin/runtime/policy-tables';
import { demoModel } from '../support/catalog-model';

const TOOLS = {
  Read: { kind: 'sdk', exposure: 'user', groups: ['core'] },
  Grep: { kind: 'sdk', exposure: 'user', groups: ['search'], pairGroup: 'pair' },
  Glob: { kind: 'sdk', exposure: 'user', groups: ['search'], pairGroup: 'pair' },
  WebFetch: { kind: 'sdk', exposure: 'internal', groups: ['core'] },
  EnterWorktree: { kind: 'sdk', exposure: 'conditional', condition: 'has-git', groups: ['core'] },
  ToolSearch: { kind: 'sdk', sdkTyped: false, exposure: 'internal', groups: ['core'] },
  Notes: { kind: 'mcp', server: 'app', wire: 'notes', groups: ['search'] },
  Pinned: { kind: 'mcp', server: 'app', wire: 'pinned', offer: 'direct', groups: ['core'] },
  Secret: { kind: 'mcp', server: 'app', wire: 'secret', restricted: true, groups: ['core'] },
} as unknown as Record<string, ToolDeclaration>;

const VOCABULARY = {
  groups: ['core', 'search'],
  pairGroups: ['pair'],
  conditions: { 'has-git': 'the folder is a git work tree' },
  servers: { app: {} },
  callers: { NARROW: ['core'], WIDE: ['core', 'search'] },
} as unknown as CatalogVocabulary;

const surface = (name: string, toolSearch: boolean, more: Partial<RuntimeSurface> = {}) =>
  ({
    name,
    toolSearch,
    mcpDeferred: toolSearch,
    deferred: ['WebFetch'],
    absent: {},
    unrecorded: [],
    ...more,
  }) satisfies RuntimeSurface;

const RUNTIMES: RuntimeSurface[] = [
  surface('searching', true),
  surface('plain', false),
  surface('no-fetch', true, { absent: { WebFetch: 'not in this configuration' } }),
];

const tablesWithRuntimes = (): PolicyTables => ({
  ...policyTablesOf(demoModel(VOCABULARY, TOOLS)),
  runtimes: RUNTIMES,
});

// Every input an offer reads: runtime configuration (tool search on and off), context, caller
// selection, opt-outs (a tool and a server pattern), and names built at run time.
const INPUTS: OfferInput[] = [
  {},
  { runtime: 'plain' },
  { runtime: 'no-fetch', context: { hasGit: true } },
  { context: { hasGit: false }, selection: { keys: ['Read', 'Notes'], names: [] } },
  { runtime: 'plain', selection: { keys: ['Read'], names: ['mcp__app__notes'] } },
  { agent: { disabledTools: ['Grep'] } },
  { agent: { disabledTools: ['mcp__app__*'] }, otherServers: 'all' },
  { builtNames: { Notes: ['mcp__app__notes'] } },
  {},
  { runtime: 'plain' },
];

describe('tool offers shared by the sessions of one set of tables', () => {
  it('are the offers a fresh computation gives, whatever came before', () => {
    const shared = tablesWithRuntimes();
    // Twice through: the second pass meets offers the first one made.
    for (const input of [...INPUTS, ...INPUTS]) {
      const fresh = computeOffer(structuredClone(shared), input);
      const offer = computeOffer(shared, input);
      expect(offer.tools, JSON.stringify(input)).toEqual(fresh.tools);
      expect(offer.toolSearchActive).toBe(fresh.toolSearchActive);
    }
  });

  it('are one object per tool and state, and differ where the state does', () => {
    const tables = tablesWithRuntimes();
    const a = computeOffer(tables, {});
    const b = computeOffer(tables, {});
    expect(b.tools.every((t, i) => t === a.tools[i])).toBe(true);
    const plain = computeOffer(tables, { runtime: 'plain' });
    const notes = (o: typeof a) => o.tools.find((t) => t.key === 'Notes')!;
    expect(notes(a).state).toBe('deferred');
    expect(notes(plain).state).toBe('direct');
  });
});
