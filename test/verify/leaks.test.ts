// Planted leaks: each session fault or runtime fact that would offer the model more than the policy
// allows makes verify fail and name the tool; the same run without the plant is clean.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { isClean } from '../../plugin/verify/compare';
import { formatVerifyReport } from '../../plugin/verify/format-report';
import { verifyCatalog } from '../../plugin/verify/verify';
import { removeTempDirs, tempDir } from '../support/files';
import { docsServer, fixtureModel, runOnce } from '../support/verify';

let model: CatalogModel;
let ranLog: string;
beforeAll(async () => {
  model = await fixtureModel();
  ranLog = path.join(await tempDir('verify-leaks'), 'docs.log');
});
afterAll(removeTempDirs);

describe('verify fails on a planted leak and names it', () => {
  it('is clean without a plant (the control every plant below differs from)', async () => {
    const report = await verifyCatalog(model, { disabledTools: ['Search'] });
    expect(report.runs.map((r) => [r.context, isClean(r.findings), r.error])).toEqual([
      ['C1', true, undefined],
      ['C2', true, undefined],
    ]);
    expect(report.ok).toBe(true);
    expect(report.runs[0]!.offered).toEqual(['Bash', 'EnterWorktree', 'Read', 'mcp__notes__pin']);
  });

  it('an in-process tool left in its server (a session that skips the filter), on the oldest runtime', async () => {
    const run = await runOnce(model, true, {
      sdk: 'claude-agent-sdk-oldest',
      disabledTools: ['Search'],
      adjust: (session, built, createServer) => ({
        ...session,
        mcpServers: { ...session.mcpServers, notes: createServer('notes', built.notes!) },
      }),
    });
    expect(run.findings.offeredButDisallowed).toEqual([
      { name: 'mcp__notes__search', reason: "the policy disallows 'Search' (exposure user)" },
    ]);
    expect(run.findings.offeredNotInCatalog).toEqual(['mcp__notes__stray']);
  });

  it('an in-process tool left in its server and out of disallowedTools, on the newest runtime', async () => {
    // The newest runtime removes what disallowedTools names even from an in-process server: to leak,
    // a faulty session must also leave it out of the list.
    const run = await runOnce(model, true, {
      disabledTools: ['Search'],
      adjust: (session, built, createServer) => ({
        ...session,
        disallowedTools: session.disallowedTools.filter((n) => n !== 'mcp__notes__search'),
        mcpServers: { ...session.mcpServers, notes: createServer('notes', built.notes!) },
      }),
    });
    expect(run.findings.offeredButDisallowed).toEqual([
      { name: 'mcp__notes__search', reason: "the policy disallows 'Search' (exposure user)" },
    ]);
  });

  it('runtime tools the catalog does not have (a session without the `tools` option)', async () => {
    const run = await runOnce(model, true, {
      adjust: ({ tools: _dropped, ...session }) => session as never,
    });
    expect(run.findings.offeredNotInCatalog).toEqual(
      expect.arrayContaining(['Agent', 'Skill', 'Workflow', 'WebSearch']),
    );
    expect(run.findings.offeredNotInCatalog).not.toContain('Read');
  });

  it('an external server the catalog does not declare', async () => {
    const report = await verifyCatalog(model, {
      contexts: [{ id: 'test', context: { hasGit: true } }],
      externalServers: docsServer(ranLog),
    });
    expect(report.ok).toBe(false);
    expect(report.runs[0]!.findings.offeredNotInCatalog).toEqual([
      'mcp__docs__delete_doc',
      'mcp__docs__search_docs',
    ]);
    expect(formatVerifyReport(report)).toContain(
      '  offered but not in the catalog: mcp__docs__delete_doc\n',
    );
  });

  it('a pattern opt-out the runtime was not given', async () => {
    const run = await runOnce(model, true, {
      externalServers: docsServer(ranLog),
      disabledTools: ['mcp__docs__*'],
      adjust: (session) => ({
        ...session,
        disallowedTools: session.disallowedTools.filter((e) => e !== 'mcp__docs__*'),
      }),
    });
    expect(run.findings.offeredButDisallowed).toEqual([
      { name: 'mcp__docs__delete_doc', reason: "disallowed by 'mcp__docs__*'" },
      { name: 'mcp__docs__search_docs', reason: "disallowed by 'mcp__docs__*'" },
    ]);
  });

  it('a tool the policy allows but the session does not offer', async () => {
    const run = await runOnce(model, true, {
      adjust: (session) => ({ ...session, tools: session.tools.filter((n) => n !== 'Bash') }),
    });
    expect(run.findings.allowedButNotOffered).toEqual(['Bash']);
  });
});
