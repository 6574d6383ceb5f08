// The PreToolUse guard, proven through the real runtime: the fake model calls a tool (`--emit`) and
// the run shows who stopped it — the guard with its reason, or the runtime — and that the tool's
// handler (a stand-in's recorder, or the external server's log) never ran.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { removeTempDirs, tempDir } from '../support/files';
import { docsCalls, docsServer, fixtureModel, runOnce } from '../support/verify';

let model: CatalogModel;
let dir: string;
beforeAll(async () => {
  model = await fixtureModel();
  dir = await tempDir('verify-guard');
});
afterAll(removeTempDirs);

const log = (name: string) => path.join(dir, `${name}.log`);

describe('verify --emit through the real runtime', () => {
  it('runs an allowed in-process tool: its handler is called (so "never ran" below can fail)', async () => {
    const run = await runOnce(model, true, { emit: 'mcp__notes__search' });
    expect(run.emit).toMatchObject({ outcome: 'ran', handlerRan: true });
    expect(run.error).toBeUndefined();
  });

  it('denies a tool of an external stdio server the catalog does not declare; the server never ran it', async () => {
    const ranLog = log('undeclared');
    const run = await runOnce(model, true, {
      emit: 'mcp__docs__delete_doc',
      externalServers: docsServer(ranLog),
    });
    expect(run.emit, JSON.stringify(run.emit)).toMatchObject({ outcome: 'denied-by-guard' });
    expect(run.emit!.detail).toBe(
      "'mcp__docs__delete_doc' belongs to the MCP server 'docs', which the tool catalog does not declare.",
    );
    expect(run.findings.offeredNotInCatalog).toEqual([
      'mcp__docs__delete_doc',
      'mcp__docs__search_docs',
    ]);
    expect(await docsCalls(ranLog)).toEqual([]);
    // The log does record calls: without the guard, and pre-approved, the same call reaches the server.
    const unguarded = await runOnce(model, true, {
      emit: 'mcp__docs__delete_doc',
      externalServers: docsServer(ranLog),
      adjust: (session) => ({
        ...session,
        hooks: { PreToolUse: [] },
        allowedTools: [...session.allowedTools, 'mcp__docs__delete_doc'],
      }),
    });
    expect(unguarded.emit).toMatchObject({ outcome: 'ran', detail: 'delete_doc ran' });
    expect(await docsCalls(ranLog)).toEqual(['delete_doc']);
  });

  it('a pattern opt-out: the runtime removes the tools; if the session forgot the pattern, the guard still denies', async () => {
    const ranLog = log('pattern');
    const options = {
      emit: 'mcp__docs__search_docs',
      externalServers: docsServer(ranLog),
      disabledTools: ['mcp__docs__*'],
    };
    const removed = await runOnce(model, true, options);
    expect(removed.emit).toMatchObject({ outcome: 'no-such-tool' });
    expect(removed.offered.filter((n) => n.startsWith('mcp__docs__'))).toEqual([]);
    const forgotten = await runOnce(model, true, {
      ...options,
      adjust: (session) => ({
        ...session,
        disallowedTools: session.disallowedTools.filter((e) => e !== 'mcp__docs__*'),
      }),
    });
    expect(forgotten.emit).toMatchObject({ outcome: 'denied-by-guard' });
    expect(forgotten.emit!.detail).toContain("('mcp__docs__*')");
    expect(await docsCalls(ranLog)).toEqual([]);
  });

  it('an unknown name under an in-process server: the session drops it; left in, verify reports it and the guard denies it', async () => {
    const dropped = await runOnce(model, true, { emit: 'mcp__notes__stray' });
    expect(dropped.emit).toMatchObject({ outcome: 'no-such-tool', handlerRan: false });
    expect(dropped.findings.notes).toContain(
      'mcp__notes__stray: built by the app but left out by the session (no catalog tool has these names)',
    );
    const leftIn = await runOnce(model, true, {
      emit: 'mcp__notes__stray',
      adjust: (session, built, createServer) => ({
        ...session,
        mcpServers: { ...session.mcpServers, notes: createServer('notes', built.notes!) },
      }),
    });
    expect(leftIn.findings.offeredNotInCatalog).toEqual(['mcp__notes__stray']);
    expect(leftIn.emit).toMatchObject({
      outcome: 'denied-by-guard',
      handlerRan: false,
      detail: "'mcp__notes__stray' is not a tool of the catalog's in-process server 'notes'.",
    });
  });

  it('a built-in the context made unavailable: not offered; offered by a faulty session, the guard denies it', async () => {
    const off = await runOnce(model, false, { emit: 'EnterWorktree' });
    expect(off.emit).toMatchObject({ outcome: 'no-such-tool' });
    expect(off.offered).not.toContain('EnterWorktree');
    const faulty = await runOnce(model, false, {
      emit: 'EnterWorktree',
      adjust: (session) => ({
        ...session,
        tools: [...session.tools, 'EnterWorktree'],
        disallowedTools: session.disallowedTools.filter((n) => n !== 'EnterWorktree'),
      }),
    });
    expect(faulty.findings.offeredButDisallowed).toEqual([
      {
        name: 'EnterWorktree',
        reason: "the policy disallows 'EnterWorktree' (exposure conditional, condition has-git)",
      },
    ]);
    expect(faulty.emit).toMatchObject({
      outcome: 'denied-by-guard',
      detail: "'EnterWorktree' is disallowed by the agent's current tool settings.",
    });
  });
});
