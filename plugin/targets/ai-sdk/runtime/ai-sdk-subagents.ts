// The catalog's subagents in an AI SDK call: each one the session offers becomes a tool whose
// `execute` runs a nested `generateText` call (the AI SDK's subagent pattern) with the subagent's
// prompt as its system prompt, the model's task as its prompt and only the subagent's own offer as
// its tools — narrowed, like the parent call, by the live snapshot before every step and call.
import {
  handedOver,
  type AgentOffer,
  type PolicyTables,
  type SessionOffer,
} from '../../../runtime/index.js';
import { aiSdkNameOf } from './ai-sdk-names.js';
import {
  callControls,
  guarded,
  type AiSdkFunctions,
  type AiSdkTool,
  type CallScope,
} from './ai-sdk-call.js';

export interface SubagentSettings {
  /** The model the subagents' nested calls run on: needed when the session offers a subagent. */
  readonly model?: unknown;
  /** Steps a nested call may take when the catalog gives the subagent no `maxTurns` (default 10). */
  readonly subagentSteps?: number;
}

/** The runtime's name for the tool that starts subagents; in the AI SDK it only gates them. */
const AGENT = 'Agent';

/** The AI SDK names of what `agent` may use: its share of the offer, Claude built-ins left out. */
function agentToolNames(tables: PolicyTables, agent: AgentOffer): string[] {
  return agent.tools
    .filter((o) => handedOver(o) && tables.tools[o.index]!.kind !== 'sdk')
    .flatMap((o) => o.names.map(aiSdkNameOf).filter((n): n is string => n !== undefined));
}

/**
 * The subagents the call offers: those the session offers that keep a tool once Claude built-ins are
 * left out, while the catalog's `Agent` tool (when it declares one) is handed over.
 */
export function offeredSubagents(tables: PolicyTables, offer: SessionOffer): AgentOffer[] {
  const gate = offer.tools.find(
    (o) => tables.tools[o.index]!.kind === 'sdk' && o.names.includes(AGENT),
  );
  if (gate !== undefined && !handedOver(gate)) return [];
  return offer.agents.filter((a) => a.offered && agentToolNames(tables, a).length > 0);
}

/** A subagent's call: the parent's refusals, then the subagent's own share of the offer now. */
function agentScope(parent: CallScope, name: string): CallScope {
  const scope: CallScope = {
    ...parent,
    refusal: (tool) => {
      const why = parent.refusal(tool);
      if (why !== undefined) return why;
      const current = parent.current();
      if (typeof current === 'string') return current;
      const agent = current.agents.find((a) => a.name === name);
      const runtimeName = parent.toolOf(tool)?.runtimeName ?? '';
      const o = agent?.tools.find((t) => t.names.includes(runtimeName));
      if (agent !== undefined && o !== undefined && o.state !== 'absent') return undefined;
      return `'${tool}' is not offered to the subagent '${name}' now: ${o?.detail ?? 'not among its tools'}`;
    },
  };
  return scope;
}

/** Each offered subagent as a tool of the parent call, by its name. */
export function subagentTools(
  tables: PolicyTables,
  offer: SessionOffer,
  sdk: AiSdkFunctions,
  input: SubagentSettings & { readonly disallowed?: unknown },
  parent: CallScope,
  made: ReadonlyMap<string, AiSdkTool>,
): Record<string, AiSdkTool> {
  const agents = offeredSubagents(tables, offer);
  if (agents.length > 0 && input.model === undefined)
    throw new TypeError(
      `The session offers the subagents ${agents.map((a) => `'${a.name}'`).join(', ')}: pass ` +
        '`model`, the model their nested calls run on.',
    );
  const out: Record<string, AiSdkTool> = {};
  for (const agent of agents) {
    const scope = agentScope(parent, agent.name);
    const names = agentToolNames(tables, agent).filter((n) => made.has(n));
    const tools = Object.fromEntries(names.map((n) => [n, guarded(made.get(n)!, n, scope)]));
    const steps = agent.entry.maxTurns ?? input.subagentSteps ?? 10;
    out[agent.name] = {
      description: agent.entry.description,
      inputSchema: sdk.jsonSchema({
        type: 'object',
        properties: { task: { type: 'string', description: 'What the subagent is to do' } },
        required: ['task'],
        additionalProperties: false,
      } as never),
      execute: async (
        { task }: { readonly task: string },
        options?: { readonly abortSignal?: AbortSignal },
      ) => {
        const result = await sdk.generateText({
          model: input.model,
          system: agent.entry.prompt,
          prompt: task,
          tools,
          ...callControls(scope, names, input.disallowed !== undefined),
          stopWhen: ({ steps: done }: { readonly steps: readonly unknown[] }) =>
            done.length >= steps,
          ...(options?.abortSignal ? { abortSignal: options.abortSignal } : {}),
        } as never);
        return result.text;
      },
    } as AiSdkTool;
  }
  return out;
}
