// Parts of the generated policy tables laid out as TypeScript literals by hand, one item per line so a
// recorded or declared change is a one-line diff: the runtime surfaces and the subagents.
import type { AgentEntry } from '../../runtime/policy-tables.js';
import type { RuntimeSurface } from '../../runtime/runtime-surface.js';
import { tsKey, tsString } from '../../text/escape.js';

const strings = (items: readonly string[], indent: string) =>
  items.length === 0
    ? '[]'
    : `[\n${items.map((i) => `${indent}  ${tsString(i)},\n`).join('')}${indent}]`;

const record = (entries: Readonly<Record<string, string>>, indent: string) => {
  const pairs = Object.entries(entries);
  if (pairs.length === 0) return '{}';
  return `{\n${pairs.map(([k, v]) => `${indent}  ${tsKey(k)}: ${tsString(v)},\n`).join('')}${indent}}`;
};

const items = (laid: readonly string[]) =>
  laid.length === 0 ? '[]' : `[\n${laid.join('\n')}\n  ]`;

/** The runtime surfaces, one configuration after another. */
export function runtimesLiteral(surfaces: readonly RuntimeSurface[]): string {
  return items(
    surfaces.map((s) =>
      [
        '    {',
        `      name: ${tsString(s.name)},`,
        ...(s.recorded !== undefined ? [`      recorded: ${tsString(s.recorded)},`] : []),
        `      toolSearch: ${s.toolSearch},`,
        `      mcpDeferred: ${s.mcpDeferred},`,
        `      deferred: ${strings(s.deferred, '      ')},`,
        `      absent: ${record(s.absent, '      ')},`,
        `      unrecorded: ${strings(s.unrecorded, '      ')},`,
        '    },',
      ].join('\n'),
    ),
  );
}

/** The subagents, in declaration order. */
export function agentsLiteral(agents: readonly AgentEntry[]): string {
  return items(
    agents.map((a) =>
      [
        '    {',
        `      name: ${tsString(a.name)},`,
        `      description: ${tsString(a.description)},`,
        `      prompt: ${tsString(a.prompt)},`,
        ...(a.model !== undefined ? [`      model: ${tsString(a.model)},`] : []),
        `      tools: ${strings(a.tools, '      ')},`,
        `      groups: ${strings(a.groups, '      ')},`,
        `      exclude: ${strings(a.exclude, '      ')},`,
        `      skills: ${strings(a.skills, '      ')},`,
        ...(a.maxTurns !== undefined ? [`      maxTurns: ${a.maxTurns},`] : []),
        '    },',
      ].join('\n'),
    ),
  );
}

/** `'all'`, the named skills, or undefined when the catalog leaves skills to the runtime. */
export const skillsLiteral = (skills: 'all' | readonly string[] | undefined) =>
  skills === undefined ? undefined : skills === 'all' ? "'all'" : strings(skills, '  ');
