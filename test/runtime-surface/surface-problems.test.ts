// What generate says when the catalog and the recorded runtime surface disagree: a tool or a runtime
// configuration the record does not cover (a warning: the outputs count it as direct until it is
// recorded), a configuration whose facts changed since, and a built-in the catalog says is direct
// while the recorded runtime defers it (an error, at the tool's `offer`).
import { describe, expect, it } from 'vitest';
import type { RecordedConfiguration } from '../../plugin/load/surface-lock';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { surfaceProblems } from '../../plugin/model/runtime-surface';
import { demoModel } from '../support/catalog-model';

const recorded = (
  builtins: RecordedConfiguration['builtins'],
  permissionCallback = false,
): RecordedConfiguration => ({
  declared: { permissionCallback, env: {} },
  model: 'claude-test',
  toolSearch: true,
  builtins,
  placeholders: [],
});

const withSurface = (
  model: CatalogModel,
  configurations: Record<string, RecordedConfiguration>,
): CatalogModel => ({
  ...model,
  surface: {
    file: '/app/generated/demo/runtime-surface.lock.json',
    sdk: '0.3.333',
    runtime: { claudeCode: '2.1.333', aliases: {}, configurations },
  },
});

describe('the recorded surface against the catalog', () => {
  const model = demoModel(
    { runtimes: { desktop: { permissionCallback: true } } },
    {
      Read: { kind: 'sdk' },
      WebFetch: { kind: 'sdk', offer: 'direct' },
      ToolSearch: { kind: 'sdk', sdkTyped: false },
    },
  );

  it('says nothing when every tool and configuration is recorded as declared', () => {
    const fine = withSurface(model, {
      desktop: recorded({ Read: 'direct', WebFetch: 'direct', ToolSearch: 'direct' }, true),
    });
    expect(surfaceProblems(fine)).toEqual([]);
  });

  it('warns about a tool the record does not cover, naming it', () => {
    const problems = surfaceProblems(
      withSurface(model, { desktop: recorded({ Read: 'direct', ToolSearch: 'direct' }, true) }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'TC311', severity: 'warning' });
    expect(problems[0]!.message).toMatch(
      /^WebFetch is not in the recorded surface of SDK 0\.3\.333; run `tool-catalog verify --update`/,
    );
  });

  it('warns about a configuration not recorded, and one whose facts changed since', () => {
    const unrecorded = surfaceProblems(withSurface(model, {}));
    expect(unrecorded.map((p) => p.message)).toContain(
      "The runtime configuration 'desktop' is not recorded for SDK 0.3.333; run `tool-catalog verify --update` to record what the runtime offers.",
    );
    const changed = surfaceProblems(
      withSurface(model, {
        desktop: recorded({ Read: 'direct', WebFetch: 'direct', ToolSearch: 'direct' }, false),
      }),
    );
    expect(changed.map((p) => p.message)).toEqual([
      "The runtime configuration 'desktop' changed since SDK 0.3.333's surface was recorded; run `tool-catalog verify --update` to record what the runtime offers.",
    ]);
  });

  it("is an error, at the tool's offer, when the catalog says direct and the recorded runtime defers it", () => {
    const problems = surfaceProblems(
      withSurface(model, {
        desktop: recorded({ Read: 'direct', WebFetch: 'deferred', ToolSearch: 'direct' }, true),
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'TC312',
      severity: 'error',
      at: { path: ['WebFetch', 'offer'], scope: 'tools' },
    });
    expect(problems[0]!.message).toContain(
      "Tool 'WebFetch' says offer: 'direct', but SDK 0.3.333 defers it behind ToolSearch in 'desktop'",
    );
  });
});
