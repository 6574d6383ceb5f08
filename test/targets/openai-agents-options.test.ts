// The OpenAI Agents SDK target's runtime on the SDK itself (`@openai/agents`, its `ScriptedModel`): one
// Agent serves runs of different contexts and opt-outs, offering exactly the policy under the SDK's
// names; an MCP server is filtered per run and fails closed without the run options; approval is each
// tool's needsApproval; a call the offer refuses is answered with the reason (a tool not offered, or
// switched off mid-run by its guardrail) and the run goes on, where the SDK's default ends it; a
// subagent is an agent tool offered its own share.
import {
  Agent,
  getAllMcpTools,
  ModelBehaviorError,
  RunContext,
  Runner,
  tool,
  type MCPServer,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelResponder,
  ScriptedModel,
  type RecordedModelCall,
} from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { appTool } from '../../plugin/runtime/app-tool';
import { DuplicateToolError } from '../../plugin/runtime/errors';
import { openAIAgentOptions } from '../../plugin/targets/openai-agents/runtime/openai-options';
import {
  openAIRunOptions,
  type OpenAIRunInput,
} from '../../plugin/targets/openai-agents/runtime/openai-run';
import { demoModel } from '../support/catalog-model';

const model = demoModel(
  {
    conditions: { 'has-git': 'the session folder is a git work tree' },
    pairGroups: ['notes'],
    servers: { notes: {} },
    channels: { docs: {} },
    agents: {
      scribe: { description: 'Writes notes', prompt: 'You write notes.', tools: ['Search', 'Pin'] },
    },
  },
  {
    Bash: { kind: 'sdk', exposure: 'user' },
    Agent: { kind: 'sdk', exposure: 'user' },
    Search: {
      kind: 'mcp',
      server: 'notes',
      wire: 'search',
      exposure: 'user',
      pairGroup: 'notes',
      approval: 'auto',
    },
    Pin: { kind: 'mcp', server: 'notes', wire: 'pin-note', pairGroup: 'notes' },
    Branch: {
      kind: 'mcp',
      server: 'notes',
      wire: 'branch',
      exposure: 'conditional',
      condition: 'has-git',
      approval: 'auto',
    },
    Lookup: {
      kind: 'external',
      channel: 'docs',
      wires: ['look-up'],
      exposure: 'user',
      approval: 'auto',
    },
    Ask: { kind: 'external', channel: 'docs', wires: ['ask'] },
    Wipe: { kind: 'external', channel: 'docs', wires: ['wipe'], restricted: true },
  },
);
const tables = policyTablesOf(model);
const sdk = { tool, Agent };
const runner = new Runner({ tracingDisabled: true });

const appToolNamed = (name: string, ran: string[]) =>
  appTool({
    name,
    description: `The ${name} tool`,
    input: z.object({ text: z.string().optional() }),
    execute: () => {
      ran.push(name);
      return `${name} ran`;
    },
  });

/** The docs channel's server, as the app connects it: every tool, one the catalog does not know. */
function docsServer(ran: string[]): MCPServer {
  const listed = ['look-up', 'ask', 'wipe', 'brand_new'];
  return {
    name: 'docs',
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    invalidateToolsCache: async () => {},
    listTools: async () =>
      listed.map((name) => ({
        name,
        description: name,
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      })),
    callTool: async (name: string) => {
      ran.push(`docs:${name}`);
      return [{ type: 'text', text: `${name} answered` }];
    },
  } as unknown as MCPServer;
}

/** The Agent the app builds once: its options from the catalog, its model scripted. */
function agentOf(
  ran: string[],
  script: ScriptedModel,
  nested?: ScriptedModel,
  config: Record<string, unknown> = {},
) {
  const options = openAIAgentOptions({ tables }, sdk, {
    context: { hasGit: true },
    tools: {
      notes: ['search', 'pin-note', 'branch', 'stray'].map((n) => appToolNamed(n, ran)),
    },
    mcpServers: { docs: docsServer(ran) },
    ...(nested ? { model: nested } : {}),
  });
  return new Agent({
    name: 'notes',
    instructions: 'You take notes.',
    model: script,
    ...config,
    ...options,
  } as never);
}

const names = (call: RecordedModelCall | undefined) =>
  (call?.request.tools ?? []).map((t) => (t as { name: string }).name).sort();

