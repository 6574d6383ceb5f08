// What the tests of the agent and chat paths share: the settings API on a real HTTP server over a
// real SQLite file, the Claude session's offer read as the runtime reads it (`tools/list` on each
// in-process server), and the AI SDK's own test model for ai 7 and ai 6, which records what each
// step of a call offered the model (`doGenerateCalls[i].tools`).
import type { McpSdkServerConfigWithInstance } from '@anthropic-ai/claude-agent-sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  generateText as generateText6,
  jsonSchema as jsonSchema6,
  stepCountIs as stepCountIs6,
} from 'ai-6';
import { MockLanguageModelV3 } from 'ai-6/test';
import { MockLanguageModelV4 } from 'ai/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLAUDE_POLICY_TABLES } from '../src/generated/claude';
import { aiSdkOptions } from '../src/generated/claude/runtime/ai-sdk-options';
import { buildSections, toggleRow } from '../src/tool-rows';
import { agentSessionOptions } from '../server/agent-session';
import { handleApiRequest, type AgentView } from '../server/api';
import type { ToolRun } from '../server/app-tools';
import { chatCall, chatOptions, chatTurn } from '../server/chat';
import type { AgentStore } from '../server/db';

/** The settings API (server/api.ts) on 127.0.0.1, as the dev server serves it to the dialog. */
export async function startApi(store: AgentStore): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    handleApiRequest(store, req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** PUT `disabledTools` through the API: its status and answer. */
export async function putDisabledTools(api: string, agentId: string, disabledTools: unknown) {
  const res = await fetch(`${api}/api/agents/${agentId}/disabled-tools`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ disabledTools }),
  });
  return { status: res.status, body: (await res.json()) as AgentView & { error?: string } };
}

/** Flips the dialog's switch `rowId` as the dialog does: read the agent, toggle the row, PUT the list. */
export async function flipSwitch(api: string, agentId: string, rowId: string): Promise<AgentView> {
  const agent = (await (await fetch(`${api}/api/agents/${agentId}`)).json()) as AgentView;
  const row = buildSections()
    .flatMap((s) => s.rows)
    .find((r) => r.id === rowId);
  if (!row) throw new Error(`the dialog has no switch '${rowId}'`);
  const { status, body } = await putDisabledTools(
    api,
    agentId,
    toggleRow(row, agent.disabledTools),
  );
  if (status !== 200) throw new Error(`PUT answered ${status}: ${body.error}`);
  return body;
}

