// One truth across targets: for random contexts × callers × stored opt-outs, the tools the AI SDK
// target's options offer (the tool set behind `activeTools`, and each subagent's nested call) and the
// tools the OpenAI Agents SDK target's Agent offers a run (what the SDK's own `getAllTools` gives the
// run: function tools whose `isEnabled` holds, the MCP servers' tools its filters let through, and
// each subagent Agent's) are the tools the Claude session's options offer — the in-process servers it
// builds, the external tools it does not disallow, its subagents' definitions — minus the Claude
// runtime's own tools (`kind: 'sdk'`). All are the real runtime functions the generated code calls,
// over the default catalog and the themis example; each tool is given under every name the catalog
// declares. The OpenAI Agent is built once per caller and serves every case through its run options.
import { Agent, RunContext, tool, type MCPServer } from '@openai/agents';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { guardFacts } from '../../plugin/model/session-facts';
import { cliSelection, selectionCatalog } from '../../plugin/policy/session-offer';
import { appTool, type AppTool } from '../../plugin/runtime/app-tool';
import { mcpToolName, namespaceOf } from '../../plugin/runtime/names';
import { coveredBy } from '../../plugin/runtime/opt-outs';
import { sessionOptions } from '../../plugin/runtime/session';
import { aiSdkOptions } from '../../plugin/targets/ai-sdk/runtime/ai-sdk-options';
import { openAINameOf } from '../../plugin/targets/openai-agents/runtime/openai-names';
import { openAIAgentOptions } from '../../plugin/targets/openai-agents/runtime/openai-options';
import { openAIRunOptions } from '../../plugin/targets/openai-agents/runtime/openai-run';
import { loadDefaultCatalog, loadModel } from '../support/projects';
import { repoPath } from '../support/paths';

const RUNS = Number(process.env.TC_TARGET_RUNS ?? 600);

const input = z.object({});
const standIn = (name: string): AppTool =>
  appTool({ name, description: name, input, execute: () => name }) as AppTool;

/** Every static runtime name of a non-built-in tool, with its key and namespace. */
function namesOf(model: CatalogModel) {
  return model.tools
    .filter((t) => t.kind !== 'sdk')
    .flatMap((t) => t.names.map((name) => ({ key: t.key, name, namespace: namespaceOf(name)! })));
}

/** A random stored opt-out list: user tools by key or name, tools users cannot switch, patterns, junk. */
function optOuts(model: CatalogModel) {
  const user = model.tools.filter((t) => t.exposure === 'user');
  const entries = [
    ...user.flatMap((t) => [t.key, ...t.names]),
    ...model.tools
      .filter((t) => t.exposure !== 'user')
      .slice(0, 6)
      .map((t) => t.key),
    ...[...model.servers, ...model.channels].flatMap((s) => [`mcp__${s}__*`, `mcp__${s}`]),
    'mcp__*',
    'Nope',
    'mcp__elsewhere__x',
  ];
  return fc.subarray(entries, { maxLength: 6 });
}

function context(model: CatalogModel) {
  return fc.record(
    Object.fromEntries(model.conditions.map((c) => [c.field, fc.boolean()])) as Record<
      string,
      fc.Arbitrary<boolean>
    >,
  );
}

interface Case {
  readonly context: Record<string, boolean>;
  readonly caller: string | undefined;
  readonly disabledTools: string[];
}

