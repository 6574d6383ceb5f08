// What the policy offers one call of a wire-named target (or one subagent's), in the SDK's names,
// and why each other name of the catalog is out: what the target's verify compares the names the
// SDK sent its test model with.
import type { SessionOffer } from '../runtime/offer.js';
import type { TargetOffer } from './target.js';
import type { TargetExpectation } from './target-verify.js';
import type { WireNaming } from './wire-names.js';

/** `target`: `offer` in the SDK's names, as the run built it (see wireNamedOffer). */
export function wireExpectation(
  naming: WireNaming,
  target: TargetOffer,
  offer: SessionOffer,
  subagent?: string,
): TargetExpectation {
  const why = new Map<string, string>();
  const expected = new Set<string>();
  const agent = subagent === undefined ? undefined : offer.agents.find((a) => a.name === subagent);
  for (const t of target.tools) {
    const own = agent?.tools.find((o) => o.key === t.key);
    const offered = agent ? own !== undefined && own.state !== 'absent' : t.offered;
    const detail = (agent ? own?.detail : t.detail) ?? 'left out';
    for (const name of t.names)
      if (offered) expected.add(name);
      else why.set(name, `'${t.key}' is ${detail}`);
  }
  if (subagent !== undefined) return { expected, why };
  for (const extra of offer.extraNames)
    if (extra.state !== 'absent') expected.add(naming.nameOf(extra.name) ?? extra.name);
  for (const s of target.subagents) {
    const name = naming.agentName(s.name);
    if (s.offered) expected.add(name);
    else why.set(name, `the subagent '${s.name}' is not offered: it has no tool it may use`);
  }
  return { expected, why };
}
