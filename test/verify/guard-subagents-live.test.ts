// The guard scopes a subagent's calls, through the real runtime on both pinned SDKs: the fake model's
// main turn starts a subagent, the subagent calls a tool, and the run shows what the runtime's hook
// input named (agent_type, agent_id) and who stopped the call. A subagent whose definition was
// widened by hand to Bash is denied Bash by the guard (the runtime itself would run it); its own
// in-process tool runs; a subagent the catalog does not declare is denied.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import type { SessionOptions } from '../../plugin/runtime/session';
import { FIXTURES } from '../support/paths';
import { fixtureModel, runOnce } from '../support/verify';

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel(path.join(FIXTURES, 'verify-agents'));
});

type Session = SessionOptions<unknown, unknown>;
/** A hand-written definition of `reader` that also lists Bash: the runtime then offers Bash to it. */
const widened = (session: Session) => ({
  ...session,
  agents: {
    reader: { ...session.agents!.reader!, tools: [...session.agents!.reader!.tools, 'Bash'] },
  },
});

const SDKS = [
  { name: 'the newest pinned SDK', sdk: undefined },
  { name: 'the oldest pinned SDK', sdk: 'claude-agent-sdk-oldest' },
] as const;

describe.each(SDKS)("a subagent's calls on $name", ({ sdk }) => {
  const options = sdk === undefined ? {} : { sdk };

  it('the hook input names the subagent, and its own in-process tool runs', async () => {
    const run = await runOnce(model, true, {
      ...options,
      emit: 'mcp__notes__pin',
      emitFrom: 'reader',
    });
    expect(run.error).toBeUndefined();
    expect(run.emit, JSON.stringify(run.emit)).toMatchObject({
      outcome: 'ran',
      handlerRan: true,
      calledBy: { agentType: 'reader', agentId: expect.any(String) },
    });
  });

  it('a tool its hand-widened definition lists but the catalog does not give it: the guard denies it', async () => {
    const run = await runOnce(model, true, {
      ...options,
      emit: 'Bash',
      emitFrom: 'reader',
      adjust: widened,
    });
    expect(run.emit, JSON.stringify(run.emit)).toMatchObject({
      outcome: 'denied-by-guard',
      detail: "'Bash' is denied to subagent 'reader': not among the tools of subagent 'reader'.",
      calledBy: { agentType: 'reader' },
    });
    // The main thread may call Bash: the guard denies it to the subagent only.
    const main = await runOnce(model, true, { ...options, emit: 'Bash' });
    expect(main.emit?.outcome, JSON.stringify(main.emit)).not.toBe('denied-by-guard');
    expect(main.emit?.calledBy).toBeUndefined();
  });

  it('a subagent the catalog does not declare is denied every call', async () => {
    const run = await runOnce(model, true, {
      ...options,
      emit: 'Read',
      emitFrom: 'general-purpose',
    });
    expect(run.emit, JSON.stringify(run.emit)).toMatchObject({
      outcome: 'denied-by-guard',
      detail:
        "'Read' is called by the subagent 'general-purpose', which the tool catalog does not declare (its subagents: reader).",
      calledBy: { agentType: 'general-purpose', agentId: expect.any(String) },
    });
  });
});