/** Claude's side: keys of what the session offers, by the options it hands `query()`. */
function claudeSide(
  model: CatalogModel,
  c: Case,
  selection: ReturnType<typeof cliSelection>['selection'] | undefined,
) {
  const tables = policyTablesOf(model);
  const names = namesOf(model);
  const servers: Record<string, { name: string }[]> = {};
  for (const n of names)
    if (model.servers.includes(n.namespace))
      servers[n.namespace] = [
        ...(servers[n.namespace] ?? []),
        { name: n.name.slice(`mcp__${n.namespace}__`.length) },
      ];
  const built = new Set<string>();
  const session = sessionOptions(
    { tables, channels: model.channels, guard: guardFacts(model) },
    {
      agent: { disabledTools: c.disabledTools },
      context: c.context,
      ...(selection ? { selection } : {}),
      servers,
      createServer: ({ name, tools }) => {
        for (const t of tools) built.add(mcpToolName(name, t.name));
        return name;
      },
    },
  );
  const out = (name: string) => session.disallowedTools.some((entry) => coveredBy(name, entry));
  const keyOf = new Map(names.map((n) => [n.name, n.key]));
  const offered = names
    .filter((n) => (model.servers.includes(n.namespace) ? built.has(n.name) : !out(n.name)))
    .map((n) => n.key);
  const agentGate = model.tools.some((t) => t.kind === 'sdk' && t.names.includes('Agent'));
  const startsAgents = !agentGate || session.tools.includes('Agent');
  const agents = Object.entries(session.agents ?? {})
    .map(
      ([agent, d]) =>
        [agent, [...new Set(d.tools.flatMap((n) => keyOf.get(n) ?? []))].sort()] as const,
    )
    .filter(([, keys]) => startsAgents && keys.length > 0);
  return { keys: [...new Set(offered)].sort(), agents: Object.fromEntries(agents) };
}

/** The AI SDK's side: keys of the tool set behind `activeTools`, and each subagent's nested call. */
async function aiSdkSide(
  model: CatalogModel,
  c: Case,
  selection: ReturnType<typeof cliSelection>['selection'] | undefined,
) {
  const tables = policyTablesOf(model);
  const names = namesOf(model);
  const tools: Record<string, AppTool[]> = {};
  for (const n of names)
    tools[n.namespace] = [
      ...(tools[n.namespace] ?? []),
      standIn(n.name.slice(`mcp__${n.namespace}__`.length)),
    ];
  const keyOf = (namespaceFree: string) =>
    names.find((n) => n.name.endsWith(`__${namespaceFree}`))?.key;
  let nested: { tools: Record<string, unknown>; activeTools: string[] } | undefined;
  const sdk = {
    generateText: async (options: never) => {
      nested = options;
      return { text: '' };
    },
    jsonSchema: (schema: never) => schema,
  };
  const options = aiSdkOptions({ tables, major: 7 }, sdk, {
    agent: { disabledTools: c.disabledTools },
    context: c.context,
    ...(selection ? { selection } : {}),
    tools,
    model: 'test-model',
  });
  const agentNames = new Set(model.agents.map((a) => a.name));
  const keys = options.activeTools.filter((n) => !agentNames.has(n)).map((n) => keyOf(n)!);
  const agents: Record<string, string[]> = {};
  for (const agent of options.activeTools.filter((n) => agentNames.has(n))) {
    const run = options.tools[agent] as unknown as {
      execute: (input: unknown, o: unknown) => Promise<unknown>;
    };
    await run.execute({ task: 'x' }, {});
    expect(Object.keys(nested!.tools)).toEqual(nested!.activeTools);
    agents[agent] = [...new Set(nested!.activeTools.map((n) => keyOf(n)!))].sort();
  }
  return { keys: [...new Set(keys)].sort(), agents };
}

/** An MCP server listing the catalogued wires of `channel` (the app's connection to it). */
const channelServer = (model: CatalogModel, channel: string): MCPServer =>
  ({
    name: channel,
    cacheToolsList: false,
    listTools: async () =>
      namesOf(model)
        .filter((n) => n.namespace === channel)
        .map((n) => ({ name: n.name.slice(`mcp__${channel}__`.length), inputSchema: {} })),
  }) as unknown as MCPServer;

