// The web chat on the OpenAI Agents SDK, from the same catalog as its agent path on the Claude Agent
// SDK, run on the SDK's own test model (`ScriptedModel`): it is offered what the Claude session offers
// (Claude built-ins aside), a tool switched off in the space's settings leaves both paths — the same
// Agent, at its next run — a trigger tool written once runs the caller's factory, and a tool switched
// off mid-run is refused with the reason while the run goes on.
import { Runner, type MCPServer } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelResponder,
  ScriptedModel,
  type RecordedModelCall,
} from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { chatOpenAIAgent, chatOpenAIRunOptions } from '../app/callers/chat-openai-agents';
import { chatSession, type ChatJob } from '../app/callers/chat-tool-configuration';
import { analyst, conversation, teamSpace } from './fixtures';
import { listedTools } from './mcp-client';

const runner = new Runner({ tracingDisabled: true });

/** An MCP server the app connects for a channel: every tool its server registers. */
const server = (name: string, tools: readonly string[]): MCPServer =>
  ({
    name,
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    invalidateToolsCache: async () => {},
    listTools: async () =>
      tools.map((tool) => ({
        name: tool,
        description: tool,
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      })),
    callTool: async (tool: string) => [{ type: 'text', text: tool }],
  }) as unknown as MCPServer;

const SERVERS = {
  metabase: server('metabase', ['search', 'run_saved_question', 'delete_card', 'brand_new_tool']),
  sentry: server('sentry', ['list_issues', 'get_issue', 'resolve_issue']),
};

/** A test model whose first turn calls `calls` (none: it answers in text), then answers; `onTurn` runs as it answers. */
function testModel(
  calls: readonly { name: string; input: Record<string, unknown> }[] = [],
  onTurn = () => {},
) {
  const answer = () => [assistantMessage('done')];
  return new ScriptedModel([
    modelResponder(() => {
      onTurn();
      return calls.length === 0
        ? answer()
        : calls.map((c, i) => functionCall(c.name, c.input, { callId: `call-${i}` }));
    }),
    modelResponder(answer),
    modelResponder(answer),
  ]);
}

const offeredNames = (call: RecordedModelCall | undefined) =>
  (call?.request.tools ?? []).map((t) => (t as { name: string }).name).sort();

const request = { space: teamSpace, user: analyst, conversation };

describe('the web chat on the OpenAI Agents SDK and on the Claude Agent SDK share one catalog', () => {
  it("is offered what the Claude session offers, Claude built-ins aside; a channel's unknown and restricted tools never", async () => {
    const model = testModel();
    await runner.run(chatOpenAIAgent(request, model, SERVERS), 'hi', chatOpenAIRunOptions(request));
    const claude = chatSession(request).options;
    const inProcess = (await listedTools(claude.mcpServers.themis as never)).map((t) => t.name);
    const served = (await Promise.all(Object.values(SERVERS).map((s) => s.listTools()))).flat();
    const external = claude.allowedTools
      .filter((n) => /^mcp__(metabase|sentry)__/.test(n))
      .map((n) => n.replace(/^mcp__[a-z]+__/, ''))
      .filter((n) => served.some((t) => t.name === n));
    const subagents = Object.keys(claude.agents ?? {});
    const offered = offeredNames(model.calls[0]);
    expect(offered).toEqual([...inProcess, ...external, ...subagents].sort());
    expect(offered).not.toContain('delete_card');
    expect(offered).not.toContain('brand_new_tool');
    expect(model.calls[0]!.request.handoffs).toEqual([]);
  });

  it("a tool switched off in the space's settings leaves both paths: the same Agent, at its next run", async () => {
    const model = testModel();
    const agent = chatOpenAIAgent(request, model, SERVERS);
    await runner.run(agent, 'hi', chatOpenAIRunOptions(request));
    const settings = { disabledTools: () => ['save_memory', 'run_saved_question'] };
    await runner.run(agent, 'hi again', chatOpenAIRunOptions(request, settings));
    expect(offeredNames(model.calls[0])).toContain('save_memory');
    expect(offeredNames(model.calls[0])).toContain('run_saved_question');
    expect(offeredNames(model.calls[1])).not.toContain('save_memory');
    expect(offeredNames(model.calls[1])).not.toContain('run_saved_question');
    const claude = chatSession(request, settings).options;
    const inProcess = (await listedTools(claude.mcpServers.themis as never)).map((t) => t.name);
    expect(inProcess).not.toContain('save_memory');
    expect(claude.disallowedTools).toContain('mcp__themis__save_memory');
  });

  it("a trigger tool, written once, runs the caller's factory through the OpenAI Agents SDK", async () => {
    const jobs: ChatJob[] = [];
    const model = testModel([{ name: 'trigger_pr_review', input: { repo: 'app', number: 7 } }]);
    const chat = { ...request, jobs };
    await runner.run(
      chatOpenAIAgent(chat, model),
      'review #7',
      chatOpenAIRunOptions(chat, { permissionMode: 'bypassPermissions' }),
    );
    expect(jobs).toEqual([{ kind: 'pr_review', args: { repo: 'app', number: 7 } }]);
  });

  it('a tool switched off mid-run is refused with the reason, the run goes on, and the next turn leaves it out', async () => {
    let off: string[] = [];
    // The user switches save_memory off in the settings while the model answers the first turn.
    const model = testModel([{ name: 'save_memory', input: { fact: 'x' } }], () => {
      off = ['save_memory'];
    });
    const result = await runner.run(
      chatOpenAIAgent(request, model),
      'hi',
      chatOpenAIRunOptions(request, {
        permissionMode: 'bypassPermissions',
        disabledTools: () => off,
      }),
    );
    expect(result.finalOutput).toBe('done');
    const answered = result.newItems.find((i) => i.type === 'tool_call_output_item');
    expect(String((answered as { output?: unknown }).output)).toContain(
      "'save_memory' is refused: 'save_memory' is not offered in this session",
    );
    expect(offeredNames(model.calls[0])).toContain('save_memory');
    expect(offeredNames(model.calls[1])).not.toContain('save_memory');
  });
});
