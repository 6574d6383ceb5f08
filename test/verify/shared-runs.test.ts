// verify starts the runtime once per distinct session: contexts whose session options are equal read
// the same run (and say so), while a context whose options differ gets a run of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { verifyCatalog } from '../../plugin/verify/verify';
import { fixtureModel } from '../support/verify';

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel();
});

describe('runs shared between equal sessions', () => {
  it('one run serves contexts with equal options; a different session runs on its own', async () => {
    const report = await verifyCatalog(model, {
      contexts: [
        { id: 'no-git', context: { hasGit: false } },
        { id: 'no-git-again', context: { hasGit: false } },
        { id: 'git', context: { hasGit: true } },
      ],
      timeoutMs: 60_000,
    });
    const [first, again, git] = report.runs;
    expect(report.runs.every((r) => r.clean)).toBe(true);
    expect(again!.findings.notes).toContain(
      'the same session options as no-git: one run of the runtime serves both',
    );
    expect(again!.offered).toEqual(first!.offered);
    expect(git!.findings.notes.join('\n')).not.toContain('the same session options');
    // EnterWorktree is offered with git only: the git context really had a run of its own.
    expect(git!.offered).toContain('EnterWorktree');
    expect(first!.offered).not.toContain('EnterWorktree');
  });
});