/** One OpenAI Agent per caller, built once: its root and every subagent Agent it made. */
function openAIAgent(model: CatalogModel, caller: string | undefined) {
  const tables = policyTablesOf(model);
  const catalog = selectionCatalog(model);
  const made: Agent[] = [];
  class Recorded extends Agent {
    constructor(config: { readonly name: string }) {
      super(config);
      made.push(this);
    }
  }
  const tools: Record<string, AppTool[]> = {};
  for (const n of namesOf(model))
    if (model.servers.includes(n.namespace))
      tools[n.namespace] = [
        ...(tools[n.namespace] ?? []),
        standIn(n.name.slice(`mcp__${n.namespace}__`.length)),
      ];
  const options = openAIAgentOptions(
    { tables },
    { tool, Agent: Recorded },
    {
      context: {},
      tools,
      mcpServers: Object.fromEntries(model.channels.map((c) => [c, channelServer(model, c)])),
      ...(caller === undefined
        ? {}
        : {
            select: (context: unknown) =>
              cliSelection(model, caller, context as Record<string, boolean>, catalog).selection,
          }),
    },
  );
  const root = new Agent({ name: 'root', ...options } as never);
  return { root, subagents: new Map(made.map((a) => [a.name, a])) };
}

/** The OpenAI side: keys of what the SDK gives a run of the Agent, and each subagent Agent's. */
async function openAISide(agent: ReturnType<typeof openAIAgent>, model: CatalogModel, c: Case) {
  const tables = policyTablesOf(model);
  const keyOf = new Map(namesOf(model).map((n) => [openAINameOf(n.name)!, n.key]));
  const run = new RunContext(
    openAIRunOptions(tables, { context: c.context, agent: { disabledTools: c.disabledTools } })
      .context,
  );
  const keysOf = async (a: Agent) =>
    (await a.getAllTools(run)).map((t) => (t as { name: string }).name);
  const offered = await keysOf(agent.root);
  const agents: Record<string, string[]> = {};
  for (const [name, sub] of agent.subagents)
    if (offered.includes(name))
      agents[name] = [...new Set((await keysOf(sub)).map((n) => keyOf.get(n)!))].sort();
  const keys = offered.filter((n) => !agent.subagents.has(n)).map((n) => keyOf.get(n)!);
  return { keys: [...new Set(keys)].sort(), agents };
}

async function agree(model: CatalogModel) {
  const catalog = selectionCatalog(model);
  const callers = Object.keys(model.callers);
  const cases = fc.record({
    context: context(model),
    caller: callers.length === 0 ? fc.constant(undefined) : fc.constantFrom(undefined, ...callers),
    disabledTools: optOuts(model),
  });
  const agents = new Map<string | undefined, ReturnType<typeof openAIAgent>>();
  const agentFor = (caller: string | undefined) => {
    let agent = agents.get(caller);
    if (agent === undefined) {
      agent = openAIAgent(model, caller);
      agents.set(caller, agent);
    }
    return agent;
  };
  let count = 0;
  let openAIMs = 0;
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(cases, async (c) => {
      count++;
      const selection =
        c.caller === undefined
          ? undefined
          : cliSelection(model, c.caller, c.context, catalog).selection;
      const claude = claudeSide(model, c, selection);
      const ai = await aiSdkSide(model, c, selection);
      expect(ai.keys).toEqual(claude.keys);
      expect(ai.agents).toEqual(claude.agents);
      const before = performance.now();
      const openAI = await openAISide(agentFor(c.caller), model, c);
      openAIMs += performance.now() - before;
      expect(openAI.keys).toEqual(claude.keys);
      expect(openAI.agents).toEqual(claude.agents);
    }),
    { numRuns: RUNS },
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `targets agree on ${model.name}: ${count} cases, ${Math.round(count / seconds)} cases/s ` +
      `(the OpenAI Agents SDK's side alone: ${Math.round((count * 1000) / openAIMs)} cases/s)`,
  );
}

describe('the AI SDK and OpenAI Agents SDK targets offer what the Claude session offers, Claude built-ins aside', () => {
  it('on the default catalog', async () => {
    await agree((await loadDefaultCatalog()).model);
  });

  it('on the themis example, for every caller', async () => {
    await agree(await loadModel(repoPath('examples/themis-agent')));
  });
});
