// Checks the `defineCatalog({...})` vocabulary: field shapes, callers naming declared groups, and
// MCP server / channel names that the SDK would mangle.
import { isMangled } from '../language/naming.js';
import { DIAGNOSTIC_CODES, type PendingDiagnostic, type SourceLocator } from '../diagnostics/diagnostics.js';
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
};

/** The vocabulary's name sets, as the tool validator needs them. */
export interface VocabularyNames {
  readonly categories: readonly string[];
  readonly conditions: readonly string[];
  readonly pairGroups: readonly string[];
  readonly groups: readonly string[];
  readonly servers: readonly string[];
  readonly channels: readonly string[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const keys = (v: unknown): string[] => (isRecord(v) ? Object.keys(v) : []);

export function vocabularyNames(v: Record<string, unknown>): VocabularyNames {
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
  const at = (p: string[], extra: Partial<SourceLocator> = {}): SourceLocator => ({ file, path: p, scope: 'catalog', ...extra });
  const out = checkFields(v, VOCABULARY_FIELDS, 'The catalog definition', (field, atKey) => at([field], { atKey }));
  const names = vocabularyNames(v);
  const duplicates = (list: string[], field: string) =>
    list.forEach((name, i) => {
      if (list.indexOf(name) !== i)
        out.push({ code: DIAGNOSTIC_CODES.duplicateKey, severity: 'error', message: `'${name}' is listed twice in '${field}'; remove one.`, at: at([field], { element: i }) });
    });
  for (const field of ['categories', 'pairGroups', 'groups', 'predicates'] as const) duplicates(strings(v[field]), field);
  if (isRecord(v.conditions)) {
    for (const [name, description] of Object.entries(v.conditions))
      if (typeof description !== 'string')
        out.push({ code: DIAGNOSTIC_CODES.invalidValue, severity: 'error', message: `Condition '${name}' must map to a string that says what it means, e.g. 'the session cwd is a git work tree'.`, at: at(['conditions', name]) });
  }
  if (isRecord(v.callers)) {
    for (const [caller, groups] of Object.entries(v.callers)) {
      if (!Array.isArray(groups)) {
        out.push({ code: DIAGNOSTIC_CODES.invalidValue, severity: 'error', message: `Caller '${caller}' must list the groups it opts into, e.g. ['core'].`, at: at(['callers', caller]) });
        continue;
      }
      groups.forEach((g, i) => {
        if (!names.groups.includes(g))
          out.push({ code: DIAGNOSTIC_CODES.unknownGroup, severity: 'error', message: `Caller '${caller}' opts into unknown group '${g}'; declare it in 'groups' or fix the name.${didYouMean(String(g), names.groups)}`, at: at(['callers', caller], { element: i }) });
      });
    }
  }
  for (const [field, list] of [['servers', names.servers], ['channels', names.channels]] as const) {
    for (const name of list)
      if (isMangled(name))
        out.push({ code: DIAGNOSTIC_CODES.mangledName, severity: 'error', message: `MCP ${field === 'servers' ? 'server' : 'channel'} name '${name}' would be mangled by the SDK; use only letters, digits, '_' and '-', and no '__'.`, at: at([field, name], { atKey: true }) });
  }
  return out;
}
