// `--target <name>` of `resolve`, `explain` and `verify`: which agent SDK's names and options to show,
// checked against the targets the catalog compiles for; and how `resolve` and `explain` print a
// session's offer in that target's terms.
import { didYouMean } from '../diagnostics/field-schema.js';
import { TARGET_NAMES, type TargetName } from '../language/targets.js';
import type { CatalogModel } from '../model/catalog-model.js';
import type { CliSessionOffer } from '../policy/session-offer.js';
import type { SessionOffer } from '../runtime/offer.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import { TARGETS, targetsOf } from '../targets/index.js';
import type { Target, TargetOffer } from '../targets/target.js';
import { UsageError, type ParsedArgs } from './command.js';

/** The target `--target` names, when it names one; a usage error for a name the catalog does not compile for. */
export function targetFlag(values: ParsedArgs['values'], model: CatalogModel): Target | undefined {
  const name = values.target;
  if (typeof name !== 'string') return undefined;
  if (!(TARGET_NAMES as readonly string[]).includes(name))
    throw new UsageError(
      `--target '${name}' is not a target; use one of: ${TARGET_NAMES.join(', ')}.${didYouMean(name, [...TARGET_NAMES])}`,
    );
  const target = TARGETS[name as TargetName];
  const enabled = targetsOf(model).map((t) => t.name);
  if (!enabled.includes(target.name))
    throw new UsageError(
      `--target '${name}': catalog '${model.name}' does not compile for it (its targets: ` +
        `${enabled.join(', ')}); add '${name}' to 'targets' of the catalog in the config.`,
    );
  return target;
}

const list = (title: string, lines: readonly string[]) =>
  `  ${title} (${lines.length}):\n${lines.length === 0 ? '    (none)\n' : lines.map((l) => `    ${l}\n`).join('')}`;

/** A session's offer in `target`'s names: offered, absent and why, subagents, what it leaves out. */
export function targetOfferText(
  target: Target,
  model: CatalogModel,
  tables: PolicyTables,
  session: Pick<CliSessionOffer, 'offer' | 'assumptions'>,
  subagent?: string,
): string {
  const { offer, assumptions } = session;
  const view: TargetOffer = target.offerOf(model, tables, offer);
  const agent =
    subagent === undefined ? undefined : view.subagents.find((s) => s.name === subagent);
  if (agent !== undefined)
    return [
      `target ${target.name} (${target.sdk}): what subagent ${agent.name} is offered ` +
        `(${agent.offered ? 'its nested call' : 'not offered: it has no tool it may use'}):\n`,
      list('offered', agent.offered ? agent.tools : []),
    ].join('');
  const named = (t: TargetOffer['tools'][number]) =>
    t.names.length === 0 ? `${t.key} (names known at run time)` : t.names.join(', ');
  return [
    `target ${target.name} (${target.sdk}): what the model is offered:\n`,
    list(
      'offered',
      view.tools
        .filter((t) => t.offered)
        .map((t) => `${named(t)}${t.detail ? ` — ${t.detail}` : ''}`),
    ),
    list(
      'subagents, each a tool of its own',
      view.subagents
        .filter((s) => s.offered)
        .map((s) => `${s.name}: ${s.tools.join(', ') || '(no tool)'}`),
    ),
    list(
      'absent',
      view.tools.filter((t) => !t.offered).map((t) => `${t.key} — ${t.detail ?? 'left out'}`),
    ),
    view.leftOut.length === 0
      ? ''
      : `  left out, ${target.sdk} has no such tool (${view.leftOut.length}): ` +
        `${view.leftOut.map((l) => l.key).join(', ')}\n`,
    ...(
      [
        [
          "offered only if the app's availability check passes (not run by the CLI)",
          assumptions.appChecks,
        ],
        ['needs a caller-supplied factory (the CLI supplies none)', assumptions.factories],
        ['names known only at run time (resolved or mirrored)', assumptions.runtimeNamed],
      ] as const
    ).map(([title, keys]) => (keys.length === 0 ? '' : list(title, keys))),
  ].join('');
}

/** One line on how `key` fares in `target`: offered under which names, absent, or left out. */
export function targetLine(
  target: Target,
  model: CatalogModel,
  tables: PolicyTables,
  offer: SessionOffer,
  key: string,
  subagent?: string,
): string {
  const view = target.offerOf(model, tables, offer);
  const left = view.leftOut.find((l) => l.key === key);
  if (left) return `target ${target.name}: left out — ${left.why}`;
  const tool = view.tools.find((t) => t.key === key);
  if (!tool) return `target ${target.name}: not offered`;
  const names = tool.names.length > 0 ? tool.names.join(', ') : 'names known at run time';
  const agent = view.subagents.find((a) => a.name === subagent);
  if (agent !== undefined)
    return agent.offered && tool.names.some((n) => agent.tools.includes(n))
      ? `target ${target.name}: offered to subagent ${agent.name} as ${names}`
      : `target ${target.name}: not offered to subagent ${agent.name}`;
  return tool.offered
    ? `target ${target.name}: offered as ${names}`
    : `target ${target.name}: not offered (${names}) — ${tool.detail ?? 'left out'}`;
}
