// `verify --target ai-sdk` on the AI SDK's own test model (ai 7, and ai 6 through its npm alias):
// the themis example's options equal the policy, and a planted leak — a tool the options offer
// although the policy leaves it out, a tool no catalog has — fails naming it, against a clean control;
// `--emit` says what became of a call; the CLI's usage errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { aiSdkVerifier } from '../../plugin/targets/ai-sdk/verify';
import { UNCATALOGUED } from '../../plugin/targets/ai-sdk/verify-call';
import { runIsClean } from '../../plugin/targets/target-verify';
import { runCli } from '../support/cli';
import { repoPath } from '../support/paths';
import { loadModel } from '../support/projects';

const THEMIS = repoPath('examples/themis-agent');
let model: CatalogModel;
beforeAll(async () => {
  model = await loadModel(THEMIS);
});

/** One context of the themis example: Themis data may not be queried, Metabase is connected. */
const CONTEXT = [
  {
    id: 'given',
    context: { canQueryThemis: false, metabaseConfigured: true, sentryConfigured: false },
  },
];

/** Plants a tool into a call's options: in the tool set and in `activeTools`. */
const plant =
  (name: string) =>
  (options: Record<string, unknown>): Record<string, unknown> => ({
    ...options,
    tools: {
      ...(options.tools as object),
      [name]: { description: name, inputSchema: z.object({}), execute: () => name },
    },
    activeTools: [...(options.activeTools as string[]), name],
  });

describe.each([undefined, 'ai-6'])('verify --target ai-sdk (sdk: %s)', (sdk) => {
  const base = { contexts: CONTEXT, callers: ['CHAT'], ...(sdk ? { sdk } : {}) };

  it('is clean without a plant: the call and each subagent equal the policy (the control)', async () => {
    const report = await aiSdkVerifier.verify(model, base);
    expect(report.sdk.version.split('.')[0]).toBe(sdk ? '6' : '7');
    expect(report.runs.map((r) => [r.subagent ?? 'call', runIsClean(r), r.error])).toEqual([
      ['call', true, undefined],
      ['researcher', true, undefined],
      ['release', true, undefined],
    ]);
    expect(report.runs[0]!.offered).toEqual([
      'create_file',
      'get_pr_diff',
      'get_pr_files',
      'get_pr_info',
      'release',
      'researcher',
      'run_saved_question',
      'save_memory',
      'search',
      'show_widget',
    ]);
    expect(report.ok).toBe(true);
  });

  it('names a tool the policy disallows that the options offer (a condition false, a restricted tool)', async () => {
    for (const [name, reason] of [
      ['query_themis_data', "'query_themis_data' is disallowed by the policy"],
      ['delete_card', "'metabase_restricted' is restricted: the guard denies every call"],
    ]) {
      const report = await aiSdkVerifier.verify(model, { ...base, adjust: plant(name!) });
      expect(report.ok, name).toBe(false);
      expect(report.runs[0]!.offeredButDisallowed).toEqual([{ name, reason }]);
      expect(aiSdkVerifier.format(report)).toContain(`offered but disallowed: ${name} — ${reason}`);
    }
  });

  it('names a tool no catalog has that the options offer', async () => {
    const report = await aiSdkVerifier.verify(model, { ...base, adjust: plant(UNCATALOGUED) });
    expect(report.runs[0]!.offeredNotInCatalog).toEqual([UNCATALOGUED]);
    expect(report.ok).toBe(false);
  });

  it('names an allowed tool the options leave out', async () => {
    const report = await aiSdkVerifier.verify(model, {
      ...base,
      adjust: (options) => ({
        ...options,
        activeTools: (options.activeTools as string[]).filter((n) => n !== 'save_memory'),
      }),
    });
    expect(report.runs[0]!.allowedButNotOffered).toEqual(['save_memory']);
  });

  it('--emit: an out-of-policy call never runs; a subagent runs its nested call; an allowed tool asks for approval', async () => {
    const outcome = async (emit: string) =>
      (await aiSdkVerifier.verify(model, { ...base, emit })).runs[0]!.emit!;
    expect(await outcome('delete_card')).toMatchObject({ outcome: 'no such tool (not offered)' });
    expect(await outcome('query_themis_data')).toMatchObject({
      outcome: 'no such tool (not offered)',
    });
    expect(await outcome('researcher')).toMatchObject({ outcome: 'ran' });
    expect(await outcome('save_memory')).toMatchObject({ outcome: 'approval asked' });
  });
});

describe('tool-catalog verify --target (the command line)', () => {
  it('exits 0 on the themis example, 2 for a target the catalog does not compile for or an unknown one', async () => {
    const clean = await runCli(
      ['verify', '--target', 'ai-sdk', '--caller', 'MESSAGING', '--ctx', 'canQueryThemis=true'],
      THEMIS,
    );
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain(
      'verify --target ai-sdk: what the model is offered equals the policy in all 3 calls',
    );
    const unknown = await runCli(['verify', '--target', 'ai-skd'], THEMIS);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Did you mean 'ai-sdk'?");
    const notCompiled = await runCli(['verify', '--target', 'ai-sdk'], repoPath());
    expect(notCompiled.code).toBe(2);
    expect(notCompiled.stderr).toContain(
      "catalog 'claude' does not compile for it (its targets: claude-agent-sdk)",
    );
    const claudeOnly = await runCli(
      ['verify', '--target', 'ai-sdk', '--runtime', 'server'],
      THEMIS,
    );
    expect(claudeOnly.code).toBe(2);
    expect(claudeOnly.stderr).toContain("--runtime is for the Claude Agent SDK's runtime");
  });
});
