import { describe, expect, it } from 'vitest';
import { demoModel } from '../../../test/support/catalog-model';
import type { CatalogModel } from '../../model/catalog-model';
import { policyTablesOf } from '../../model/policy-tables';
import { reuse } from '../../model/structural-sharing';
import { offerMatrix } from '../../policy/offer-matrix';
import { policyMatrix } from '../../policy/policy-matrix';
import { runWithMemory, SessionMemory } from '../../session-memory';
import { runtimeOfferView } from './policy-offer-tables';

/** Read, Bash and Grep; `grepExposure` is the fact an edit changes. */
function model(grepExposure: 'user' | 'disabled', previous?: CatalogModel): CatalogModel {
  const next = demoModel(
    { categories: ['file'], conditions: { 'has-git': 'the folder is a git work tree' } },
    {
      Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read' },
      Bash: {
        kind: 'sdk',
        category: 'file',
        exposure: 'conditional',
        condition: 'has-git',
        label: 'Bash',
      },
      Grep: { kind: 'sdk', category: 'file', exposure: grepExposure, label: 'Grep' },
    },
  );
  // What the model builder does in a watch session: an unchanged tool keeps its object.
  if (!previous) return next;
  return { ...next, tools: next.tools.map((t, i) => reuse(t, previous.tools[i])) };
}

const offerRows = (m: CatalogModel) => {
  const tables = policyTablesOf(m);
  const [runtime] = offerMatrix(tables, policyMatrix(tables).combinations);
  return runtimeOfferView(m, runtime!).rows;
};

describe("policy.md's offer tables", () => {
  it("in a watch session reuse an unchanged tool's row and build a changed tool's again", () => {
    const memory = new SessionMemory(true);
    const before = model('user');
    const after = model('disabled', before);
    expect(after.tools.find((t) => t.key === 'Read')).toBe(
      before.tools.find((t) => t.key === 'Read'),
    );
    const [first, second] = runWithMemory(memory, () => [offerRows(before), offerRows(after)]);
    const row = (rows: typeof first, key: string) => rows!.find((r) => r.key === `\`${key}\``);
    expect(row(second, 'Read')).toBe(row(first, 'Read'));
    expect(row(second, 'Bash')).toBe(row(first, 'Bash'));
    // Disabled now: absent in every context, so it has no row.
    expect(row(first, 'Grep')).toBeDefined();
    expect(row(second, 'Grep')).toBeUndefined();
  });

  it("lay out each row's state per context, the same with a session as without", () => {
    const m = model('user');
    const cold = offerRows(m);
    expect(cold.map((r) => r.cells)).toEqual([
      ' direct | direct |',
      ' direct | — |',
      ' direct | direct |',
    ]);
    const kept = runWithMemory(new SessionMemory(true), () => offerRows(m));
    expect(kept).toEqual(cold);
  });
});
