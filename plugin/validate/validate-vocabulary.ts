// Checks the `defineCatalog({...})` vocabulary: field shapes, callers naming declared groups, and
// MCP server / channel names that the SDK would mangle.
import { derivedPer } from '../session-memory.js';
import { conditionField, isIdentifierName, isMangled, nameProblem } from '../language/naming.js';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourceLocator,
} from '../diagnostics/diagnostics.js';
import { checkFields, didYouMean, isRecord, type FieldSpec } from '../diagnostics/field-schema.js';

const VOCABULARY_FIELDS: FieldSpec = {
  categories: { type: 'string[]' },
  categoryLabels: { type: 'record' },
  conditions: { type: 'record' },
  predicates: { type: 'string[]' },
  pairGroups: { type: 'string[]' },
  groups: { type: 'string[]' },
  callers: { type: 'record' },
  servers: { type: 'record' },
  channels: { type: 'record' },
  runtimes: { type: 'record' },
  agents: { type: 'any' },
  skills: { type: 'any' },
  settingSources: { type: 'string[]' },
};

const RUNTIME_FIELDS: FieldSpec = {
  description: { type: 'string' },
  model: { type: 'string' },
  permissionCallback: { type: 'boolean' },
  toolSearch: { type: 'boolean' },
  env: { type: 'record' },
};

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Each runtime configuration's fields, and its `env` as variable names to strings. */
function checkRuntimes(
  v: Record<string, unknown>,
  at: (p: string[], extra?: Partial<SourceLocator>) => SourceLocator,
) {
  const out: PendingDiagnostic[] = [];
  if (!isRecord(v.runtimes)) return out;
  for (const [name, configuration] of Object.entries(v.runtimes)) {
    if (!isRecord(configuration)) {
      out.push({
        code: DIAGNOSTIC_CODES.invalidValue,
        severity: 'error',
        message: `Runtime configuration '${name}' must be an object such as { permissionCallback: true }.`,
        at: at(['runtimes', name]),
      });
      continue;
    }
    const what = `Runtime configuration '${name}'`;
    out.push(
      ...checkFields(configuration, RUNTIME_FIELDS, what, (field, atKey) =>
        at(['runtimes', name, field], { atKey }),
      ),
    );
    if (!isRecord(configuration.env)) continue;
    for (const [variable, value] of Object.entries(configuration.env))
      if (!ENV_NAME.test(variable) || typeof value !== 'string')
        out.push({
          code: DIAGNOSTIC_CODES.invalidValue,
          severity: 'error',
          message: `${what}: env maps variable names (letters, digits and '_') to strings; fix '${variable}'.`,
          at: at(['runtimes', name, 'env', variable]),
        });
  }
  return out;
}

