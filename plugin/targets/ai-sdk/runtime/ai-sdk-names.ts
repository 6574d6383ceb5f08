// How the Vercel AI SDK names the catalog's tools: an MCP tool (in-process or of an external channel)
// by its bare wire name, as `@ai-sdk/mcp`'s client lists it; a Claude runtime built-in not at all.
// And what one call refuses now: the start offer, narrowed by the app's live snapshot.
import {
  computeOffer,
  namespaceOf,
  type OfferInput,
  type PolicyTables,
  type SessionOffer,
} from '../../../runtime/index.js';

/**
 * The AI SDK's name for a runtime name: `mcp__cherry-tools__cron` → `cron`; undefined for a Claude
 * built-in (`Bash`), which the AI SDK does not have.
 */
export function aiSdkNameOf(runtimeName: string): string | undefined {
  const namespace = namespaceOf(runtimeName);
  if (namespace === undefined) return undefined;
  return runtimeName.slice(`mcp__${namespace}__`.length);
}

/** A tool of one call: what decides its offer. */
export interface CallTool {
  /** The catalog's runtime name (`mcp__<server>__<wire>`); undefined for a subagent. */
  readonly runtimeName?: string;
  /** The subagent it starts, for a subagent's tool. */
  readonly subagent?: string;
}

/** Why a call to `tool` is refused in `offer`, or undefined when it is offered. */
export function refusalIn(offer: SessionOffer, tool: CallTool): string | undefined {
  if (tool.subagent !== undefined) {
    const agent = offer.agents.find((a) => a.name === tool.subagent);
    return agent?.offered
      ? undefined
      : `the subagent '${tool.subagent}' has no tool it may use now`;
  }
  const name = tool.runtimeName ?? '';
  return offer.stateOf(name) === 'absent' ? offer.whyAbsent(name) : undefined;
}

/**
 * The offer of one call as it stands now: the start offer's input with the app's live snapshot
 * (`disallowed()`) added to the overlay, so a catalog key or runtime name takes its pair group and
 * dependents with it, and a server pattern its server. AI SDK names are read as their runtime names.
 * A snapshot that throws or is not a list of names refuses everything (the reason is returned).
 */
export function liveOffer(
  tables: PolicyTables,
  start: OfferInput,
  disallowed: () => unknown,
  runtimeNameOf: (name: string) => string | undefined,
): SessionOffer | string {
  let names: unknown;
  try {
    names = disallowed();
  } catch (error) {
    return `disallowed() threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
    return 'disallowed() did not return a list of names';
  const overlay = [
    ...(start.options?.overlay ?? []),
    ...(names as string[]).map((n) => runtimeNameOf(n) ?? n),
  ];
  return computeOffer(tables, { ...start, options: { ...start.options, overlay } });
}
