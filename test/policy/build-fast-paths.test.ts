// The build side's shortcuts (speed at 5,000 tools) give what the long way gives: the caller summaries
// against full offers, and a model's tables, prepared once while deriving them, against the same
// tables prepared from their keys as a generated policy.ts is at run time.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { callerSummaries } from '../../plugin/policy/caller-matrix';
import { callerOffer } from '../../plugin/model/caller-offer';
import { conditionCombinations } from '../../plugin/policy/policy-matrix';
import { resolveToolPolicy } from '../../plugin/runtime/policy';
import { preparePolicy, type PolicyTables } from '../../plugin/runtime/policy-tables';
import { REPO, repoPath } from '../support/paths';
import { loadModel } from '../support/projects';

const models = new Map<string, CatalogModel>();

beforeAll(async () => {
  for (const cwd of [REPO, repoPath('examples/themis-agent')]) {
    const model = await loadModel(cwd);
    models.set(model.name, model);
  }
});

describe('caller summaries', () => {
  it('list what callerOffer offers with every predicate true, caller by caller', () => {
    const model = models.get('themis')!;
    const allTrue = Object.fromEntries(model.conditions.map((c) => [c.field, true]));
    const summaries = callerSummaries(model);
    expect(summaries.map((s) => s.caller)).toEqual(Object.keys(model.callers));
    for (const summary of summaries) {
      const offer = callerOffer(model, summary.caller, allTrue);
      const keysIn = (state: string) => offer.tools.filter((t) => t.state === state).map((t) => t.key);
      expect(summary.offered).toEqual(keysIn('offered'));
      expect(summary.factories).toEqual(keysIn('factory'));
      expect(summary.runtimeChecks).toEqual(keysIn('runtime-check'));
      const nameOf = new Map(model.conditions.map((c) => [c.field, c.name]));
      for (const c of model.conditions) {
        const gated = offer.tools.filter(
          (t) =>
            t.state !== 'unavailable' &&
            t.state !== 'not-in-groups' &&
            t.predicates.some((f) => nameOf.get(f) === c.name),
        );
        expect(summary.removedBy.get(c.name)).toEqual(gated.map((t) => t.key));
      }
    }
  });
});

describe("a model's policy tables", () => {
  it('keep the preparation that derived them, and resolve exactly as the same tables prepared from their keys', () => {
    for (const [name, model] of models) {
      const tables = policyTablesOf(model);
      expect(preparePolicy(tables).tables, name).toBe(tables);
      // A copy is a new object: prepared from its keys, as the generated policy.ts is.
      const copy: PolicyTables = JSON.parse(JSON.stringify(tables));
      expect(preparePolicy(copy).tables).toBe(copy);
      const userTools = tables.tools.filter((t) => t.exposure === 'user').map((t) => t.key);
      for (const { context } of conditionCombinations(tables).combinations) {
        for (const disabledTools of [[], ...userTools.map((k) => [k])]) {
          expect(resolveToolPolicy(tables, { disabledTools }, context), `${name} ${disabledTools}`).toEqual(
            resolveToolPolicy(copy, { disabledTools }, context),
          );
        }
      }
    }
  });
});
