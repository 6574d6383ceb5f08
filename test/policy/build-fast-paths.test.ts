// The build side's shortcut (speed at 5,000 tools) gives what the long way gives: a model's tables,
// prepared once while deriving them, against the same tables prepared from their keys as a generated
// policy.ts is at run time.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { policyTablesOf } from '../../plugin/model/policy-tables';
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
          expect(
            resolveToolPolicy(tables, { disabledTools }, context),
            `${name} ${disabledTools}`,
          ).toEqual(resolveToolPolicy(copy, { disabledTools }, context));
        }
      }
    }
  });
});