/** A script whose first turn calls `calls` (none: it answers), then answers in text. */
const script = (calls: readonly string[] = [], turns = 2) =>
  new ScriptedModel([
    modelResponder(() =>
      calls.length === 0
        ? [assistantMessage('done')]
        : calls.map((name, i) => functionCall(name, {}, { callId: `call-${i}` })),
    ),
    ...Array.from({ length: turns - 1 }, () => modelResponder(() => [assistantMessage('done')])),
  ]);

const run = (agent: Agent, input: OpenAIRunInput) =>
  runner.run(agent, 'hi', { ...openAIRunOptions(tables, input) } as never);

/** What each tool call of a run was answered (by call id order). */
const outputs = (result: { newItems: readonly { type: string; output?: unknown }[] }) =>
  result.newItems.filter((i) => i.type === 'tool_call_output_item').map((i) => String(i.output));

describe('the OpenAI Agents SDK options', () => {
  it('one Agent serves runs of every context: each offered exactly the policy, under the SDK names', async () => {
    const ran: string[] = [];
    const model = script([], 3);
    const agent = agentOf(ran, model);
    await run(agent, { context: { hasGit: false } });
    await run(agent, { context: { hasGit: true } });
    await run(agent, { context: { hasGit: true }, agent: { disabledTools: ['Search', 'Lookup'] } });
    const [noGit, git, optedOut] = model.calls;
    // The SDK's names: bare wire names, '-' sent as '_'; no built-in, nothing restricted or unknown.
    expect(names(noGit)).toEqual(['ask', 'look_up', 'pin_note', 'scribe', 'search']);
    expect(names(git)).toEqual(['ask', 'branch', 'look_up', 'pin_note', 'scribe', 'search']);
    // Search's pair group (Pin) goes with it, and the subagent is left with no tool; the MCP
    // server's filter leaves out the channel's tool the user switched off.
    expect(names(optedOut)).toEqual(['ask', 'branch']);
    for (const call of model.calls) expect(call.request.handoffs).toEqual([]);
    expect(ran).toEqual([]);
  });

  it("an MCP server's tools under the server's name when the Agent asks for it: the same offer, guarded alike", async () => {
    const ran: string[] = [];
    const model = script(['mcp_docs__look_up', 'mcp_docs__ask']);
    const agent = agentOf(ran, model, undefined, { mcpConfig: { includeServerInToolNames: true } });
    const result = await run(agent, { context: { hasGit: false } });
    expect(names(model.calls[0])).toEqual([
      'mcp_docs__ask',
      'mcp_docs__look_up',
      'pin_note',
      'scribe',
      'search',
    ]);
    expect(ran).toEqual(['docs:look-up']);
    expect(outputs(result)[1]).toMatch(/^'mcp_docs__ask' is refused: it needs the user's approval/);
  });

  it('a call to a tool the run does not offer is answered with the reason and the run goes on; the SDK default ends the run', async () => {
    const ran: string[] = [];
    const answered = agentOf(ran, script(['branch', 'wipe', 'brand_new', 'search']));
    const result = await run(answered, { context: { hasGit: false } });
    expect(result.finalOutput).toBe('done');
    expect(ran).toEqual(['search']);
    expect(outputs(result).sort()).toEqual([
      "Tool 'branch' is not offered: 'Branch' is not offered in this session: disallowed by the policy",
      "Tool 'brand_new' is not offered: 'brand_new' is not a tool of this agent",
      "Tool 'wipe' is not offered: 'Wipe' is not offered in this session: restricted: the guard denies every call",
      'search ran',
    ]);
    const ended = agentOf(ran, script(['branch']));
    const {
      toolNotFoundBehavior: _,
      toolErrorFormatter: __,
      ...plain
    } = openAIRunOptions(tables, { context: { hasGit: false } });
    await expect(runner.run(ended, 'hi', plain as never)).rejects.toThrow(ModelBehaviorError);
  });

  it('a tool switched off mid-run is refused by its guardrail with the reason, the run goes on, and the next turn leaves it out', async () => {
    const ran: string[] = [];
    let off: string[] = [];
    const model = new ScriptedModel([
      modelResponder(() => {
        // The user switches Search off while the model answers the first turn.
        off = ['Search'];
        return [functionCall('search', {}, { callId: 'c1' })];
      }),
      modelResponder(() => [assistantMessage('done')]),
    ]);
    const result = await run(agentOf(ran, model), {
      context: { hasGit: true },
      disallowed: () => off,
    });
    expect(ran).toEqual([]);
    expect(outputs(result)).toEqual([
      "'search' is refused: 'Search' is not offered in this session: disallowed by the policy",
    ]);
    expect(result.toolInputGuardrailResults.map((g) => g.output.behavior.type)).toEqual([
      'rejectContent',
    ]);
    expect(names(model.calls[0])).toContain('search');
    // Its pair group leaves with it; the subagent too, left with no tool.
    expect(names(model.calls[1])).toEqual(['ask', 'branch', 'look_up']);
  });

  it("approval: a tool that follows the permission mode interrupts the run for the user; 'allow' runs it; an MCP server's tool cannot ask, so it is refused", async () => {
    const ran: string[] = [];
    const asked = await run(agentOf(ran, script(['pin_note', 'search'])), {
      context: { hasGit: false },
    });
    expect(asked.interruptions.map((i) => i.name)).toEqual(['pin_note']);
    expect(ran).toEqual(['search']);
    const allowed = await run(agentOf(ran, script(['pin_note', 'ask', 'look_up'])), {
      context: { hasGit: false },
      approval: 'allow',
    });
    expect(allowed.interruptions).toEqual([]);
    expect(ran).toEqual(['search', 'pin-note', 'docs:ask', 'docs:look-up']);
    const channel = await run(agentOf(ran, script(['ask', 'look_up'])), {
      context: { hasGit: false },
    });
    expect(outputs(channel)[0]).toMatch(
      /^'ask' is refused: it needs the user's approval, which the OpenAI Agents SDK cannot ask/,
    );
    expect(ran).toEqual(['search', 'pin-note', 'docs:ask', 'docs:look-up', 'docs:look-up']);
  });

  it("an MCP server's filter fails closed: without the run options nothing is offered; listed without a run context, only what the catalog could offer", async () => {
    const ran: string[] = [];
    const model = script();
    const agent = agentOf(ran, model);
    await runner.run(agent, 'hi');
    expect(names(model.calls[0])).toEqual([]);
    const [server] = agent.mcpServers;
    // The SDK calls no filter function without a run context; the listing is narrowed instead.
    expect((await getAllMcpTools([server!])).map((t) => t.name)).toEqual(['look_up', 'ask']);
    const strange = await getAllMcpTools({
      mcpServers: [server!],
      runContext: new RunContext({}),
      agent,
    });
    expect(strange).toEqual([]);
  });

  it("a server's own filter still applies beside the catalog's", async () => {
    const model = script();
    const docs = Object.assign(docsServer([]), { toolFilter: { blockedToolNames: ['ask'] } });
    const options = openAIAgentOptions({ tables }, sdk, { context: {}, mcpServers: { docs } });
    await run(new Agent({ name: 'docs', model, ...options } as never), {});
    expect(names(model.calls[0])).toEqual(['look_up', 'scribe']);
  });

  it('a subagent is an agent tool whose run is offered its own share, under the run options', async () => {
    const ran: string[] = [];
    const nested = new ScriptedModel([
      modelResponder(() => [functionCall('branch', {}, { callId: 'n1' })]),
      modelResponder(() => [assistantMessage('noted')]),
    ]);
    const model = new ScriptedModel([
      modelResponder(() => [functionCall('scribe', { input: 'take a note' }, { callId: 'c1' })]),
      modelResponder(() => [assistantMessage('done')]),
    ]);
    const result = await run(agentOf(ran, model, nested), { context: { hasGit: true } });
    expect(result.finalOutput).toBe('done');
    expect(nested.calls[0]!.request.systemInstructions).toBe('You write notes.');
    expect(names(nested.calls[0])).toEqual(['pin_note', 'search']);
    // A call to a tool outside its share is answered with the reason; the subagent's run goes on.
    expect(ran).toEqual([]);
    expect(JSON.stringify(nested.calls[1]!.request.input)).toContain(
      "'Branch' is not offered to the subagent 'scribe': not among the tools of subagent 'scribe'",
    );
  });

  it('refuses two tools under one SDK name (names known only at run time; generate refuses the rest)', () => {
    const twin = demoModel(
      { servers: { notes: {} } },
      {
        Pin: { kind: 'mcp', server: 'notes', wire: 'pin-note' },
        PinToo: { kind: 'mcp', server: 'notes', wire: 'pin_note' },
      },
    );
    expect(() =>
      openAIAgentOptions({ tables: policyTablesOf(twin) }, sdk, {
        context: {},
        tools: { notes: [appToolNamed('pin-note', []), appToolNamed('pin_note', [])] },
      }),
    ).toThrow(DuplicateToolError);
  });
});
