// The guard's view of a call a subagent makes: the runtime names the subagent in the hook input
// (`agent_type`, with `agent_id` when the call comes from a subagent and not the main thread). A call
// is then decided against that subagent's share of the offer: a tool that is not among its own is
// denied, and so is every call of a subagent the catalog does not declare.
import { AGENT, notItsOwn } from './agent-offer.js';
import type { PreparedPolicy } from './policy-tables.js';

/** The fields of the hook input that name the agent whose call it is. */
export interface SubagentFields {
  readonly agent_type?: unknown;
  readonly agent_id?: unknown;
}

/** The subagent a call comes from: its type (its name), or an error when the input names it badly. */
export type CallingSubagent =
  | { readonly name: string; readonly problem?: undefined }
  | { readonly name?: undefined; readonly problem: string };

/** The subagent named by the hook input, or undefined for a call of the main thread. */
export function callingSubagent(input: SubagentFields): CallingSubagent | undefined {
  const type = input.agent_type;
  const id = input.agent_id;
  if (type === undefined && id === undefined) return undefined;
  if (typeof type === 'string' && type !== '') return { name: type };
  return {
    problem:
      type === undefined
        ? `the call comes from a subagent (agent_id ${JSON.stringify(id)}) whose type the hook input does not name`
        : `the hook input names the calling agent by ${JSON.stringify(type)}, which is no subagent's name`,
  };
}

/**
 * Why the catalog's tables deny `tool` to `subagent`, or undefined when they leave it to the offer. A
 * catalog that declares subagents denies every other one; one that declares none leaves the runtime's
 * own subagents the session's offer. No subagent starts a subagent.
 */
export function subagentReason(
  p: PreparedPolicy,
  subagent: string,
  tool: string,
): string | undefined {
  const declared = p.tables.agents ?? [];
  const entry = declared.find((a) => a.name === subagent);
  if (entry === undefined) {
    if (declared.length > 0)
      return (
        `'${tool}' is called by the subagent '${subagent}', which the tool catalog does not ` +
        `declare (its subagents: ${declared.map((a) => a.name).join(', ')})`
      );
    return tool === AGENT
      ? `'${tool}' is called by the subagent '${subagent}': subagents do not start subagents`
      : undefined;
  }
  const index = p.indexOf.get(tool);
  if (index === undefined) return `'${tool}' is not among the tools of subagent '${subagent}'`;
  const own = notItsOwn(p.tables, entry, index, p.names[index]!);
  return own === undefined ? undefined : `'${tool}' is denied to subagent '${subagent}': ${own}`;
}
