// Project skills through the real runtime: verify copies the skills the catalog enables into each
// run's project, the fake model runs every one, and each skill's `allowed-tools` is held against the
// session's offer. A skill that lists a tool the policy blocks fails by name; its neighbour is clean.
import { cp, mkdir, rename, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { formatVerifyReport } from '../../plugin/verify/format-report';
import { verifyCatalog } from '../../plugin/verify/verify';
import { removeTempDirs, uniqueArtifactDir } from '../support/files';
import { FIXTURES } from '../support/paths';
import { fixtureModel } from '../support/verify';

afterAll(removeTempDirs);

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel(path.join(FIXTURES, 'verify-skills'));
});

describe('project skills on the real runtime', () => {
  it('fails naming the skill and the blocked tool its allowed-tools lists; the clean skill passes', async () => {
    const report = await verifyCatalog(model, {
      contexts: [{ id: 'test', context: {} }],
      timeoutMs: 60_000,
    });
    const run = report.runs[0]!;
    expect(run.error).toBeUndefined();
    expect(run.offered).toContain('Skill');
    expect(run.offered).not.toContain('Bash');
    // The skill the catalog does not enable is neither read nor run.
    expect(run.skills!.map((s) => s.name)).toEqual(['cleanup', 'notes']);
    const [cleanup, notes] = run.skills!;
    expect(notes).toMatchObject({ reintroduces: [], clean: true, ran: { ok: true } });
    expect(cleanup!.reintroduces).toEqual([
      { name: 'Bash', reason: expect.stringContaining("'Bash'") },
    ]);
    expect(cleanup!.ran?.ok).toBe(true);
    expect(cleanup!.clean).toBe(false);
    // The runtime itself keeps the blocked tool out after the skills ran (measured on both pinned SDKs).
    expect(run.afterSkills).toBeDefined();
    expect(run.afterSkills!.offeredButDisallowed).toEqual([]);
    expect(run.clean).toBe(false);
    expect(report.ok).toBe(false);
    const text = formatVerifyReport(report);
    expect(text).toContain('skill cleanup: DIFFERS from the policy — ran');
    expect(text).toMatch(/would reintroduce Bash \(its allowed-tools in .*cleanup\/SKILL\.md\) — /);
    expect(text).toContain('skill notes: within the policy — ran');
  });

  it('passes as the clean control: the same project with only the skill whose tools the policy allows', async () => {
    const report = await verifyCatalog(
      { ...model, skills: ['notes'] },
      {
        contexts: [{ id: 'test', context: {} }],
        timeoutMs: 60_000,
      },
    );
    const run = report.runs[0]!;
    expect(run.skills).toEqual([
      {
        name: 'notes',
        file: '.claude/skills/notes/SKILL.md',
        reintroduces: [],
        ran: expect.objectContaining({ ok: true }),
        clean: true,
      },
    ]);
    expect(run.afterSkills).toMatchObject({ offeredButDisallowed: [], offeredNotInCatalog: [] });
    expect(run.clean).toBe(true);
    expect(report.ok).toBe(true);
  });

  it('holds a skill against the offer even where the Skill tool is left out, without running it', async () => {
    const report = await verifyCatalog(model, {
      contexts: [{ id: 'test', context: {} }],
      timeoutMs: 60_000,
      adjust: (session) => ({ ...session, disallowedTools: [...session.disallowedTools, 'Skill'] }),
    });
    expect(report.runs[0]!.skills!.find((s) => s.name === 'cleanup')).toMatchObject({
      reintroduces: [{ name: 'Bash' }],
      clean: false,
    });
    expect(report.runs[0]!.skills!.every((s) => s.ran === undefined)).toBe(true);
  });

  it('reads a skill whose folder is a symbolic link, as the runtime does: the runtime runs it, verify holds it against the offer', async () => {
    // The cleanup skill lives outside .claude/skills; the project links it in.
    const dir = uniqueArtifactDir('verify-skills-linked');
    await cp(path.join(FIXTURES, 'verify-skills'), dir, { recursive: true });
    await mkdir(path.join(dir, 'shared'));
    await rename(path.join(dir, '.claude/skills/cleanup'), path.join(dir, 'shared/cleanup'));
    await symlink(path.join(dir, 'shared/cleanup'), path.join(dir, '.claude/skills/cleanup'));
    const report = await verifyCatalog(await fixtureModel(dir), {
      contexts: [{ id: 'test', context: {} }],
      timeoutMs: 60_000,
    });
    const cleanup = report.runs[0]!.skills!.find((s) => s.name === 'cleanup');
    expect(cleanup).toMatchObject({ reintroduces: [{ name: 'Bash' }], clean: false });
    // The runtime found the linked skill and ran it.
    expect(cleanup!.ran).toMatchObject({ ok: true });
    expect(report.ok).toBe(false);
  });
});
