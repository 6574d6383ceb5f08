// What the runtime does with each whole-server and wildcard opt-out, measured with verify: for an
// external stdio server (`docs`) and for the catalog's in-process server (`notes`: the user tool
// `search`, the internal `pin`). docs/verify.md tabulates the same runs.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { resolveToolPolicy } from '../../plugin/runtime/policy';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { isClean } from '../../plugin/verify/compare';
import { removeTempDirs, tempDir } from '../support/files';
import { docsServer, fixtureModel, runOnce } from '../support/verify';

let model: CatalogModel;
let ranLog: string;
beforeAll(async () => {
  model = await fixtureModel();
  ranLog = path.join(await tempDir('verify-opt-outs'), 'docs.log');
});
afterAll(removeTempDirs);

const mcpOffered = (offered: readonly string[]) => offered.filter((n) => n.startsWith('mcp__'));

describe('opt-out forms, through the real runtime', () => {
  it.each([
    ['mcp__docs', ['mcp__notes__pin', 'mcp__notes__search']],
    ['mcp__docs__*', ['mcp__notes__pin', 'mcp__notes__search']],
    ['mcp__*', []],
    ['mcp__notes', ['mcp__notes__pin']],
    ['mcp__notes__*', ['mcp__notes__pin']],
  ])('%s: the model is offered exactly what the policy allows', async (entry, expected) => {
    // docs is undeclared, so its tools count as not in the catalog while offered: only a form that removes them is clean.
    const run = await runOnce(model, true, {
      disabledTools: [entry],
      externalServers: docsServer(ranLog),
    });
    const docsOffered = !entry.startsWith('mcp__notes');
    expect(mcpOffered(run.offered)).toEqual(
      docsOffered ? expected : ['mcp__docs__delete_doc', 'mcp__docs__search_docs', ...expected],
    );
    expect(run.findings.offeredButDisallowed).toEqual([]);
    expect(run.findings.allowedButNotOffered).toEqual([]);
    expect(isClean(run.findings)).toBe(docsOffered);
  });

  it('resolve says what each form does, and why an internal tool stays or goes', () => {
    const policy = resolveToolPolicy(
      policyTablesOf(model),
      { disabledTools: ['mcp__docs', 'mcp__notes', 'mcp__*'] },
      { hasGit: true },
    );
    expect(policy.optOuts).toEqual([
      {
        entry: 'mcp__docs',
        effect: 'passed-through',
        keys: [],
        reason:
          'handed to disallowedTools as written: the runtime removes the matching tools of an external server from what the model is offered',
      },
      {
        entry: 'mcp__notes',
        effect: 'expanded',
        keys: ['Search'],
        reason: 'kept Pin: not user tools, so not switched by users',
      },
      {
        entry: 'mcp__*',
        effect: 'expanded',
        keys: ['Search'],
        reason:
          'also passed through to disallowedTools for MCP servers outside the catalog; as it covers every MCP server, the session leaves out Pin too, although they are not user tools',
      },
    ]);
    // The lists the app reads agree: nothing under `mcp__*` stays pre-approved or ensured.
    expect(policy.allowedTools).toEqual(['Read']);
    expect(policy.mcpEnsureAllowed).toEqual([]);
  });

  // The runtime's own handling of an in-process tool that `disallowedTools` covers changed between the
  // pinned SDKs: the oldest keeps offering it and denies it only when called; the newest leaves it out.
  it.each([
    ['claude-agent-sdk-oldest', 'keeps offering it and denies it only when called'],
    ['@anthropic-ai/claude-agent-sdk', 'leaves it out'],
  ])('%s: the runtime itself, given an in-process tool a pattern covers, %s', async (sdk) => {
    const run = await runOnce(model, true, {
      sdk,
      disabledTools: ['mcp__*'],
      emit: 'mcp__notes__pin',
      // An unfiltered server and no guard: only the runtime's own handling of `disallowedTools` is left.
      adjust: (session, built, createServer) => ({
        ...session,
        hooks: { PreToolUse: [] },
        mcpServers: { ...session.mcpServers, notes: createServer('notes', built.notes!) },
      }),
    });
    if (sdk === 'claude-agent-sdk-oldest') {
      expect(mcpOffered(run.offered)).toEqual([
        'mcp__notes__pin',
        'mcp__notes__search',
        'mcp__notes__stray',
      ]);
      expect(run.emit).toMatchObject({
        outcome: 'denied-by-runtime',
        detail: 'Permission to use mcp__notes__pin has been denied.',
        handlerRan: false,
      });
    } else {
      expect(mcpOffered(run.offered)).toEqual([]);
      expect(run.emit).toMatchObject({ outcome: 'no-such-tool', handlerRan: false });
    }
  });
});
