// A target whose SDK knows each tool by its wire name alone (the Vercel AI SDK, the OpenAI Agents
// SDK): its names for a catalog, known at build time, and a session's offer in those names. Each
// MCP tool goes by its wire name (no server prefix), each subagent by its own name; Claude runtime
// built-ins have none (the SDK has no such tools). Two of them under one name is what such an SDK
// cannot express, so `generate` fails naming both and the target.
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import type { AgentOffer } from '../runtime/agent-offer.js';
import { handedOver, type SessionOffer } from '../runtime/offer.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import type { TargetOffer } from './target.js';

/** How one such SDK names things: each target's runtime says it. */
export interface WireNaming {
  /** The target, as a catalog's `targets` lists it. */
  readonly target: string;
  /** The SDK, as messages name it. */
  readonly sdk: string;
  /** A runtime name as the SDK sends it; undefined for one it has no name for. */
  readonly nameOf: (name: string) => string | undefined;
  /** A subagent's name as the SDK sends it. */
  readonly agentName: (name: string) => string;
  /** What else the SDK does to a name, for messages: `, with …` or nothing. */
  readonly rewrites: string;
  /** The subagents a session offers (the target's runtime decides). */
  readonly offeredSubagents: (tables: PolicyTables, offer: SessionOffer) => AgentOffer[];
}

/** A tool's names known at build time (none for a built-in, or names known only at run time). */
const namesOf = (naming: WireNaming, t: ToolModel): string[] =>
  t.kind === 'sdk' ? [] : t.names.flatMap((n) => naming.nameOf(n) ?? []);

/** Whether a tool has names the app decides at run time (mirrored or resolved). */
const namedAtRunTime = (t: ToolModel) => t.kind !== 'sdk' && t.nameSource.kind !== 'static';

export interface WireNames {
  /** Every name a call may offer: tools in catalog order, then subagents. */
  readonly names: readonly string[];
  /** Some tool's names are known only at run time. */
  readonly dynamic: boolean;
  /** Two names the SDK cannot tell apart, each as a located error. */
  readonly problems: readonly PendingDiagnostic[];
}

type At = PendingDiagnostic['at'];

export function wireNames(model: CatalogModel, naming: WireNaming): WireNames {
  const owner = new Map<string, { readonly what: string; readonly at: At }>();
  const problems: PendingDiagnostic[] = [];
  const { target, sdk, rewrites } = naming;
  const claim = (name: string, what: string, at: At) => {
    const first = owner.get(name);
    if (first === undefined) {
      owner.set(name, { what, at });
      return;
    }
    const What = `${what[0]!.toUpperCase()}${what.slice(1)}`;
    problems.push({
      code: DIAGNOSTIC_CODES.targetCannotExpress,
      severity: 'error',
      message:
        `${What} and ${first.what} would both be named '${name}' ` +
        `in the ${target} target: the ${sdk} names a tool by ` +
        `its wire name alone (no server prefix)${rewrites}, ` +
        'so it cannot tell them apart; rename one of them, ' +
        `or leave ${target} out of the catalog's targets.`,
      ...(at ? { at } : {}),
      ...(first.at
        ? {
            related: [
              {
                at: first.at,
                message: `${first.what} is named '${name}' here`,
              },
            ],
          }
        : {}),
    });
  };
  const { rootDir } = model.config;
  for (const t of model.tools)
    for (const name of namesOf(naming, t))
      claim(name, `tool '${t.key}'`, {
        file: `${rootDir}/${t.source}`,
        path: [t.key],
        atKey: true,
        scope: 'tools',
      });
  const source = model.definitionSource;
  for (const agent of model.agents)
    claim(
      naming.agentName(agent.name),
      `subagent '${agent.name}'`,
      source === undefined
        ? undefined
        : {
            file: `${rootDir}/${source}`,
            path: ['agents', agent.name],
            atKey: true,
            scope: 'catalog',
          },
    );
  return {
    names: [...owner.keys()],
    dynamic: model.tools.some(namedAtRunTime),
    problems,
  };
}

/** A session's offer (the one every target shares) in the SDK's names. */
export function wireNamedOffer(
  naming: WireNaming,
  model: CatalogModel,
  tables: PolicyTables,
  offer: SessionOffer,
): TargetOffer {
  const sent = (names: readonly string[]) => names.flatMap((n) => naming.nameOf(n) ?? []);
  const offered = new Set(naming.offeredSubagents(tables, offer).map((a) => a.name));
  const builtIn = (index: number) => model.tools[index]!.kind === 'sdk';
  const why = `a Claude runtime built-in: the ${naming.sdk} has no such tool`;
  return {
    tools: offer.tools
      .filter((o) => !builtIn(o.index))
      .map((o) => ({
        key: o.key,
        names: sent(o.names),
        offered: handedOver(o),
        ...(!handedOver(o) && o.detail !== undefined ? { detail: o.detail } : {}),
      })),
    subagents: offer.agents.map((a) => ({
      name: a.name,
      offered: offered.has(a.name),
      tools: sent(
        a.tools.filter((o) => handedOver(o) && !builtIn(o.index)).flatMap((o) => o.names),
      ),
    })),
    leftOut: offer.tools.filter((o) => builtIn(o.index)).map((o) => ({ key: o.key, why })),
  };
}
