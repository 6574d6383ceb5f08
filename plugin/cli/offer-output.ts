// How `resolve` prints an offer: each tool direct, deferred or absent (grouped by who left it out),
// and what the CLI assumed because it does not run app code — as text and as JSON.
import type { CatalogModel } from '../model/catalog-model.js';
import type { CliSessionOffer } from '../policy/session-offer.js';
import type { AbsentBy } from '../runtime/offer.js';

const list = (title: string, lines: readonly string[]) =>
  lines.length === 0 ? '' : `  ${title} (${lines.length}):\n${lines.map((l) => `    ${l}\n`).join('')}`;

const ABSENT_TITLES: Readonly<Record<AbsentBy, string>> = {
  policy: 'absent: disallowed by the policy',
  restricted: 'absent: restricted (the guard denies every call)',
  caller: "absent: not among the caller's tools",
  'opt-out pattern': 'absent: covered by an opt-out pattern',
  runtime: 'absent: left out by the runtime',
};

export function offerText(session: CliSessionOffer): string {
  const { offer, assumptions } = session;
  const surface = offer.surface;
  const names = (state: 'direct' | 'deferred') => [
    ...offer.tools
      .filter((o) => o.state === state)
      .flatMap((o) => (o.names.length > 0 ? o.names : [`${o.key} (names known at run time)`])),
    ...offer.extraNames.filter((e) => e.state === state).map((e) => e.name),
  ];
  const absent = (by: AbsentBy) =>
    offer.tools
      .filter((o) => o.absentBy === by)
      .map((o) => (by === 'runtime' || by === 'opt-out pattern' ? `${o.key} — ${o.detail}` : o.key));
  const recorded = surface.recorded ?? 'nothing recorded; every allowed tool counts as direct';
  return [
    `runtime configuration ${surface.name} (${recorded}; tool search ${offer.toolSearchActive ? 'active' : 'not active'})\n`,
    'what the model is offered:\n',
    list('direct', names('direct')),
    list('deferred (loaded through ToolSearch)', names('deferred')),
    ...(['policy', 'restricted', 'caller', 'opt-out pattern', 'runtime'] as const).map((by) =>
      list(ABSENT_TITLES[by], absent(by)),
    ),
    list("offered only if the app's availability check passes (not run by the CLI)", [...assumptions.appChecks]),
    list('needs a caller-supplied factory (the CLI supplies none)', [...assumptions.factories]),
    list('names known only at run time (resolved or mirrored)', [...assumptions.runtimeNamed]),
  ].join('');
}

export function offerJson(model: CatalogModel, session: CliSessionOffer) {
  const { offer, assumptions } = session;
  return {
    runtime: { name: offer.surface.name, recorded: offer.surface.recorded ?? null, toolSearch: offer.toolSearchActive },
    offered: offer.tools.map((o) => ({
      key: o.key,
      names: o.names,
      state: o.state,
      ...(o.absentBy !== undefined ? { absentBy: o.absentBy } : {}),
      ...(o.detail !== undefined ? { detail: o.detail } : {}),
      kind: model.tools[o.index]!.kind,
    })),
    runtimeNames: offer.extraNames,
    assumptions,
  };
}
