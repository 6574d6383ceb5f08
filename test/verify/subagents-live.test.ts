// Subagents and skills through the real runtime: the fake model starts every offered subagent, and
// each subagent's own first request is compared with its share of the session's offer. A planted
// bypass — a subagent given a tool its parent may not use — fails by name against a clean control.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import type { SessionOptions } from '../../plugin/runtime/session';
import { FIXTURES } from '../support/paths';
import { removeTempDirs, tempDir } from '../support/files';
import { docsServer, fixtureModel, runOnce } from '../support/verify';

let model: CatalogModel;
let dir: string;
beforeAll(async () => {
  model = await fixtureModel(path.join(FIXTURES, 'verify-agents'));
  dir = await tempDir('verify-agents');
});
afterAll(removeTempDirs);

type Session = SessionOptions<unknown, unknown>;
/** The session with the subagent `reader` defined differently, as a hand-written AgentDefinition would be. */
const withReader = (
  session: Session,
  change: (tools: string[]) => string[],
  disallowed = session.disallowedTools,
) => ({
  ...session,
  disallowedTools: disallowed,
  agents: {
    reader: { ...session.agents!.reader!, tools: change([...session.agents!.reader!.tools]) },
  },
});

describe('subagents on the real runtime', () => {
  it('offers the subagent exactly its tools within the session, and no Skill tool when the catalog declares no skill', async () => {
    const run = await runOnce(model, true);
    expect(run.error).toBeUndefined();
    expect(run.offered).toContain('Agent');
    expect(run.offered).not.toContain('Skill');
    expect(run.subagents).toHaveLength(1);
    const reader = run.subagents![0]!;
    expect(reader).toMatchObject({ name: 'reader', clean: true });
    expect([...reader.offered].sort()).toEqual(['Grep', 'Read', 'mcp__notes__pin']);
    expect(run.clean).toBe(true);
  });

  it('fails naming the subagent and the tools when a subagent carries an MCP server its parent does not have', async () => {
    // A hand-written definition that gives the subagent a server of its own: the parent never sees it.
    const run = await runOnce(model, true, {
      adjust: (session) => ({
        ...session,
        agents: {
          reader: {
            ...session.agents!.reader!,
            mcpServers: [docsServer(path.join(dir, 'docs.log'))],
          },
        },
      }),
    });
    expect(run.offered.filter((n) => n.startsWith('mcp__docs__'))).toEqual([]);
    const reader = run.subagents!.find((a) => a.name === 'reader')!;
    expect([...reader.findings.offeredNotInCatalog].sort()).toEqual([
      'mcp__docs__delete_doc',
      'mcp__docs__search_docs',
    ]);
    expect(reader.clean).toBe(false);
    expect(run.clean).toBe(false);
  });

  it("a tool left out of the parent's tools stays out of a subagent whose definition lists it (the runtime's own rule)", async () => {
    // The user switched Grep off; a hand-copied definition still lists it and the session forgot to disallow it.
    const run = await runOnce(model, true, {
      disabledTools: ['Grep'],
      adjust: (session) =>
        withReader(
          session,
          (tools) => [...tools, 'Grep'],
          session.disallowedTools.filter((n) => n !== 'Grep'),
        ),
    });
    const reader = run.subagents!.find((a) => a.name === 'reader')!;
    expect(reader.offered).not.toContain('Grep');
    expect(reader.clean).toBe(true);
  });

  it("a tool the session disallows stays out of the subagent even when its definition lists it (the runtime's own rule)", async () => {
    const run = await runOnce(model, true, {
      disabledTools: ['Bash'],
      adjust: (session) => withReader(session, (tools) => [...tools, 'Bash']),
    });
    const reader = run.subagents!.find((a) => a.name === 'reader')!;
    expect(reader.offered).not.toContain('Bash');
    expect(reader.clean).toBe(true);
  });

  it('the Skill tool comes back when the session forgets that the catalog declares no skill, and verify says so', async () => {
    const run = await runOnce(model, true, {
      adjust: (session) => ({
        ...session,
        tools: [...session.tools, 'Skill'],
        disallowedTools: session.disallowedTools.filter((n) => n !== 'Skill'),
      }),
    });
    expect(run.offered).toContain('Skill');
    expect(run.findings.offeredButDisallowed.map((d) => d.name)).toEqual(['Skill']);
  });
});