/** The names a server answers to `tools/list`, over a real MCP client. */
async function listedTools(server: unknown): Promise<string[]> {
  const config = server as McpSdkServerConfigWithInstance;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await config.instance.connect(serverSide);
  const client = new Client({ name: 'agent-settings-test', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } catch (error) {
    // A server left with no tool registers no `tools/list` handler: it offers none.
    if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return [];
    throw error;
  } finally {
    await client.close();
  }
}

/** The agent path's offer: the session's options, and what its in-process servers list, by runtime name. */
export async function agentOffer(store: AgentStore, agentId: string, runs: ToolRun[] = []) {
  const session = agentSessionOptions(store, agentId, { record: (run) => runs.push(run) });
  const inProcess: string[] = [];
  for (const [server, config] of Object.entries(session.mcpServers))
    for (const wire of await listedTools(config)) inProcess.push(`mcp__${server}__${wire}`);
  return { session, inProcess: inProcess.sort() };
}

/** `mcp__cherry-tools__web_search` → `web_search`: the name the AI SDK gives an MCP tool. */
export const wireOf = (runtimeName: string) => runtimeName.replace(/^mcp__.+?__/, '');

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** What a test model step is offered and answers. */
export interface StepCall {
  readonly tools?: readonly { readonly name: string }[];
}
type ToolCall = { readonly name: string; readonly input: unknown };
/** The model's answer to its `index`-th step: tool calls, or (none) a text answer. */
type Script = (index: number, call: StepCall) => readonly ToolCall[] | Promise<readonly ToolCall[]>;

function answer(calls: readonly ToolCall[], index: number) {
  return {
    content:
      calls.length > 0
        ? calls.map((c, i) => ({
            type: 'tool-call' as const,
            toolCallId: `call-${index}-${i}`,
            toolName: c.name,
            input: JSON.stringify(c.input),
          }))
        : [{ type: 'text' as const, text: 'done' }],
    finishReason: {
      unified: calls.length > 0 ? ('tool-calls' as const) : ('stop' as const),
      raw: undefined,
    },
    usage: USAGE,
    warnings: [],
  };
}

/** The names a step of the test model was offered, sorted. */
export const offered = (call: StepCall | undefined) =>
  (call?.tools ?? []).map((t) => t.name).sort();

/** One chat turn on one major of the AI SDK: the call's result and every step the test model saw. */
interface ChatRun {
  readonly steps: readonly StepCall[];
  readonly result: { readonly steps: readonly { readonly content: readonly unknown[] }[] };
  readonly ignoredOptOuts: readonly unknown[];
}

/** The chat path on one major of the AI SDK, on that major's own test model. */
export interface AiSdkMajor {
  readonly name: string;
  chat(store: AgentStore, agentId: string, runs: ToolRun[], script?: Script): Promise<ChatRun>;
}

const stepsOf = (script: Script) => {
  let index = 0;
  return async (call: StepCall) => {
    const i = index++;
    return answer(await script(i, call), i);
  };
};

const noCalls: Script = () => [];

/**
 * ai 7: the chat path exactly as the app runs it (server/chat.ts, the generated `claudeAiSdkOptions`).
 * ai 6: the same input (`chatCall`) through the runtime with `major: 6` and ai 6's functions, which
 * is what `generate` writes into ai-sdk.ts for an app on ai 6 (`needsApproval` instead of `toolApproval`).
 */
export const AI_SDK_MAJORS: readonly AiSdkMajor[] = [
  {
    name: 'ai 7',
    async chat(store, agentId, runs, script = noCalls) {
      const model = new MockLanguageModelV4({ doGenerate: stepsOf(script) });
      const record = (run: ToolRun) => runs.push(run);
      const { ignoredOptOuts } = chatOptions(store, agentId, { model, record });
      const result = await chatTurn(store, agentId, 'hi', { model, record });
      return { steps: model.doGenerateCalls, result, ignoredOptOuts };
    },
  },
  {
    name: 'ai 6',
    async chat(store, agentId, runs, script = noCalls) {
      const model = new MockLanguageModelV3({ doGenerate: stepsOf(script) });
      const { input, unknown } = chatCall(store, agentId, {
        model,
        record: (run) => runs.push(run),
      });
      const options = aiSdkOptions(
        { tables: CLAUDE_POLICY_TABLES, major: 6 },
        { generateText: generateText6, jsonSchema: jsonSchema6 },
        input,
      );
      const result = await generateText6({
        model,
        ...(options as object),
        prompt: 'hi',
        stopWhen: stepCountIs6(5),
      } as never);
      return {
        steps: model.doGenerateCalls,
        result: result as ChatRun['result'],
        ignoredOptOuts: [...unknown, ...options.ignoredOptOuts],
      };
    },
  },
];

/** What a step's content says about a call that did not run: the refusal's reason or the tool error's message. */
export function whyNotRun(content: readonly unknown[], toolName: string): string | undefined {
  for (const part of content as {
    type: string;
    toolName?: string;
    toolCall?: { toolName: string };
    approved?: boolean;
    reason?: string;
    error?: unknown;
  }[]) {
    if (
      part.type === 'tool-approval-response' &&
      part.toolCall?.toolName === toolName &&
      !part.approved
    )
      return part.reason;
    if (part.type === 'tool-error' && part.toolName === toolName)
      return part.error instanceof Error ? part.error.message : String(part.error);
  }
  return undefined;
}
