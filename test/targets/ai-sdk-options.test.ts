// The AI SDK target's runtime on the SDK itself, ai 7 and ai 6 (an npm alias): the tool set and
// activeTools hold exactly the offer, under wire names; an MCP client's tools are filtered; approval
// takes each major's form; a tool switched off mid-run leaves the next step and a call to it is
// refused with the reason; subagents run nested calls with their own offer.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { appTool } from '../../plugin/runtime/app-tool';
import { DuplicateToolError } from '../../plugin/runtime/errors';
import { aiSdkOptions } from '../../plugin/targets/ai-sdk/runtime/ai-sdk-options';
import { demoModel } from '../support/catalog-model';

const model = demoModel(
  {
    conditions: { 'has-git': 'the session folder is a git work tree' },
    pairGroups: ['notes'],
    servers: { notes: {}, other: {} },
    channels: { docs: {} },
    agents: {
      scribe: { description: 'Writes notes', prompt: 'You write notes.', tools: ['Search', 'Pin'] },
    },
  },
  {
    Bash: { kind: 'sdk', exposure: 'user' },
    Agent: { kind: 'sdk' },
    Search: {
      kind: 'mcp',
      server: 'notes',
      wire: 'search',
      exposure: 'user',
      pairGroup: 'notes',
      approval: 'auto',
    },
    Pin: { kind: 'mcp', server: 'notes', wire: 'pin', pairGroup: 'notes' },
    Branch: {
      kind: 'mcp',
      server: 'notes',
      wire: 'branch',
      exposure: 'conditional',
      condition: 'has-git',
    },
    Lookup: { kind: 'external', channel: 'docs', wires: ['lookup'], approval: 'auto' },
    Wipe: { kind: 'external', channel: 'docs', wires: ['wipe'], restricted: true },
  },
);
const tables = policyTablesOf(model);

const tool = (name: string, ran: string[]) =>
  appTool({
    name,
    description: `The ${name} tool`,
    input: z.object({ text: z.string() }),
    execute: ({ text }) => {
      ran.push(name);
      return `${name}: ${text}`;
    },
  });

/** An MCP client's tool set for the `docs` channel: what `@ai-sdk/mcp`'s `tools()` gives, by wire name. */
const docsClientTools = (ran: string[]) =>
  Object.fromEntries(
    ['lookup', 'wipe', 'brand_new'].map((name) => [
      name,
      {
        description: name,
        inputSchema: z.object({ text: z.string() }),
        execute: () => {
          ran.push(name);
          return name;
        },
      },
    ]),
  );

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

type Reply = { calls: { name: string; input: unknown }[] } | { text: string };

