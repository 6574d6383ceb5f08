// `verify --target openai-agents` on the OpenAI Agents SDK's own test model (`ScriptedModel`): the themis
// example's Agent, built once per caller, is offered the policy in every run; a planted leak — a tool
// the options offer although the policy leaves it out, a tool no catalog has, a handoff — fails naming
// it, against a clean control; `--emit` says what became of a call; the CLI runs it.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, tool } from '@openai/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { openAIAgentsVerifier } from '../../plugin/targets/openai-agents/verify';
import { UNCATALOGUED } from '../../plugin/targets/openai-agents/verify-agent';
import { runIsClean } from '../../plugin/targets/target-verify';
import { runCli } from '../support/cli';
import { uniqueArtifactDir } from '../support/files';
import { FIXTURES, repoPath } from '../support/paths';
import { loadModel } from '../support/projects';

const THEMIS = repoPath('examples/themis-agent');
let model: CatalogModel;
beforeAll(async () => {
  model = await loadModel(THEMIS);
});

/** Two contexts of the themis example: Themis data may not be queried in the first, may in the second. */
const CONTEXTS = [
  {
    id: 'no-query',
    context: { canQueryThemis: false, metabaseConfigured: true, sentryConfigured: false },
  },
  {
    id: 'query',
    context: { canQueryThemis: true, metabaseConfigured: true, sentryConfigured: false },
  },
];
const base = { contexts: CONTEXTS, callers: ['CHAT'] };

/** Plants a function tool, always enabled, into the Agent's options. */
const plant =
  (name: string) =>
  (options: Record<string, unknown>): Record<string, unknown> => ({
    ...options,
    tools: [
      ...(options.tools as unknown[]),
      tool({ name, description: name, parameters: z.object({}), execute: () => name }),
    ],
  });

describe('verify --target openai-agents', () => {
  it('is clean without a plant: one Agent, each run and each subagent equal to the policy (the control)', async () => {
    const report = await openAIAgentsVerifier.verify(model, base);
    expect(report.sdk).toEqual({ package: '@openai/agents', version: '0.20.0' });
    expect(
      report.runs.map((r) => [r.context, r.subagent ?? 'run', runIsClean(r), r.error]),
    ).toEqual([
      ['no-query', 'run', true, undefined],
      ['no-query', 'researcher', true, undefined],
      ['no-query', 'release', true, undefined],
      ['query', 'run', true, undefined],
      ['query', 'researcher', true, undefined],
      ['query', 'release', true, undefined],
    ]);
    // The same Agent offers query_themis_data in the run whose context allows it, and only there.
    expect(report.runs[0]!.offered).not.toContain('query_themis_data');
    expect(report.runs[3]!.offered).toContain('query_themis_data');
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
      const report = await openAIAgentsVerifier.verify(model, { ...base, adjust: plant(name!) });
      expect(report.ok, name).toBe(false);
      expect(report.runs[0]!.offeredButDisallowed).toEqual([{ name, reason }]);
      expect(openAIAgentsVerifier.format(report)).toContain(
        `offered but disallowed: ${name} — ${reason}`,
      );
    }
  });

  it('names a tool no catalog has, and a handoff, that the options offer', async () => {
    const stranger = await openAIAgentsVerifier.verify(model, {
      ...base,
      adjust: plant(UNCATALOGUED),
    });
    expect(stranger.runs[0]!.offeredNotInCatalog).toEqual([UNCATALOGUED]);
    expect(stranger.ok).toBe(false);
    const handoff = await openAIAgentsVerifier.verify(model, {
      ...base,
      adjust: (options) => ({ ...options, handoffs: [new Agent({ name: 'billing' })] }),
    });
    expect(handoff.runs[0]!.offeredNotInCatalog).toEqual(['transfer_to_billing']);
  });

  it('names an allowed tool the options leave out', async () => {
    const report = await openAIAgentsVerifier.verify(model, {
      ...base,
      adjust: (options) => ({
        ...options,
        tools: (options.tools as { name: string }[]).filter((t) => t.name !== 'save_memory'),
      }),
    });
    expect(report.runs[0]!.allowedButNotOffered).toEqual(['save_memory']);
  });

  it('--emit: an out-of-policy call never runs and the run goes on; a subagent runs; an allowed tool asks for approval; a channel tool that would ask is refused', async () => {
    const outcome = async (emit: string) =>
      (await openAIAgentsVerifier.verify(model, { ...base, emit })).runs[0]!.emit!;
    expect(await outcome('delete_card')).toMatchObject({
      outcome: 'not offered (answered, never ran)',
      detail:
        "Tool 'delete_card' is not offered: 'metabase_restricted' is not offered in this session: restricted: the guard denies every call",
    });
    expect(await outcome('query_themis_data')).toMatchObject({
      outcome: 'not offered (answered, never ran)',
    });
    expect(await outcome('researcher')).toMatchObject({ outcome: 'ran' });
    expect(await outcome('save_memory')).toMatchObject({ outcome: 'approval asked' });
    expect(await outcome('search')).toMatchObject({ outcome: 'refused by its guardrail' });
  });
});

describe('a subagent whose name the OpenAI Agents SDK rewrites', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it("is expected under the SDK's name ('note-scribe' offered as note_scribe), and its run is clean", async () => {
    const dir = uniqueArtifactDir('openai-agents-dashed-subagent');
    made.push(dir);
    cpSync(path.join(FIXTURES, 'openai-agents'), dir, { recursive: true });
    const notes = path.join(dir, 'catalog/shared/notes.catalog.ts');
    writeFileSync(
      notes,
      readFileSync(notes, 'utf8').replace('agents: { scribe:', "agents: { 'note-scribe':"),
    );
    const report = await openAIAgentsVerifier.verify(await loadModel(dir, 'alone'), {});
    const parents = report.runs.filter((r) => r.subagent === undefined);
    expect(parents.length).toBeGreaterThan(0);
    for (const run of parents) expect(run.expected).toContain('note_scribe');
    expect(report.runs.filter((r) => r.subagent === 'note-scribe').length).toBe(parents.length);
    expect(report.runs.filter((r) => !runIsClean(r))).toEqual([]);
  });
});

describe('tool-catalog verify --target openai-agents (the command line)', () => {
  it('exits 0 on the themis example, 2 for a catalog that does not compile for it', async () => {
    const clean = await runCli(
      [
        'verify',
        '--target',
        'openai-agents',
        '--caller',
        'MESSAGING',
        '--ctx',
        'canQueryThemis=true',
      ],
      THEMIS,
    );
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain(
      'verify --target openai-agents: what the model is offered equals the policy in all 3 runs',
    );
    const notCompiled = await runCli(['verify', '--target', 'openai-agents'], repoPath());
    expect(notCompiled.code).toBe(2);
    expect(notCompiled.stderr).toContain(
      "catalog 'claude' does not compile for it (its targets: claude-agent-sdk)",
    );
  });
});
