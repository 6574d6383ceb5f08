// How `resolve` prints an offer: each tool direct, deferred or absent (grouped by who left it out),
// and what the CLI assumed because it does not run app code — as text and as JSON.
import type { CatalogModel } from '../model/catalog-model.js';
import type { CliSessionOffer } from '../policy/session-offer.js';
import type { AgentOffer } from '../runtime/agent-offer.js';
import type { AbsentBy, ToolOffer } from '../runtime/offer.js';

const list = (title: string, lines: readonly string[]) =>
  lines.length === 0
    ? ''
    : `  ${title} (${lines.length}):\n${lines.map((l) => `    ${l}\n`).join('')}`;

const ABSENT_TITLES: Readonly<Record<AbsentBy, string>> = {
  policy: 'absent: disallowed by the policy',
  restricted: 'absent: restricted (the guard denies every call)',
  caller: "absent: not among the caller's tools",
  'opt-out pattern': 'absent: covered by an opt-out pattern',
  session: 'absent: nothing in the session to use it for',
  subagent: "absent: not among the subagent's tools",
  runtime: 'absent: left out by the runtime',
};

/** The session's offer, or one subagent's (`subagent`) within it. */
export function offerText(session: CliSessionOffer, subagent?: AgentOffer): string {
  const { offer, assumptions } = session;
  const surface = offer.surface;
  const tools: readonly ToolOffer[] = subagent?.tools ?? offer.tools;
  const names = (state: 'direct' | 'deferred') => [
    ...tools
      .filter((o) => o.state === state)
      .flatMap((o) => (o.names.length > 0 ? o.names : [`${o.key} (names known at run time)`])),
    ...(subagent ? [] : offer.extraNames.filter((e) => e.state === state).map((e) => e.name)),
  ];
  const absent = (by: AbsentBy) =>
    tools
      .filter((o) => o.absentBy === by)
      .map((o) =>
        by === 'policy' || by === 'caller' || by === 'restricted'
          ? o.key
          : `${o.key} — ${o.detail}`,
      );
  const recorded = surface.recorded ?? 'nothing recorded; every allowed tool counts as direct';
  return [
    `runtime configuration ${surface.name} (${recorded}; tool search ` +
      `${(subagent ?? offer).toolSearchActive ? 'active' : 'not active'})\n`,
    subagent ? `what subagent ${subagent.name} is offered:\n` : 'what the model is offered:\n',
    list('direct', names('direct')),
    list('deferred (loaded through ToolSearch)', names('deferred')),
    ...(
      [
        'policy',
        'restricted',
        'caller',
        'opt-out pattern',
        'session',
        'subagent',
        'runtime',
      ] as const
    ).map((by) => list(ABSENT_TITLES[by], absent(by))),
    list("offered only if the app's availability check passes (not run by the CLI)", [
      ...assumptions.appChecks,
    ]),
    list('needs a caller-supplied factory (the CLI supplies none)', [...assumptions.factories]),
    list('names known only at run time (resolved or mirrored)', [...assumptions.runtimeNamed]),
  ].join('');
}

export function offerJson(model: CatalogModel, session: CliSessionOffer, subagent?: AgentOffer) {
  const { offer, assumptions } = session;
  const searching = (subagent ?? offer).toolSearchActive;
  return {
    runtime: {
      name: offer.surface.name,
      recorded: offer.surface.recorded ?? null,
      toolSearch: searching,
    },
    offered: (subagent?.tools ?? offer.tools).map((o) => ({
      key: o.key,
      names: o.names,
      state: o.state,
      ...(o.absentBy !== undefined ? { absentBy: o.absentBy } : {}),
      ...(o.detail !== undefined ? { detail: o.detail } : {}),
      kind: model.tools[o.index]!.kind,
    })),
    runtimeNames: subagent ? [] : offer.extraNames,
    assumptions,
  };
}
