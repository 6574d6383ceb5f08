// The CLI's caller selection is the runtime's own, with app code stood in for: for every themis caller
// and every combination of its eight predicates it equals what the generated runtime selects when the
// app check passes and no factory is supplied; the snapshot's caller section follows from it.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createThemisToolContext,
  selectedThemisToolKeys,
  THEMIS_CALLERS,
  themisToolNames,
  type ThemisToolGroup,
  type ThemisToolPredicates,
} from '../../examples/themis-agent/generated/themis';
// Brings the app's ThemisToolData augmentation (space, user, …) into this program.
import '../../examples/themis-agent/app/context';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { callerSummaries } from '../../plugin/policy/caller-matrix';
import { cliSelection } from '../../plugin/policy/session-offer';
import { renderCallersSection } from '../../plugin/render/renderers/callers-section';
import { loadTemplates } from '../../plugin/render/templates';
import { repoPath } from '../support/paths';
import { loadModel } from '../support/projects';

const example = repoPath('examples/themis-agent');
let model: CatalogModel;

beforeAll(async () => {
  model = await loadModel(example);
});

const space = (personal: boolean) => ({
  id: 's',
  personal,
  features: { skills: true, automations: true },
  channels: [],
});
const user = { id: 'u', roles: [], googleDriveConnected: true, driveFolders: [] };
const noChannels = () => [];
const factory = () => [];

/** A runtime context whose predicates are exactly `values` (by field). */
function runtimeContext(
  values: Record<string, boolean>,
  opts: { personal: boolean; factories: boolean },
) {
  return createThemisToolContext({
    // Every declared field is present (built from the model's conditions), as plain booleans.
    predicates: values as unknown as ThemisToolPredicates,
    factories: opts.factories
      ? { trigger_pr_review: factory, trigger_code_generation: factory }
      : undefined,
    data: { space: space(opts.personal), user },
  });
}

describe("the CLI's caller selection agrees with the generated runtime", () => {
  it('for each caller and all 256 predicate combinations', () => {
    const fields = model.conditions.map((c) => c.field);
    expect(fields).toHaveLength(8);
    const staticNames = new Set(model.tools.flatMap((t) => t.names));
    let compared = 0;
    for (const [caller, include] of Object.entries(THEMIS_CALLERS) as [
      string,
      readonly ThemisToolGroup[],
    ][]) {
      for (let mask = 0; mask < 2 ** fields.length; mask++) {
        const values = Object.fromEntries(fields.map((f, i) => [f, ((mask >> i) & 1) === 1]));
        const { selection, assumptions } = cliSelection(model, caller, values);
        // The app check passes (a personal space) and no factory is supplied: the CLI's assumptions.
        const runtime = runtimeContext(values, { personal: true, factories: false });
        expect(selection.keys).toEqual(selectedThemisToolKeys(runtime, { include }));
        // Resolved names come from app code the CLI does not run: they are reported, not guessed.
        const named = themisToolNames(runtime, { include, channels: noChannels });
        expect(selection.names).toEqual(named.filter((n) => staticNames.has(n)));
        for (const key of assumptions.runtimeNamed) expect(selection.keys).toContain(key);
        // With factories the factory tools join, nothing else.
        const full = runtimeContext(values, { personal: true, factories: true });
        const withFactories: string[] = selectedThemisToolKeys(full, { include });
        expect([...withFactories].sort()).toEqual(
          [
            ...selection.keys,
            ...assumptions.factories.filter((k) => withFactories.includes(k)),
          ].sort(),
        );
        compared++;
      }
    }
    expect(compared).toBe(4 * 256);
  });

  it("the snapshot's caller section: offered with every predicate true, and what each predicate removes", () => {
    const fields = model.conditions.map((c) => c.field);
    const allTrue = Object.fromEntries(fields.map((f) => [f, true]));
    for (const summary of callerSummaries(model)) {
      const include = model.callers[summary.caller] as readonly ThemisToolGroup[];
      const selected = (values: Record<string, boolean>) =>
        selectedThemisToolKeys(runtimeContext(values, { personal: true, factories: true }), {
          include,
        });
      const everything = selected(allTrue);
      expect([...summary.offered, ...summary.factories, ...summary.runtimeChecks].sort()).toEqual(
        [...everything].sort(),
      );
      for (const c of model.conditions) {
        const without = new Set(selected({ ...allTrue, [c.field]: false }));
        expect(summary.removedBy.get(c.name)).toEqual(everything.filter((k) => !without.has(k)));
      }
    }
  });

  it('the checked-in themis policy.md carries the section; the default catalog (no callers) has none', () => {
    const themisSnapshot = readFileSync(
      repoPath('examples/themis-agent/generated/themis/policy.md'),
      'utf8',
    );
    const section = renderCallersSection(model, loadTemplates());
    expect(section).toMatch(/^## Callers \(every predicate true\)\n/);
    expect(themisSnapshot.endsWith(`\n\n${section}\n`)).toBe(true);
    expect(themisSnapshot).toContain(
      '| `MESSAGING` | core, sentry_messaging, metabase_messaging | `save_memory`, `query_themis_data`, `get_pr_info`, `enqueue_followup`, `sentry_messaging`, `metabase_messaging`, `Agent` | — | — |',
    );
    expect(themisSnapshot).toContain('| skillsEnabled | — | `skills_bundle`, `Skill` | — | — |');
    expect(readFileSync(repoPath('generated/claude/policy.md'), 'utf8')).not.toContain(
      '## Callers',
    );
  });
});