/** The SDK's test model answering each step with `reply(step)`. */
function testModel(sdk: SdkUnderTest, reply: (step: number) => Reply) {
  let step = 0;
  return new sdk.Mock({
    doGenerate: async () => {
      const r = reply(step++);
      return {
        content:
          'text' in r
            ? [{ type: 'text', text: r.text }]
            : r.calls.map((c, i) => ({
                type: 'tool-call',
                toolCallId: `c${step}-${i}`,
                toolName: c.name,
                input: JSON.stringify(c.input),
              })),
        finishReason: { unified: 'text' in r ? 'stop' : 'tool-calls', raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

interface SdkUnderTest {
  readonly major: 6 | 7;
  // biome-ignore lint/suspicious/noExplicitAny: the SDK module of either major
  readonly ai: any;
  // biome-ignore lint/suspicious/noExplicitAny: the test model of either major
  readonly Mock: any;
}

async function sdkOf(name: 'ai' | 'ai-6'): Promise<SdkUnderTest> {
  const ai = await import(name);
  const test = await import(`${name}/test`);
  return {
    major: name === 'ai' ? 7 : 6,
    ai,
    Mock: test.MockLanguageModelV4 ?? test.MockLanguageModelV3,
  };
}

const toolNames = (call: { tools?: { name: string }[] }) => (call.tools ?? []).map((t) => t.name);
const parts = (result: { steps: { content: Record<string, unknown>[] }[] }, step = 0) =>
  result.steps[step]!.content.map((p) => [
    p.type,
    p.toolName ?? (p.toolCall as { toolName?: string } | undefined)?.toolName ?? null,
  ]);

describe.each(['ai', 'ai-6'] as const)('the AI SDK options on %s', (name) => {
  it('offer exactly the policy under wire names: app tools and an MCP client filtered, no built-in, nothing restricted or unknown', async () => {
    const sdk = await sdkOf(name);
    const ran: string[] = [];
    const options = aiSdkOptions({ tables, major: sdk.major }, sdk.ai, {
      context: { hasGit: false },
      agent: { disabledTools: [] },
      tools: {
        notes: [tool('search', ran), tool('pin', ran), tool('branch', ran), tool('stray', ran)],
        other: [tool('search', ran)],
        docs: docsClientTools(ran),
      },
      approval: 'allow',
      model: testModel(sdk, () => ({ text: 'done' })),
    });
    expect(Object.keys(options.tools)).toEqual(['search', 'pin', 'lookup', 'scribe']);
    expect(options.activeTools).toEqual(['search', 'pin', 'lookup', 'scribe']);
    expect('prepareStep' in options).toBe(false);
    expect('toolApproval' in options).toBe(sdk.major >= 7);
    const model = testModel(sdk, () => ({ text: 'done' }));
    await sdk.ai.generateText({ model, ...options, prompt: 'hi' });
    expect(toolNames(model.doGenerateCalls[0])).toEqual(['search', 'pin', 'lookup', 'scribe']);
  });

  it('leave out what the user switched off (with its pair group), and say which stored entries changed nothing', async () => {
    const sdk = await sdkOf(name);
    const options = aiSdkOptions({ tables, major: sdk.major }, sdk.ai, {
      context: { hasGit: true },
      agent: { disabledTools: ['Search', 'Nope'] },
      tools: { notes: [tool('search', []), tool('pin', []), tool('branch', [])] },
      model: testModel(sdk, () => ({ text: 'done' })),
    });
    expect(options.activeTools).toEqual(['branch']);
    expect(options.ignoredOptOuts.map((o) => o.entry)).toEqual(['Nope']);
  });

  it('a call outside the offer never runs: NoSuchToolError', async () => {
    const sdk = await sdkOf(name);
    const ran: string[] = [];
    const options = aiSdkOptions({ tables, major: sdk.major }, sdk.ai, {
      context: { hasGit: false },
      tools: { notes: [tool('search', ran), tool('branch', ran)], docs: docsClientTools(ran) },
      approval: 'allow',
      model: testModel(sdk, () => ({ text: 'done' })),
    });
    const model = testModel(sdk, (step) =>
      step === 0
        ? { calls: ['branch', 'wipe', 'brand_new'].map((n) => ({ name: n, input: { text: 'x' } })) }
        : { text: 'done' },
    );
    const result = await sdk.ai.generateText({ model, ...options, prompt: 'hi' });
    expect(ran).toEqual([]);
    const errors = result.steps[0].content.filter(
      (p: Record<string, unknown>) => p.type === 'tool-error',
    );
    expect(errors.map((p: { toolName: string }) => p.toolName)).toEqual([
      'branch',
      'wipe',
      'brand_new',
    ]);
    for (const e of errors) expect(String(e.error)).toMatch(/unavailable tool/);
  });

  it("approval in the major's form: a tool that follows the permission mode waits for the user, an auto one runs", async () => {
    const sdk = await sdkOf(name);
    const ran: string[] = [];
    const options = aiSdkOptions({ tables, major: sdk.major }, sdk.ai, {
      context: { hasGit: false },
      tools: { notes: [tool('search', ran), tool('pin', ran)] },
      model: testModel(sdk, () => ({ text: 'done' })),
    });
    const pin = options.tools.pin as { needsApproval?: unknown };
    expect(pin.needsApproval).toBe(sdk.major === 6 ? true : undefined);
    const model = testModel(sdk, (step) =>
      step === 0
        ? { calls: ['search', 'pin'].map((n) => ({ name: n, input: { text: 'x' } })) }
        : { text: 'done' },
    );
    const result = await sdk.ai.generateText({ model, ...options, prompt: 'hi' });
    expect(ran).toEqual(['search']);
    expect(parts(result)).toContainEqual(['tool-approval-request', 'pin']);
    expect(parts(result)).toContainEqual(['tool-result', 'search']);
  });

  it('a tool switched off mid-run is refused with the reason and leaves the next step, with its pair group', async () => {
    const sdk = await sdkOf(name);
    const ran: string[] = [];
    let off: string[] = [];
    const options = aiSdkOptions({ tables, major: sdk.major }, sdk.ai, {
      context: { hasGit: true },
      tools: { notes: [tool('search', ran), tool('pin', ran), tool('branch', ran)] },
      approval: 'allow',
      disallowed: () => off,
      model: testModel(sdk, () => ({ text: 'done' })),
    });
    expect(typeof options.prepareStep).toBe('function');
    const model = testModel(sdk, (step) => {
      // The user switches Search off while the model answers the first step.
      off = ['Search'];
      return step === 0 ? { calls: [{ name: 'search', input: { text: 'x' } }] } : { text: 'done' };
    });
    const result = await sdk.ai.generateText({
      model,
      ...options,
      prompt: 'hi',
      stopWhen: sdk.ai.stepCountIs(2),
    });
    expect(ran).toEqual([]);
    expect(toolNames(model.doGenerateCalls[0])).toEqual(['search', 'pin', 'branch', 'scribe']);
    // Its pair group (Pin) goes with it at the next step, and the subagent left with no tool.
    expect(toolNames(model.doGenerateCalls[1])).toEqual(['branch']);
    const content = result.steps[0].content as Record<string, unknown>[];
    const said =
      sdk.major >= 7
        ? content.find((p) => p.type === 'tool-approval-response')?.reason
        : String(content.find((p) => p.type === 'tool-error')?.error);
    expect(said).toContain("'Search' is not offered in this session");
  });

  it('a subagent is a tool whose nested call is offered its own share, and needs a model', async () => {
    const sdk = await sdkOf(name);
    const ran: string[] = [];
    const nested = testModel(sdk, () => ({ text: 'noted' }));
    const options = aiSdkOptions({ tables, major: sdk.major }, sdk.ai, {
      context: { hasGit: true },
      tools: { notes: [tool('search', ran), tool('pin', ran), tool('branch', ran)] },
      model: nested,
    });
    const model = testModel(sdk, (step) =>
      step === 0
        ? { calls: [{ name: 'scribe', input: { task: 'take a note' } }] }
        : { text: 'done' },
    );
    const result = await sdk.ai.generateText({
      model,
      ...options,
      prompt: 'hi',
      stopWhen: sdk.ai.stepCountIs(2),
    });
    expect(parts(result)).toContainEqual(['tool-result', 'scribe']);
    expect(toolNames(nested.doGenerateCalls[0])).toEqual(['search', 'pin']);
    expect(nested.doGenerateCalls[0].prompt[0]).toEqual({
      role: 'system',
      content: 'You write notes.',
    });
    expect(() =>
      aiSdkOptions({ tables, major: sdk.major }, sdk.ai, { context: { hasGit: true } }),
    ).toThrow("The session offers the subagents 'scribe': pass `model`");
  });
});

describe('the AI SDK options refuse what the AI SDK cannot tell apart', () => {
  it('two offered tools under one wire name (two servers): DuplicateToolError naming both', async () => {
    const twin = demoModel(
      { servers: { notes: {}, other: {} } },
      {
        Search: { kind: 'mcp', server: 'notes', wire: 'search' },
        OtherSearch: { kind: 'mcp', server: 'other', wire: 'search' },
      },
    );
    const sdk = await sdkOf('ai');
    expect(() =>
      aiSdkOptions({ tables: policyTablesOf(twin), major: 7 }, sdk.ai, {
        context: {},
        tools: { notes: [tool('search', [])], other: [tool('search', [])] },
      }),
    ).toThrow(DuplicateToolError);
  });
});
