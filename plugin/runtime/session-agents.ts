// The subagents and skills of one session, in the SDK's shape: an `AgentDefinition` per offered
// subagent, listing exactly its tools (the runtime otherwise lets a subagent inherit everything) and
// disallowing whatever the session disallows plus its own exclusions; the `skills` option.
import type { AgentOffer } from './agent-offer.js';
import { handedOver, type SessionOffer } from './offer.js';
import type { PolicyTables } from './policy-tables.js';

/** Assignable to the SDK's `AgentDefinition`. */
export interface SessionAgentDefinition {
  readonly description: string;
  readonly prompt: string;
  readonly model?: string;
  readonly tools: string[];
  readonly disallowedTools: string[];
  readonly skills?: string[];
  readonly maxTurns?: number;
}

/** The names a subagent may call: every tool handed to it (the runtime then decides direct, deferred or absent). */
const agentToolNames = (agent: AgentOffer) =>
  agent.tools.filter(handedOver).flatMap((o) => o.names);

function definition(
  agent: AgentOffer,
  sessionDisallowed: readonly string[],
  skills: PolicyTables['skills'],
) {
  const own = agent.tools.filter(
    (o) => o.absentBy === 'subagent' && agent.entry.exclude.includes(o.key),
  );
  const allowedSkills = agent.entry.skills.filter(
    (s) => skills === 'all' || (skills ?? []).includes(s),
  );
  const entry = agent.entry;
  return {
    description: entry.description,
    prompt: entry.prompt,
    ...(entry.model !== undefined ? { model: entry.model } : {}),
    tools: agentToolNames(agent),
    disallowedTools: [...new Set([...sessionDisallowed, ...own.flatMap((o) => o.names)])],
    ...(allowedSkills.length > 0 ? { skills: allowedSkills } : {}),
    ...(entry.maxTurns !== undefined ? { maxTurns: entry.maxTurns } : {}),
  } satisfies SessionAgentDefinition;
}

/** `agents`, `skills` and `settingSources` of the session's options, for the parts the catalog declares. */
export function sessionAgentOptions(
  tables: PolicyTables,
  offer: SessionOffer,
  disallowedTools: readonly string[],
) {
  const agents = offer.agents.filter((a) => a.offered);
  return {
    ...(agents.length > 0
      ? {
          agents: Object.fromEntries(
            agents.map((a) => [a.name, definition(a, disallowedTools, tables.skills)]),
          ) as Record<string, SessionAgentDefinition>,
        }
      : {}),
    ...(tables.skills !== undefined
      ? { skills: tables.skills === 'all' ? ('all' as const) : [...tables.skills] }
      : {}),
    // Nothing from the user's or the project's settings (skills, agents, MCP servers) unless the catalog says so.
    settingSources: [...(tables.settingSources ?? [])] as ('user' | 'project' | 'local')[],
  };
}
