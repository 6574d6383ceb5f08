// Compares what the runtime offered in one run with the offer the runtime's own `computeOffer` gives
// for that run's context, caller and configuration: offered though absent (a leak, or a runtime that
// changed), expected but absent, direct where deferred was expected (or the reverse), and offered
// names no catalog tool has.
import type { CatalogModel } from '../model/catalog-model.js';
import type { OfferState, SessionOffer, ToolOffer } from '../runtime/offer.js';
import { coveredBy } from '../runtime/opt-outs.js';
import { mcpServerOf } from '../runtime/policy-tables.js';
import type { LiveOffer } from './read-offer.js';

export interface Findings {
  /** Offered, though the session leaves it out (policy, caller, restricted, an opt-out pattern): a leak. */
  readonly offeredButDisallowed: readonly { readonly name: string; readonly reason: string }[];
  /** Expected (direct or deferred), but the runtime did not offer it. */
  readonly allowedButNotOffered: readonly string[];
  /**
   * Offered in another way than expected: direct instead of deferred, or offered though the
   * recorded surface says the runtime leaves it out.
   */
  readonly stateDiffers: readonly {
    readonly name: string;
    readonly expected: OfferState;
    readonly live: OfferState;
    readonly reason: string;
  }[];
  /** Offered, and no tool of the catalog has this name. */
  readonly offeredNotInCatalog: readonly string[];
  /** Facts that are not failures: placeholders understood, tools the session dropped, names not checked. */
  readonly notes: readonly string[];
}

export interface ComparisonInput {
  readonly model: CatalogModel;
  readonly offer: SessionOffer;
  readonly live: LiveOffer;
  /** External MCP servers connected in this run. */
  readonly externalServers: readonly string[];
  /** Built in-process tools the session left out (not in the catalog). */
  readonly dropped: readonly string[];
}

const liveStateOf = (live: LiveOffer, name: string): OfferState =>
  live.direct.includes(name) ? 'direct' : live.deferred.includes(name) ? 'deferred' : 'absent';

/** Why a tool the session left out must not be offered. */
function leakReason(model: CatalogModel, o: ToolOffer): string {
  const t = model.tools[o.index]!;
  if (o.absentBy === 'policy')
    return (
      `the policy disallows '${t.key}' (exposure ${t.exposure}` +
      `${t.condition ? `, condition ${t.condition.name}` : ''})`
    );
  return `'${t.key}' is ${o.detail ?? 'left out by the session'}`;
}

export function compareOffer(input: ComparisonInput): Findings {
  const { model, offer, live } = input;
  const external = new Set(input.externalServers);
  const offeredButDisallowed: { name: string; reason: string }[] = [];
  const allowedButNotOffered: string[] = [];
  const stateDiffers: { name: string; expected: OfferState; live: OfferState; reason: string }[] =
    [];
  const notes: string[] = [];
  const unchecked: string[] = [];
  const known = new Set<string>();
  for (const o of offer.tools) {
    const t = model.tools[o.index]!;
    for (const name of o.names) {
      known.add(name);
      // External channel tools are the app's to connect: checked only when this run connected the channel.
      if (t.kind === 'external' && !external.has(t.channel ?? mcpServerOf(name) ?? '')) {
        if (o.state !== 'absent') unchecked.push(name);
        continue;
      }
      const seen = liveStateOf(live, name);
      if (seen === o.state) continue;
      if (o.state === 'absent' && o.absentBy !== 'runtime')
        offeredButDisallowed.push({ name, reason: leakReason(model, o) });
      else if (seen === 'absent') allowedButNotOffered.push(name);
      else
        stateDiffers.push({
          name,
          expected: o.state,
          live: seen,
          reason:
            o.state === 'absent'
              ? `the recorded surface says ${o.detail}`
              : (o.detail ?? 'offered directly'),
        });
    }
  }
  for (const extra of offer.extraNames) {
    known.add(extra.name);
    const seen = liveStateOf(live, extra.name);
    if (seen !== extra.state && seen === 'absent') allowedButNotOffered.push(extra.name);
    else if (seen !== extra.state)
      stateDiffers.push({
        name: extra.name,
        expected: extra.state,
        live: seen,
        reason: 'a name resolved at run time',
      });
  }
  // A mirrored channel that is allowed and connected may offer any name: the app's registry decides them.
  const openChannels = new Set(
    offer.tools
      .filter((o) => o.state !== 'absent' && model.tools[o.index]!.nameSource.kind === 'mirror')
      .map((o) => model.tools[o.index]!.channel!)
      .filter((channel) => external.has(channel)),
  );
  const offeredNotInCatalog: string[] = [];
  for (const name of [...live.direct, ...live.deferred]) {
    if (known.has(name) || openChannels.has(mcpServerOf(name) ?? '')) continue;
    // A name no catalog tool has, under a server or pattern the opt-outs passed through: a leak, not a stranger.
    const entry = offer.marks.passThrough.find((e) => coveredBy(name, e));
    if (entry !== undefined)
      offeredButDisallowed.push({ name, reason: `disallowed by '${entry}'` });
    else offeredNotInCatalog.push(name);
  }
  if (live.placeholders.length > 0)
    notes.push(
      `${live.placeholders.join(', ')}: the runtime's placeholder for deferred ` +
        `loading (cannot be called; not a tool)`,
    );
  if (input.dropped.length > 0)
    notes.push(
      `${input.dropped.join(', ')}: built by the app but left out by the session (no catalog tool has these names)`,
    );
  if (unchecked.length > 0)
    notes.push(
      `${unchecked.join(', ')}: external channel tools, not checked (the app ` +
        `connects the channel; connect it with --mcp-config to check)`,
    );
  return { offeredButDisallowed, allowedButNotOffered, stateDiffers, offeredNotInCatalog, notes };
}

/** True when a run has no finding that fails verify. */
export const isClean = (f: Findings) =>
  f.offeredButDisallowed.length === 0 &&
  f.allowedButNotOffered.length === 0 &&
  f.stateDiffers.length === 0 &&
  f.offeredNotInCatalog.length === 0;
