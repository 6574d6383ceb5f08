// The OpenAI Agents SDK's names for a catalog, known at build time: each MCP tool by its wire name (an
// in-process one and one of an MCP server the app connects alike), each subagent by its own name, both
// with every character other than a letter or digit sent as `_`; Claude runtime built-ins have none.
// Two of them under one name is what the SDK cannot express: an Agent's tools are found by name alone,
// so `generate` fails naming both and the target.
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../../diagnostics/diagnostics.js';
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { openAINameOf, openAIToolName } from './runtime/openai-names.js';

/** A tool's SDK names known at build time (none for a built-in, or names known only at run time). */
const openAINamesOf = (t: ToolModel): string[] =>
  t.kind === 'sdk' ? [] : t.names.flatMap((n) => openAINameOf(n) ?? []);

/** Whether a tool has names the app decides at run time (mirrored or resolved). */
const namedAtRunTime = (t: ToolModel) => t.kind !== 'sdk' && t.nameSource.kind !== 'static';

export interface OpenAINames {
  /** Every name an Agent may offer: tools in catalog order, then subagents. */
  readonly names: readonly string[];
  /** Some tool's names are known only at run time. */
  readonly dynamic: boolean;
  /** Two names the SDK cannot tell apart, each as a located error. */
  readonly problems: readonly PendingDiagnostic[];
}

export function openAINames(model: CatalogModel): OpenAINames {
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
        `${what[0]!.toUpperCase()}${what.slice(1)} and ${first.what} would both be named '${name}' in the openai-agents ` +
        'target: the OpenAI Agents SDK names a tool by its wire name alone (no server prefix), with every ' +
        "character other than a letter or digit sent as '_', so it cannot tell them apart; rename one of " +
        "them, or leave openai-agents out of the catalog's targets.",
      ...(at ? { at } : {}),
      ...(first.at
        ? { related: [{ at: first.at, message: `${first.what} is named '${name}' here` }] }
        : {}),
    });
  };
  for (const t of model.tools)
    for (const name of openAINamesOf(t))
      claim(name, `tool '${t.key}'`, {
        file: `${model.config.rootDir}/${t.source}`,
        path: [t.key],
        atKey: true,
        scope: 'tools',
      });
  for (const agent of model.agents)
    claim(
      openAIToolName(agent.name),
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
