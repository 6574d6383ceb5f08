// The agent path (Claude Agent SDK session) and the chat path (Vercel AI SDK call, ai 7 and ai 6 on
// their own test models) read one stored opt-out list: a switch flipped through the settings API
// over a real SQLite file removes the tool from both and brings it back to both; a call to a
// switched-off tool never runs its handler on the chat path, also when the switch is flipped
// mid-chat; and a tool users may not switch is offered the same on both paths, whatever the row says.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolRun } from '../server/app-tools';
import { DEMO_AGENT_ID, openAgentStore, type AgentStore } from '../server/db';
import {
  AI_SDK_MAJORS,
  agentOffer,
  flipSwitch,
  offered,
  putDisabledTools,
  startApi,
  whyNotRun,
  wireOf,
  type AiSdkMajor,
} from './paths';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'agent-settings-paths-'));
let store: AgentStore;
let api: string;
let server: Server;

beforeAll(async () => {
  store = await openAgentStore(path.join(scratch, 'agents.sqlite'));
  ({ url: api, server } = await startApi(store));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  store?.close();
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => {
  store.setDisabledTools(DEMO_AGENT_ID, []);
});

/** A guard decision of the agent session for one call, as the runtime asks it before the call runs. */
async function guardSays(session: Awaited<ReturnType<typeof agentOffer>>['session'], tool: string) {
  const hook = session.hooks.PreToolUse[0]!.hooks[0]!;
  const answer = (await hook(
    { hook_event_name: 'PreToolUse', tool_name: tool, tool_input: {} } as never,
    'tool-use-1',
    { signal: new AbortController().signal } as never,
  )) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
  return answer.hookSpecificOutput ?? { permissionDecision: 'allow' };
}

/** Both paths' offers now: the session's, and the chat call's first step and its research subagent's. */
async function offers(major: AiSdkMajor) {
  const agent = await agentOffer(store, DEMO_AGENT_ID);
  // The model starts the research subagent, so its nested call's first step is recorded too.
  const chat = await major.chat(store, DEMO_AGENT_ID, [], (index, call) =>
    index === 0 && offered(call).includes('research')
      ? [{ name: 'research', input: { task: 'find the release notes' } }]
      : [],
  );
  const research = chat.steps.find((s, i) => i > 0 && !offered(s).includes('research'));
  return {
    claude: {
      builtIns: [...agent.session.tools].sort(),
      inProcess: agent.inProcess,
      disallowedTools: agent.session.disallowedTools,
      subagents: Object.keys(agent.session.agents ?? {}),
      research: agent.session.agents?.research?.tools ?? [],
    },
    chat: { tools: offered(chat.steps[0]), research: offered(research) },
  };
}

/** The chat call offers what the session offers, Claude built-ins aside: one truth on both paths. */
function expectSameOffer(both: Awaited<ReturnType<typeof offers>>) {
  const { claude, chat } = both;
  expect(chat.tools).toEqual([...claude.inProcess.map(wireOf), ...claude.subagents].sort());
  const researchMcp = claude.research.filter((n) => n.startsWith('mcp__'));
  expect(chat.research).toEqual(researchMcp.map(wireOf).sort());
}

describe.each(AI_SDK_MAJORS)('the agent and the chat on $name read one opt-out list', (major) => {
  it('a switch flipped in the settings leaves both paths, and flipped back returns to both', async () => {
    const before = await offers(major);
    expectSameOffer(before);
    expect(before.chat.tools).toEqual(expect.arrayContaining(['web_search', 'memory', 'research']));
    expect(before.chat.research).toContain('web_search');

    await flipSwitch(api, DEMO_AGENT_ID, 'CherryWebSearch');
    const view = await flipSwitch(api, DEMO_AGENT_ID, 'Memory');
    // The row holds catalog keys: the one list, in no SDK's names.
    expect(store.get(DEMO_AGENT_ID)?.disabledTools).toEqual(['CherryWebSearch', 'Memory']);
    expect(view.sdk.disallowedTools).toEqual(
      expect.arrayContaining(['mcp__cherry-tools__web_search', 'mcp__agent-memory__memory']),
    );
    const off = await offers(major);
    expectSameOffer(off);
    expect(off.claude.inProcess).toEqual(
      before.claude.inProcess.filter(
        (n) => n !== 'mcp__cherry-tools__web_search' && n !== 'mcp__agent-memory__memory',
      ),
    );
    expect(off.claude.disallowedTools).toEqual(
      expect.arrayContaining(['mcp__cherry-tools__web_search', 'mcp__agent-memory__memory']),
    );
    expect(off.claude.research).not.toContain('mcp__cherry-tools__web_search');
    expect(off.chat.tools).toEqual(
      before.chat.tools.filter((n) => n !== 'web_search' && n !== 'memory'),
    );
    expect(off.chat.research).toEqual(before.chat.research.filter((n) => n !== 'web_search'));

    await flipSwitch(api, DEMO_AGENT_ID, 'CherryWebSearch');
    await flipSwitch(api, DEMO_AGENT_ID, 'Memory');
    expect(store.get(DEMO_AGENT_ID)?.disabledTools).toEqual([]);
    expect(await offers(major)).toEqual(before);
  });

  it("a Claude runtime built-in's switch changes the session alone: the chat has no such tool", async () => {
    const before = await offers(major);
    await flipSwitch(api, DEMO_AGENT_ID, 'planMode');
    const off = await offers(major);
    expect(before.claude.builtIns).toEqual(
      expect.arrayContaining(['EnterPlanMode', 'ExitPlanMode']),
    );
    expect(off.claude.builtIns).toEqual(
      before.claude.builtIns.filter((n) => n !== 'EnterPlanMode' && n !== 'ExitPlanMode'),
    );
    expect(off.chat).toEqual(before.chat);
  });

  it('a list stored under runtime names, as this app saved it before, reads the same on both paths', async () => {
    store.setDisabledTools(DEMO_AGENT_ID, ['mcp__cherry-tools__web_search']);
    const stored = await offers(major);
    expectSameOffer(stored);
    expect(stored.chat.tools).not.toContain('web_search');
    expect(stored.claude.inProcess).not.toContain('mcp__cherry-tools__web_search');
    const view = (await (await fetch(`${api}/api/agents/${DEMO_AGENT_ID}`)).json()) as {
      disabledTools: string[];
    };
    expect(view.disabledTools).toEqual(['CherryWebSearch']);
  });

  it("a model's call to a switched-off tool never runs its handler; switched on, the same call runs it", async () => {
    const callSearch = (index: number) =>
      index === 0 ? [{ name: 'web_search', input: { query: 'release notes' } }] : [];
    const runsOn: ToolRun[] = [];
    await major.chat(store, DEMO_AGENT_ID, runsOn, callSearch);
    expect(runsOn).toEqual([
      { agentId: DEMO_AGENT_ID, tool: 'web_search', input: { query: 'release notes' } },
    ]);

    await flipSwitch(api, DEMO_AGENT_ID, 'CherryWebSearch');
    const runsOff: ToolRun[] = [];
    const chat = await major.chat(store, DEMO_AGENT_ID, runsOff, callSearch);
    expect(runsOff).toEqual([]);
    expect(offered(chat.steps[0])).not.toContain('web_search');
    // Not a tool of the call at all: the AI SDK answers the call with NoSuchToolError.
    expect(whyNotRun(chat.result.steps[0]!.content, 'web_search')).toMatch(
      /unavailable tool 'web_search'/,
    );
  });

  it('a tool switched off while the chat runs is refused with the reason, leaves the next step, and the session denies it', async () => {
    const { session } = await agentOffer(store, DEMO_AGENT_ID);
    expect(await guardSays(session, 'mcp__cherry-tools__web_search')).toEqual({
      permissionDecision: 'allow',
    });
    const runs: ToolRun[] = [];
    // The user switches web search off in the dialog while the model answers the first step.
    const chat = await major.chat(store, DEMO_AGENT_ID, runs, async (index) => {
      if (index > 0) return [];
      await flipSwitch(api, DEMO_AGENT_ID, 'CherryWebSearch');
      return [{ name: 'web_search', input: { query: 'release notes' } }];
    });
    expect(runs).toEqual([]);
    expect(offered(chat.steps[0])).toContain('web_search');
    expect(offered(chat.steps[1])).not.toContain('web_search');
    expect(whyNotRun(chat.result.steps[0]!.content, 'web_search')).toMatch(
      /'CherryWebSearch' is not offered in this session/,
    );
    // The session that started before the switch: its guard reads the stored list on every call.
    const denied = await guardSays(session, 'mcp__cherry-tools__web_search');
    expect(denied.permissionDecision).toBe('deny');
  });

  it('a tool users may not switch cannot be stored through the API, and a row that names it anyway changes neither path', async () => {
    const before = await offers(major);
    // Internal (an MCP tool and a runtime built-in), disabled, conditional: not in the dialog.
    const fixed = ['SearchSkills', 'InstallSkill', 'Agent', 'NotebookEdit', 'EnterWorktree'];
    for (const key of fixed) {
      const { status, body } = await putDisabledTools(api, DEMO_AGENT_ID, [key]);
      expect(status).toBe(400);
      expect(body.error).toContain(key);
    }
    expect(store.get(DEMO_AGENT_ID)?.disabledTools).toEqual([]);

    // A row written by hand or by an older app version names them all the same.
    store.setDisabledTools(DEMO_AGENT_ID, fixed);
    const after = await offers(major);
    expect(after).toEqual(before);
    expect(after.chat.tools).toEqual(
      expect.arrayContaining(['search_skills', 'install_skill', 'research']),
    );
    expect(after.claude.builtIns).toEqual(expect.arrayContaining(['Agent', 'EnterWorktree']));
    expect(after.claude.disallowedTools).toContain('NotebookEdit');

    // Both paths say why each entry changed nothing, in the same words.
    const session = (await agentOffer(store, DEMO_AGENT_ID)).session;
    const chatRuns: ToolRun[] = [];
    const chat = await major.chat(store, DEMO_AGENT_ID, chatRuns, (index) =>
      index === 0 ? [{ name: 'search_skills', input: { query: 'pdf' } }] : [],
    );
    expect(chat.ignoredOptOuts).toEqual(session.ignoredOptOuts);
    expect(session.ignoredOptOuts.map((i) => i.key).sort()).toEqual([...fixed].sort());
    // And the internal tool runs on both: the chat calls it, the session's guard lets it through.
    expect(chatRuns.map((r) => r.tool)).toEqual(['search_skills']);
    expect(await guardSays(session, 'mcp__skills__search_skills')).toEqual({
      permissionDecision: 'allow',
    });
  });
});
