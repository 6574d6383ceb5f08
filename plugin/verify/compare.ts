// Compares what the runtime offered in one run with what the policy allows in that run's context (and
// caller): offered but disallowed, allowed but not offered, offered but unknown to the catalog.
import type { CatalogModel } from '../model/catalog-model.js';
import { describeRequirement, policyOffer } from '../policy/offered-tools.js';
import { coveredBy } from '../runtime/opt-outs.js';
import type { PolicyMarks } from '../runtime/policy.js';
import { mcpServerOf } from '../runtime/policy-tables.js';
import type { RuntimeRequirement } from '../language/catalog.js';

export interface Findings {
  /** Offered, though the policy (or the caller's selection) does not allow it: a leak. */
  readonly offeredButDisallowed: readonly { readonly name: string; readonly reason: string }[];
  /** Allowed and expected, but the runtime did not offer it. */
  readonly allowedButNotOffered: readonly string[];
  /** Offered, and no tool of the catalog has this name. */
  readonly offeredNotInCatalog: readonly string[];
  /** Facts that are not failures: requirements that kept a tool back, tools the session dropped, names not checked. */
  readonly notes: readonly string[];
}

export interface ComparisonInput {
  readonly model: CatalogModel;
  readonly marks: PolicyMarks;
  /** The policy's `disallowedTools`, names and patterns as the session passed them. */
  readonly disallowed: readonly string[];
  readonly caller?: string;
  readonly selection?: { readonly keys: readonly string[]; readonly names: readonly string[] };
  /** The runtime's environment additions (`--env`). */
  readonly env: Readonly<Record<string, string>>;
  /** External MCP servers connected in this run. */
  readonly externalServers: readonly string[];
  /** Built in-process tools the session left out (unknown to the catalog). */
  readonly dropped: readonly string[];
  /** Everything the model could call: the first turn's tools plus deferred ones. */
  readonly offered: readonly string[];
}

const truthy = (value: string | undefined) => value !== undefined && value !== '' && !/^(0|false|no|off)$/i.test(value);

/** Whether the runtime will offer a tool with this requirement in this run: yes, no, or it cannot be known here. */
function requirementHolds(requirement: RuntimeRequirement, input: ComparisonInput): boolean | undefined {
  if (typeof requirement === 'object') return truthy(input.env[requirement.env]);
  if (requirement === 'mcp-resources') return input.externalServers.length > 0 ? undefined : false;
  const mode = input.env.ENABLE_TOOL_SEARCH;
  // verify's loopback API is not the first-party host, so the runtime's own default is off.
  return mode !== undefined && /^auto/i.test(mode) ? undefined : truthy(mode);
}

