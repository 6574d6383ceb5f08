// A declared external channel through `@ai-sdk/mcp`'s real client, connected to a real MCP server: the
// client gives the server's tools under their bare wire names, and the AI SDK options keep only the
// ones the catalog allows — not the restricted one, not one the catalog does not know — and the
// allowed one's call reaches the server on the AI SDK's own test model.
import { createMCPClient } from '@ai-sdk/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { aiSdkOptions } from '../../plugin/targets/ai-sdk/runtime/ai-sdk-options';
import { demoModel } from '../support/catalog-model';

const model = demoModel(
  { conditions: { 'docs-connected': 'the docs channel is connected' }, channels: { docs: {} } },
  {
    Lookup: {
      kind: 'external',
      channel: 'docs',
      wires: ['lookup'],
      available: 'docs-connected',
      approval: 'auto',
    },
    Wipe: { kind: 'external', channel: 'docs', wires: ['wipe'], restricted: true },
  },
);

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A real MCP server with the catalogued tools and one the catalog does not know; `ran` records calls. */
async function docsClient(ran: string[]) {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  for (const name of ['lookup', 'wipe', 'brand_new'])
    server.registerTool(
      name,
      { description: name, inputSchema: { term: z.string() } },
      async ({ term }) => {
        ran.push(name);
        return { content: [{ type: 'text', text: `${name}: ${term}` }] };
      },
    );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = await createMCPClient({ transport: clientSide as never });
  closing.push(() => client.close());
  return client;
}

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe("an MCP channel through @ai-sdk/mcp's client", () => {
  it('gives bare wire names, and the options keep only the allowed ones; the allowed call reaches the server', async () => {
    const ran: string[] = [];
    const client = await docsClient(ran);
    const listed = await client.tools();
    expect(Object.keys(listed).sort()).toEqual(['brand_new', 'lookup', 'wipe']);
    const ai = await import('ai');
    const options = aiSdkOptions({ tables: policyTablesOf(model), major: 7 }, ai, {
      context: { docsConnected: true },
      tools: { docs: listed },
    });
    expect(options.activeTools).toEqual(['lookup']);
    let step = 0;
    const mock = new MockLanguageModelV4({
      doGenerate: async () => ({
        content:
          step++ === 0
            ? ['lookup', 'wipe', 'brand_new'].map((name, i) => ({
                type: 'tool-call' as const,
                toolCallId: `c${i}`,
                toolName: name,
                input: JSON.stringify({ term: 'x' }),
              }))
            : [{ type: 'text' as const, text: 'done' }],
        finishReason: {
          unified: step === 1 ? ('tool-calls' as const) : ('stop' as const),
          raw: undefined,
        },
        usage: USAGE,
        warnings: [],
      }),
    });
    await generateText({ model: mock, ...options, prompt: 'hi', stopWhen: stepCountIs(2) });
    expect(mock.doGenerateCalls[0]!.tools?.map((t) => t.name)).toEqual(['lookup']);
    expect(ran).toEqual(['lookup']);
  });

  it('offers nothing of the channel while its condition is false', async () => {
    const client = await docsClient([]);
    const ai = await import('ai');
    const options = aiSdkOptions({ tables: policyTablesOf(model), major: 7 }, ai, {
      context: { docsConnected: false },
      tools: { docs: await client.tools() },
    });
    expect(options.activeTools).toEqual([]);
  });
});
