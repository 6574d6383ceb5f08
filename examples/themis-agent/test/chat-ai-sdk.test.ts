// The web chat on the Vercel AI SDK, from the same catalog as its agent path on the Claude Agent SDK,
// run on the AI SDK's own test model: it is offered what the Claude session offers (Claude built-ins
// aside), a tool switched off in the space's settings leaves both paths, a trigger tool written once
// runs the caller's factory, and a tool switched off mid-run is refused with the reason.
import { generateText, stepCountIs, type Tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatAiSdkOptions } from '../app/callers/chat-ai-sdk';
import { chatSession, type ChatJob } from '../app/callers/chat-tool-configuration';
import { analyst, conversation, teamSpace } from './fixtures';
import { listedTools } from './mcp-client';

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A test model whose first step calls `calls` (none: it answers in text), then answers; `onStep` runs as it answers. */
function testModel(calls: readonly { name: string; input: unknown }[] = [], onStep = () => {}) {
  let step = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      onStep();
      const first = step++ === 0 && calls.length > 0;
      return {
        content: first
          ? calls.map((c, i) => ({
              type: 'tool-call' as const,
              toolCallId: `call-${i}`,
              toolName: c.name,
              input: JSON.stringify(c.input),
            }))
          : [{ type: 'text' as const, text: 'done' }],
        finishReason: {
          unified: first ? ('tool-calls' as const) : ('stop' as const),
          raw: undefined,
        },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

/** What an MCP client (`@ai-sdk/mcp`'s `tools()`) gives for a channel's server: every tool, by wire name. */
const clientTools = (...names: string[]): Record<string, Tool> =>
  Object.fromEntries(
    names.map((name) => [
      name,
      { description: name, inputSchema: z.object({}), execute: async () => name },
    ]),
  );

const CHANNELS = {
  metabase: clientTools('search', 'run_saved_question', 'delete_card', 'brand_new_tool'),
  sentry: clientTools('list_issues', 'get_issue', 'resolve_issue'),
};

const offeredNames = (call: { tools?: readonly { name: string }[] }) =>
  (call.tools ?? []).map((t) => t.name).sort();

const request = { space: teamSpace, user: analyst, conversation };

describe('the web chat on the AI SDK and on the Claude Agent SDK share one catalog', () => {
  it("is offered what the Claude session offers, Claude built-ins aside; a channel's unknown and restricted tools never", async () => {
    const model = testModel();
    const { options } = chatAiSdkOptions(request, model, {}, CHANNELS);
    await generateText({ model, ...options, prompt: 'hi' });
    const claude = chatSession(request).options;
    const inProcess = (await listedTools(claude.mcpServers.themis as never)).map((t) => t.name);
    const external = claude.allowedTools
      .filter((n) => /^mcp__(metabase|sentry)__/.test(n))
      .map((n) => n.replace(/^mcp__[a-z]+__/, ''))
      .filter((n) => Object.keys({ ...CHANNELS.metabase, ...CHANNELS.sentry }).includes(n));
    const subagents = Object.keys(claude.agents ?? {});
    expect(offeredNames(model.doGenerateCalls[0]!)).toEqual(
      [...inProcess, ...external, ...subagents].sort(),
    );
    expect(offeredNames(model.doGenerateCalls[0]!)).not.toContain('delete_card');
    expect(offeredNames(model.doGenerateCalls[0]!)).not.toContain('brand_new_tool');
  });

  it("a tool switched off in the space's settings leaves both paths", async () => {
    const settings = { disabledTools: () => ['save_memory'] };
    const model = testModel();
    const { options } = chatAiSdkOptions(request, model, settings, CHANNELS);
    await generateText({ model, ...options, prompt: 'hi' });
    expect(offeredNames(model.doGenerateCalls[0]!)).not.toContain('save_memory');
    const claude = chatSession(request, settings).options;
    const inProcess = (await listedTools(claude.mcpServers.themis as never)).map((t) => t.name);
    expect(inProcess).not.toContain('save_memory');
    expect(claude.disallowedTools).toContain('mcp__themis__save_memory');
  });

  it("a trigger tool, written once, runs the caller's factory through the AI SDK", async () => {
    const jobs: ChatJob[] = [];
    const model = testModel([{ name: 'trigger_pr_review', input: { repo: 'app', number: 7 } }]);
    const { options } = chatAiSdkOptions({ ...request, jobs }, model, {
      permissionMode: 'bypassPermissions',
    });
    await generateText({ model, ...options, prompt: 'review #7', stopWhen: stepCountIs(2) });
    expect(jobs).toEqual([{ kind: 'pr_review', args: { repo: 'app', number: 7 } }]);
  });

  it('a tool switched off mid-run is refused with the reason, and leaves the next step', async () => {
    let off: string[] = [];
    // The user switches save_memory off in the settings while the model answers the first step.
    const model = testModel([{ name: 'save_memory', input: { fact: 'x' } }], () => {
      off = ['save_memory'];
    });
    const { options } = chatAiSdkOptions(request, model, {
      permissionMode: 'bypassPermissions',
      disabledTools: () => off,
    });
    const result = await generateText({
      model,
      ...options,
      prompt: 'hi',
      stopWhen: stepCountIs(2),
    });
    const denied = result.steps[0]!.content.find((p) => p.type === 'tool-approval-response');
    expect(denied).toMatchObject({ approved: false });
    expect(String((denied as { reason?: string }).reason)).toContain("'save_memory'");
    expect(offeredNames(model.doGenerateCalls[0]!)).toContain('save_memory');
    expect(offeredNames(model.doGenerateCalls[1]!)).not.toContain('save_memory');
  });
});