export function compareOffer(input: ComparisonInput): Findings {
  const { model, marks } = input;
  const selected = input.selection ? new Set(input.selection.keys) : undefined;
  const offer = policyOffer(model, marks, selected);
  const expected = new Set<string>();
  const mayOffer = new Set<string>();
  const notes: string[] = [];
  const external = new Set(input.externalServers);
  const heldBack = new Map<string, string[]>();
  for (const n of offer.names) {
    const holds = n.requires === undefined ? true : requirementHolds(n.requires, input);
    if (n.source === 'external' && !external.has(mcpServerOf(n.name) ?? '')) continue;
    if (holds === true) expected.add(n.name);
    else if (holds === undefined) mayOffer.add(n.name);
    else {
      const why = describeRequirement(n.requires!);
      heldBack.set(why, [...(heldBack.get(why) ?? []), n.name]);
      mayOffer.add(n.name);
    }
  }
  for (const [why, names] of heldBack)
    notes.push(
      `${names.join(', ')}: allowed; the runtime offers ${names.length === 1 ? 'it' : 'them'} only when ${why}`,
    );
  // Names a caller's selection resolved at run time (resolvers) under the catalog's in-process servers.
  for (const name of input.selection?.names ?? []) {
    const server = mcpServerOf(name);
    if (
      server !== undefined &&
      model.servers.includes(server) &&
      !marks.prepared.indexOf.has(name) &&
      !input.disallowed.some((e) => coveredBy(name, e))
    )
      expected.add(name);
  }
  // A mirrored channel that is allowed and connected may offer any name: the app's registry decides them.
  const openChannels = new Set(
    model.tools
      .filter(
        (t, i) =>
          t.nameSource.kind === 'mirror' &&
          marks.disallowed[i] === 0 &&
          !t.restricted &&
          (!selected || selected.has(t.key)) &&
          external.has(t.channel!),
      )
      .map((t) => t.channel!),
  );
  const offered = new Set(input.offered);
  const offeredButDisallowed: { name: string; reason: string }[] = [];
  const offeredNotInCatalog: string[] = [];
  for (const name of input.offered) {
    if (expected.has(name) || mayOffer.has(name)) continue;
    const index = marks.prepared.indexOf.get(name);
    const entry = input.disallowed.find((e) => coveredBy(name, e));
    if (index !== undefined)
      offeredButDisallowed.push({ name, reason: whyNotAllowed(model, marks, index, entry, selected, input.caller) });
    else if (entry !== undefined) offeredButDisallowed.push({ name, reason: `disallowed by '${entry}'` });
    else if (openChannels.has(mcpServerOf(name) ?? '')) continue;
    else offeredNotInCatalog.push(name);
  }
  const allowedButNotOffered = [...expected].filter((name) => !offered.has(name));
  const early = [...heldBack.values()].flat().filter((name) => offered.has(name));
  if (early.length > 0)
    notes.push(
      `${early.join(', ')}: offered although the catalog says the runtime needs more (check their runtimeRequires)`,
    );
  if (input.dropped.length > 0)
    notes.push(
      `${input.dropped.join(', ')}: built by the app but left out by the session (no catalog tool has these names)`,
    );
  const toolOf = new Map(model.tools.map((t) => [t.key, t]));
  const mirrored = offer.runtimeNamed
    .filter((key) => toolOf.get(key)?.kind === 'external' && !external.has(toolOf.get(key)!.channel!))
    .map((key) => `${key} (mirrored)`);
  const unchecked = [
    ...offer.names
      .filter((n) => n.source === 'external' && !external.has(mcpServerOf(n.name) ?? ''))
      .map((n) => n.name),
    ...mirrored,
  ];
  if (unchecked.length > 0)
    notes.push(
      `${unchecked.join(', ')}: external channel tools, not checked (the app connects the channel; connect it with --mcp-config to check)`,
    );
  const resolved = offer.runtimeNamed.filter((key) => toolOf.get(key)?.kind === 'mcp');
  if (resolved.length > 0)
    notes.push(`${resolved.join(', ')}: names known only at run time, checked as this run resolved them`);
  return { offeredButDisallowed, allowedButNotOffered, offeredNotInCatalog, notes };
}

function whyNotAllowed(
  model: CatalogModel,
  marks: PolicyMarks,
  index: number,
  entry: string | undefined,
  selected: ReadonlySet<string> | undefined,
  caller: string | undefined,
): string {
  const t = model.tools[index]!;
  if (marks.disallowed[index] === 1)
    return `the policy disallows '${t.key}' (exposure ${t.exposure}${t.condition ? `, condition ${t.condition.name}` : ''})`;
  if (entry !== undefined) return `disallowed by '${entry}'`;
  if (t.restricted) return `'${t.key}' is restricted: the guard denies every call`;
  if (selected && !selected.has(t.key)) return `caller ${caller} is not offered '${t.key}'`;
  return `'${t.key}' is not offered in this run`;
}

/** True when a run has no finding that fails verify. */
export const isClean = (f: Findings) =>
  f.offeredButDisallowed.length === 0 && f.allowedButNotOffered.length === 0 && f.offeredNotInCatalog.length === 0;
