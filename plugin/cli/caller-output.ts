// How `resolve --caller` and `explain --caller` print a caller's offer: the text blocks and JSON
// fields, kept apart from the commands so both read the same `callerOffer` result.
import type { CallerOffer, CallerToolOffer } from '../model/caller-offer.js';

const list = (title: string, lines: readonly string[]) =>
  `${title} (${lines.length}):\n${lines.length === 0 ? '  (none)\n' : lines.map((l) => `  ${l}\n`).join('')}`;

/** `key  detail` lines with the keys padded to one column. */
function keyed(tools: readonly CallerToolOffer[], detail: (t: CallerToolOffer) => string): string[] {
  const width = Math.max(0, ...tools.map((t) => t.key.length));
  return tools.map((t) => `${t.key.padEnd(width)}  ${detail(t)}`.trimEnd());
}

const byState = (offer: CallerOffer, state: CallerToolOffer['state']) => offer.tools.filter((t) => t.state === state);

/** Offered, but also blocked by the policy (an opt-out, overlay, pair group or dependency): the SDK drops it. */
const BLOCKED = ' (also disallowed: the SDK removes it)';

/** The caller's part of `resolve`'s text output, after `disallowedTools`; `disallowed` holds the policy's disallowed keys. */
export function callerResolveText(offer: CallerOffer, disallowed: ReadonlySet<string>): string {
  const offered = byState(offer, 'offered');
  return [
    list(`allowedTools (caller ${offer.caller}'s tool names)`, offer.allowedTools),
    list(
      'offered tools',
      keyed(offered, (t) => `${t.detail || t.names.join(', ')}${disallowed.has(t.key) ? BLOCKED : ''}`),
    ),
    list(
      `needs a caller-supplied factory (not known to the CLI: offered only if ${offer.caller} passes one)`,
      byState(offer, 'factory').map((t) => t.key),
    ),
    list(
      "needs the app's availability check (not run by the CLI)",
      keyed(byState(offer, 'runtime-check'), (t) => t.detail),
    ),
    list(
      `not offered: in ${offer.caller}'s groups but unavailable`,
      keyed(byState(offer, 'unavailable'), (t) => t.detail),
    ),
    `MCP servers (of the offered in-process tools): ${offer.mcpServers.map((s) => `${s.name} (${s.tools.join(', ')})`).join('; ') || '(none)'}\n`,
  ].join('');
}

/** The caller's fields in `resolve --json`. */
export function callerResolveJson(offer: CallerOffer, disallowed: ReadonlySet<string>) {
  const entries = (state: CallerToolOffer['state']) =>
    byState(offer, state).map((t) => ({ key: t.key, names: t.names, detail: t.detail }));
  return {
    name: offer.caller,
    groups: offer.groups,
    offered: entries('offered').map((e) => ({ ...e, disallowed: disallowed.has(e.key) })),
    needsFactory: entries('factory'),
    needsRuntimeCheck: entries('runtime-check'),
    unavailable: entries('unavailable'),
  };
}

/** One line on how `tool` fares for the caller: `caller CHAT: not offered — …`. */
export function callerExplainLine(offer: CallerOffer, tool: CallerToolOffer, toolGroups: readonly string[]): string {
  const c = offer.caller;
  const where = `in ${c}'s group${tool.inGroups.length > 1 ? 's' : ''} ${tool.inGroups.join(', ')}`;
  switch (tool.state) {
    case 'not-in-groups':
      return `caller ${c}: not offered — ${tool.key} is in no group of ${c} (its groups: ${toolGroups.join(', ') || 'none'}; ${c}'s groups: ${offer.groups.join(', ') || 'none'})`;
    case 'unavailable':
      return `caller ${c}: not offered — ${where}, but ${tool.detail}`;
    case 'factory':
      return `caller ${c}: needs a caller-supplied factory — ${where}; offered only if ${c} passes one (the CLI cannot know)`;
    case 'runtime-check':
      return `caller ${c}: ${tool.detail} — ${where}`;
    case 'offered':
      return `caller ${c}: offered — ${where}${tool.detail ? `; ${tool.detail}` : ''}`;
  }
}
