// What the model is offered when a session follows the policy: every allowed runtime name, split by
// where it comes from (built-ins, in-process servers, external channels) and by what the runtime needs.
import type { RuntimeRequirement } from '../language/catalog.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { coveredBy } from '../runtime/opt-outs.js';
import type { PolicyMarks } from '../runtime/policy.js';

type OfferSource = 'built-in' | 'in-process' | 'external';

export interface OfferedName {
  readonly key: string;
  readonly name: string;
  readonly source: OfferSource;
  /** The runtime offers the name only when this holds (`runtimeRequires`). */
  readonly requires?: RuntimeRequirement;
}

export interface PolicyOffer {
  /** Every allowed name of the selected tools, in catalog order. */
  readonly names: readonly OfferedName[];
  /** Allowed, selected tools whose names are known only at run time (resolved, mirrored, or discovered by the SDK). */
  readonly runtimeNamed: readonly string[];
}

/**
 * The offer that follows from resolved policy marks: allowed tools (not restricted, not covered by a
 * name or pattern passed through to `disallowedTools`), narrowed to `selectedKeys` when a caller selects.
 */
export function policyOffer(model: CatalogModel, marks: PolicyMarks, selectedKeys?: ReadonlySet<string>): PolicyOffer {
  const names: OfferedName[] = [];
  const runtimeNamed: string[] = [];
  const passedThrough = marks.passThrough;
  model.tools.forEach((t, i) => {
    if (marks.disallowed[i] === 1 || t.restricted || (selectedKeys && !selectedKeys.has(t.key))) return;
    const own = marks.prepared.names[i] ?? [];
    if (t.nameSource.kind !== 'static' || t.names.length === 0) runtimeNamed.push(t.key);
    const source: OfferSource = t.kind === 'sdk' ? 'built-in' : t.kind === 'mcp' ? 'in-process' : 'external';
    for (const name of own) {
      if (passedThrough.some((entry) => coveredBy(name, entry))) continue;
      names.push({
        key: t.key,
        name,
        source,
        ...(t.runtimeRequires !== undefined ? { requires: t.runtimeRequires } : {}),
      });
    }
  });
  return { names, runtimeNamed };
}

/** `the session's env sets CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS`, for reports; `code` spells a variable name. */
export function describeRequirement(
  requirement: RuntimeRequirement,
  code: (text: string) => string = (text) => text,
): string {
  if (typeof requirement === 'object') return `the session's env sets ${code(requirement.env)}`;
  if (requirement === 'mcp-resources') return 'a connected MCP server offers resources';
  return `tool search is on (${code('ENABLE_TOOL_SEARCH')}, or the first-party API host)`;
}

/** A stable key for grouping tools by requirement. */
export const requirementKey = (requirement: RuntimeRequirement) =>
  typeof requirement === 'object' ? `env:${requirement.env}` : requirement;
