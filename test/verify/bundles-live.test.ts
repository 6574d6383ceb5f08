// Bundle entries (`fullNames: []`) on the real runtime of both pinned SDKs, through verify on the
// themis example: the three tools the bundles' builders build (load_skill_resources, list_automations,
// run_automation) are offered in the contexts whose policy allows their bundle and nowhere else, verify
// compares them like any catalog tool, a call to one runs its handler, and where the policy switches
// a bundle off the call finds no such tool — and a faulty session that serves it anyway meets the guard.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { verifyCatalog } from '../../plugin/verify/verify';
import { REPO } from '../support/paths';
import { fixtureModel } from '../support/verify';

const SKILLS = 'mcp__themis__load_skill_resources';
const AUTOMATIONS = ['mcp__themis__list_automations', 'mcp__themis__run_automation'];

const context = (skillsEnabled: boolean, automationsEnabled: boolean) => ({
  canQueryThemis: true,
  sentryConfigured: false,
  linearConfigured: false,
  metabaseConfigured: false,
  skillsEnabled,
  automationsEnabled,
  googleDriveAvailable: false,
  hasMessageQueue: false,
});

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel(path.join(REPO, 'examples/themis-agent'));
});

const SDKS = [
  { name: 'the newest pinned SDK', sdk: undefined },
  { name: 'the oldest pinned SDK', sdk: 'claude-agent-sdk-oldest' },
] as const;

describe.each(SDKS)('bundle tools on $name', ({ sdk }) => {
  const base = {
    callers: ['CHAT'],
    runtimes: ['server'],
    timeoutMs: 120_000,
    ...(sdk === undefined ? {} : { sdk }),
  };

  it('are offered where the policy allows their bundle, and only there; verify finds the offer equal to the policy', async () => {
    const report = await verifyCatalog(model, {
      ...base,
      contexts: [
        { id: 'both', context: context(true, true) },
        { id: 'automations', context: context(false, true) },
        { id: 'neither', context: context(false, false) },
      ],
    });
    const offered = Object.fromEntries(
      report.runs.map((r) => [
        r.context,
        r.offered.filter((n) => n === SKILLS || AUTOMATIONS.includes(n)).sort(),
      ]),
    );
    expect(offered).toEqual({
      both: [...AUTOMATIONS, SKILLS].sort(),
      automations: [...AUTOMATIONS].sort(),
      neither: [],
    });
    for (const run of report.runs) {
      expect(run.error, run.context).toBeUndefined();
      expect(run.findings, run.context).toMatchObject({
        offeredButDisallowed: [],
        allowedButNotOffered: [],
        offeredNotInCatalog: [],
      });
    }
    expect(report.ok).toBe(true);
  });

  it('a call to a bundle tool runs its handler; switched off by an overlay, it is not offered, and a session that serves it anyway meets the guard', async () => {
    // list_automations takes no argument: deferred behind tool search, its schema is not in the first request.
    const emit = AUTOMATIONS[0]!;
    const on = await verifyCatalog(model, {
      ...base,
      contexts: [{ id: 'both', context: context(true, true) }],
      emit,
    });
    expect(on.runs[0]!.emit, JSON.stringify(on.runs[0]!.emit)).toMatchObject({
      outcome: 'ran',
      handlerRan: true,
    });
    const off = { ...base, contexts: [{ id: 'both', context: context(true, true) }], emit };
    const overlaid = await verifyCatalog(model, { ...off, overlay: ['automations_bundle'] });
    expect(overlaid.runs[0]!.offered).not.toContain(emit);
    expect(overlaid.runs[0]!.emit?.outcome).toBe('no-such-tool');
    // A faulty session: the built tools back on their server and out of disallowedTools.
    const faulty = await verifyCatalog(model, {
      ...off,
      overlay: ['automations_bundle'],
      adjust: (session, built, createServer) => ({
        ...session,
        disallowedTools: session.disallowedTools.filter((n) => !AUTOMATIONS.includes(n)),
        mcpServers: { ...session.mcpServers, themis: createServer('themis', built.themis!) },
      }),
    });
    const run = faulty.runs[0]!;
    expect(run.findings.offeredButDisallowed.map((d) => d.name).sort()).toEqual(AUTOMATIONS);
    expect(run.emit, JSON.stringify(run.emit)).toMatchObject({
      outcome: 'denied-by-guard',
      handlerRan: false,
    });
  });
});
