// Checks the subagents, skills and setting sources a catalog declares: each subagent's fields, and
// that the tools, groups, caller and skills it names are ones the catalog declares.
import {
  DIAGNOSTIC_CODES as C,
  type PendingDiagnostic,
  type SourceLocator,
} from '../diagnostics/diagnostics.js';
import { checkFields, didYouMean, isRecord, type FieldSpec } from '../diagnostics/field-schema.js';
import { nameProblem } from '../language/naming.js';
import type { RawToolEntry } from '../load/load-catalog.js';
import { vocabularyNames } from './validate-vocabulary.js';

const AGENT_FIELDS: FieldSpec = {
  description: { type: 'string' },
  prompt: { type: 'string' },
  model: { type: 'string' },
  tools: { type: 'string[]' },
  groups: { type: 'string[]' },
  caller: { type: 'string' },
  exclude: { type: 'string[]' },
  skills: { type: 'string[]' },
  maxTurns: { type: 'number' },
};

const SETTING_SOURCES = ['user', 'project', 'local'];

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export function validateAgents(
  vocabulary: Record<string, unknown>,
  file: string,
  tools: readonly RawToolEntry[],
): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  const at = (path: string[], extra: Partial<SourceLocator> = {}): SourceLocator => ({
    file,
    path,
    scope: 'catalog',
    ...extra,
  });
  const push = (code: PendingDiagnostic['code'], message: string, where: SourceLocator) =>
    out.push({ code, severity: 'error', message, at: where });
  const names = vocabularyNames(vocabulary);
  const keys = tools.map((t) => t.key);
  const callers = isRecord(vocabulary.callers) ? Object.keys(vocabulary.callers) : [];
  const skills = vocabulary.skills;
  const skillNames = isRecord(skills) ? Object.keys(skills) : [];
  if (skills !== undefined && skills !== 'all' && !isRecord(skills))
    push(
      C.invalidValue,
      "'skills' must be 'all' or an object naming each skill: { 'release-notes': {} }.",
      at(['skills']),
    );
  for (const name of skillNames) {
    const problem = nameProblem(name);
    if (problem)
      push(
        C.invalidName,
        `The skill name ${JSON.stringify(name)} cannot be used: ${problem}.`,
        at(['skills', name], { atKey: true }),
      );
  }
  strings(vocabulary.settingSources).forEach((source, i) => {
    if (!SETTING_SOURCES.includes(source))
      push(
        C.invalidValue,
        `'settingSources' may hold ` +
          `${SETTING_SOURCES.map((s) => `'${s}'`).join(', ')}, not ` +
          `${JSON.stringify(source)}.${didYouMean(source, SETTING_SOURCES)}`,
        at(['settingSources'], { element: i }),
      );
  });
  if (vocabulary.agents === undefined) return out;
  if (!isRecord(vocabulary.agents)) {
    push(
      C.invalidValue,
      "'agents' must name each subagent: { researcher: { description, prompt, tools } }.",
      at(['agents']),
    );
    return out;
  }
  for (const [agent, declaration] of Object.entries(vocabulary.agents)) {
    const where = (path: string[], extra: Partial<SourceLocator> = {}) =>
      at(['agents', agent, ...path], extra);
    const what = `Subagent '${agent}'`;
    const problem = nameProblem(agent);
    if (problem)
      push(
        C.invalidName,
        `The subagent name ${JSON.stringify(agent)} cannot be used: ${problem}.`,
        where([], { atKey: true }),
      );
    if (!isRecord(declaration)) {
      push(C.invalidValue, `${what} must be an object: { description, prompt, tools }.`, where([]));
      continue;
    }
    out.push(
      ...checkFields(declaration, AGENT_FIELDS, what, (field, atKey) => where([field], { atKey })),
    );
    for (const field of ['description', 'prompt'] as const)
      if (typeof declaration[field] !== 'string' || declaration[field] === '')
        push(
          C.missingField,
          `${what} needs a '${field}' (the Agent tool shows the description; the prompt is its system prompt).`,
          where([], { atKey: true }),
        );
    if (
      declaration.tools === undefined &&
      declaration.groups === undefined &&
      declaration.caller === undefined
    )
      push(
        C.missingField,
        `${what} names nothing it may use; give it tools (keys), groups or a caller — ` +
          'within what the session offers.',
        where([], { atKey: true }),
      );
    const reference = (
      field: 'tools' | 'exclude' | 'groups' | 'skills',
      known: readonly string[],
      kind: string,
    ) =>
      strings(declaration[field]).forEach((name, i) => {
        if (!known.includes(name))
          push(
            field === 'groups' ? C.unknownGroup : C.invalidValue,
            `${what} names the unknown ${kind} '${name}' in '${field}'.` +
              `${didYouMean(name, known) || ` Declared: ${known.join(', ') || '(none)'}.`}`,
            where([field], { element: i }),
          );
      });
    reference('tools', keys, 'tool');
    reference('exclude', keys, 'tool');
    reference('groups', names.groups, 'group');
    reference('skills', skillNames, 'skill');
    if (typeof declaration.caller === 'string' && !callers.includes(declaration.caller))
      push(
        C.invalidValue,
        `${what} names the unknown caller '${declaration.caller}'.` +
          `${didYouMean(declaration.caller, callers) || ` Declared: ${callers.join(', ') || '(none)'}.`}`,
        where(['caller']),
      );
    if (
      typeof declaration.maxTurns === 'number' &&
      (!Number.isInteger(declaration.maxTurns) || declaration.maxTurns < 1)
    )
      push(
        C.invalidValue,
        `${what}: 'maxTurns' must be a whole number of at least 1.`,
        where(['maxTurns']),
      );
  }
  return out;
}
