// The Vercel AI SDK's names for a catalog, known at build time: each MCP tool by its wire name (an
// in-process one and an external channel's alike), each subagent by its own name; Claude runtime
// built-ins have none. Two of them under one name is what the AI SDK cannot express: its tool set is
// keyed by name alone, so `generate` fails naming both and the target.
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../diagnostics/diagnostics.js';
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { aiSdkNameOf } from './runtime/ai-sdk-names.js';

/** A tool's AI SDK names known at build time (none for a built-in, or names known only at run time). */
const aiSdkNamesOf = (t: ToolModel): string[] =>
  t.kind === 'sdk' ? [] : t.names.flatMap((n) => aiSdkNameOf(n) ?? []);

/** Whether a tool has AI SDK names the app decides at run time (mirrored or resolved). */
const namedAtRunTime = (t: ToolModel) => t.kind !== 'sdk' && t.nameSource.kind !== 'static';

export interface AiSdkNames {
  /** Every name a call may offer: tools in catalog order, then subagents. */
  readonly names: readonly string[];
  /** Some tool's names are known only at run time. */
  readonly dynamic: boolean;
  /** Two names the AI SDK cannot tell apart, each as a located error. */
  readonly problems: readonly PendingDiagnostic[];
}

export function aiSdkNames(model: CatalogModel): AiSdkNames {
  const owner = new Map<string, { readonly what: string; readonly at: PendingDiagnostic['at'] }>();
  const problems: PendingDiagnostic[] = [];
  const claim = (name: string, what: string, at: PendingDiagnostic['at']) => {
    const first = owner.get(name);
    if (first === undefined) {
      owner.set(name, { what, at });
      return;
    }
    problems.push({
      code: DIAGNOSTIC_CODES.targetCannotExpress,
      severity: 'error',
      message:
        `${what[0]!.toUpperCase()}${what.slice(1)} and ${first.what} would both be named '${name}' in the ai-sdk target: the Vercel AI ` +
        'SDK names a tool by its wire name alone (no server prefix), so it cannot tell them apart; ' +
        "rename one of them, or leave ai-sdk out of the catalog's targets.",
      ...(at ? { at } : {}),
      ...(first.at
        ? { related: [{ at: first.at, message: `${first.what} is named '${name}' here` }] }
        : {}),
    });
  };
  for (const t of model.tools)
    for (const name of aiSdkNamesOf(t))
      claim(name, `tool '${t.key}'`, {
        file: `${model.config.rootDir}/${t.source}`,
        path: [t.key],
        atKey: true,
        scope: 'tools',
      });
  for (const agent of model.agents)
    claim(
      agent.name,
      `subagent '${agent.name}'`,
      model.definitionSource === undefined
        ? undefined
        : {
            file: `${model.config.rootDir}/${model.definitionSource}`,
            path: ['agents', agent.name],
            atKey: true,
            scope: 'catalog',
          },
    );
  return { names: [...owner.keys()], dynamic: model.tools.some(namedAtRunTime), problems };
}