/** The vocabulary's name sets, as the tool validator needs them. */
export interface VocabularyNames {
  readonly categories: readonly string[];
  readonly conditions: readonly string[];
  readonly pairGroups: readonly string[];
  readonly groups: readonly string[];
  readonly servers: readonly string[];
  readonly channels: readonly string[];
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const keys = (v: unknown): string[] => (isRecord(v) ? Object.keys(v) : []);

// One vocabulary's names, kept with its object: tool checks kept in watch mode are keyed by them.
export const vocabularyNames = derivedPer('vocabulary names', (v: Record<string, unknown>) =>
  namesFrom(v),
);

function namesFrom(v: Record<string, unknown>): VocabularyNames {
  return {
    categories: strings(v.categories),
    conditions: [...new Set([...keys(v.conditions), ...strings(v.predicates)])],
    pairGroups: strings(v.pairGroups),
    groups: strings(v.groups),
    servers: keys(v.servers),
    channels: keys(v.channels),
  };
}

export function validateVocabulary(v: Record<string, unknown>, file: string): PendingDiagnostic[] {
  const at = (p: string[], extra: Partial<SourceLocator> = {}): SourceLocator => ({
    file,
    path: p,
    scope: 'catalog',
    ...extra,
  });
  const out = checkFields(v, VOCABULARY_FIELDS, 'The catalog definition', (field, atKey) =>
    at([field], { atKey }),
  );
  const names = vocabularyNames(v);
  const duplicates = (list: string[], field: string) =>
    list.forEach((name, i) => {
      if (list.indexOf(name) !== i)
        out.push({
          code: DIAGNOSTIC_CODES.duplicateKey,
          severity: 'error',
          message: `'${name}' is listed twice in '${field}'; remove one.`,
          at: at([field], { element: i }),
        });
    });
  for (const field of ['categories', 'pairGroups', 'groups', 'predicates'] as const)
    duplicates(strings(v[field]), field);
  if (isRecord(v.conditions)) {
    for (const [name, description] of Object.entries(v.conditions))
      if (typeof description !== 'string')
        out.push({
          code: DIAGNOSTIC_CODES.invalidValue,
          severity: 'error',
          message:
            `Condition '${name}' must map to a string that says what it means, e.g. ` +
            `'the session cwd is a git work tree'.`,
          at: at(['conditions', name]),
        });
  }
  if (isRecord(v.callers)) {
    for (const [caller, groups] of Object.entries(v.callers)) {
      if (!Array.isArray(groups)) {
        out.push({
          code: DIAGNOSTIC_CODES.invalidValue,
          severity: 'error',
          message: `Caller '${caller}' must list the groups it opts into, e.g. ['core'].`,
          at: at(['callers', caller]),
        });
        continue;
      }
      groups.forEach((g, i) => {
        if (!names.groups.includes(g))
          out.push({
            code: DIAGNOSTIC_CODES.unknownGroup,
            severity: 'error',
            message:
              `Caller '${caller}' opts into unknown group '${g}'; declare it in ` +
              `'groups' or fix the name.${didYouMean(String(g), names.groups)}`,
            at: at(['callers', caller], { element: i }),
          });
      });
    }
  }
  // Every declared name ends up in generated code, a comment or a table: none may hide characters.
  const listed = (field: 'categories' | 'pairGroups' | 'groups' | 'predicates') =>
    strings(v[field]).map((name, i) => ({ name, field, where: at([field], { element: i }) }));
  out.push(...checkRuntimes(v, at));
  const keyed = (
    field: 'conditions' | 'callers' | 'servers' | 'channels' | 'categoryLabels' | 'runtimes',
  ) => keys(v[field]).map((name) => ({ name, field, where: at([field, name], { atKey: true }) }));
  for (const { name, field, where } of [
    ...listed('categories'),
    ...listed('pairGroups'),
    ...listed('groups'),
    ...listed('predicates'),
    ...keyed('conditions'),
    ...keyed('callers'),
    ...keyed('servers'),
    ...keyed('channels'),
    ...keyed('runtimes'),
  ]) {
    const problem = nameProblem(name);
    if (problem)
      out.push({
        code: DIAGNOSTIC_CODES.invalidName,
        severity: 'error',
        message: `The name ${JSON.stringify(name)} in '${field}' cannot be used: ${problem}; rename it.`,
        at: where,
      });
  }
  // Each condition is read from one context field: the field must be an identifier, and no two
  // conditions may share one.
  const fieldOwners = new Map<string, { name: string; where: SourceLocator }>();
  for (const { name, where } of [...keyed('conditions'), ...listed('predicates')]) {
    const field = conditionField(name);
    if (!isIdentifierName(field)) {
      out.push({
        code: DIAGNOSTIC_CODES.invalidName,
        severity: 'error',
        message:
          `The condition '${name}' would be read from the context field '${field}` +
          `', which is not an identifier; name conditions with letters, digits, ` +
          `'-' and '_', starting with a letter (e.g. 'workspace-has-git').`,
        at: where,
      });
      continue;
    }
    const owner = fieldOwners.get(field);
    if (owner && owner.name !== name)
      out.push({
        code: DIAGNOSTIC_CODES.nameCollision,
        severity: 'error',
        message:
          `The conditions '${owner.name}' and '${name}' would both be read from ` +
          `the context field '${field}'; rename one of them.`,
        at: where,
        related: [{ at: owner.where, message: `'${owner.name}' is declared here` }],
      });
    else fieldOwners.set(field, { name, where });
  }
  for (const [field, list] of [
    ['servers', names.servers],
    ['channels', names.channels],
  ] as const) {
    for (const name of list)
      if (isMangled(name))
        out.push({
          code: DIAGNOSTIC_CODES.mangledName,
          severity: 'error',
          message:
            `MCP ${field === 'servers' ? 'server' : 'channel'} name '${name}' would ` +
            `be mangled by the SDK; use only letters, digits, '_' and '-', and no '__'.`,
          at: at([field, name], { atKey: true }),
        });
  }
  return out;
}
