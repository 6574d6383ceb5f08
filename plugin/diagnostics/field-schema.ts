// A tiny shape checker for plain-data declarations: unknown fields (with the nearest valid name),
// wrong value types and enum values, each reported with a locator that points at the field.
import { closest, distance } from 'fastest-levenshtein';
import { describeValue, isRecord } from '../language/plain-data.js';
import { DIAGNOSTIC_CODES, type PendingDiagnostic, type SourceLocator } from './diagnostics.js';

export { isRecord };

type FieldType =
  | { readonly type: 'string' }
  | { readonly type: 'boolean' }
  | { readonly type: 'number' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'string[]' }
  | { readonly type: 'record' }
  | { readonly type: 'moduleRef' }
  | { readonly type: 'any' };

export type FieldSpec = Readonly<Record<string, FieldType>>;

export const isModuleRef = (v: unknown): v is { module: string; export?: string } =>
  isRecord(v) &&
  typeof v.module === 'string' &&
  (v.export === undefined || typeof v.export === 'string') &&
  Object.keys(v).every((k) => k === 'module' || k === 'export');

function describeType(t: FieldType): string {
  switch (t.type) {
    case 'enum':
      return `one of ${t.values.map((v) => `'${v}'`).join(', ')}`;
    case 'string[]':
      return 'an array of strings';
    case 'record':
      return 'an object';
    case 'moduleRef':
      return "a module reference { module: '…', export: '…' }";
    default:
      return `a ${t.type}`;
  }
}

function matches(t: FieldType, v: unknown): boolean {
  switch (t.type) {
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'enum':
      return typeof v === 'string' && t.values.includes(v);
    case 'string[]':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
    case 'record':
      return isRecord(v);
    case 'moduleRef':
      return isModuleRef(v);
    case 'any':
      return true;
  }
}

/** The nearest known name, when it is close enough to be a plausible typo. */
export function suggest(name: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const best = closest(name, known as string[]);
  return distance(name, best) <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

export function didYouMean(name: string, known: readonly string[]): string {
  const s = suggest(name, known);
  return s ? ` Did you mean '${s}'?` : '';
}

/** Checks `value`'s fields against `spec`; `where(field, atKey)` builds the locator of a field. */
export function checkFields(
  value: Record<string, unknown>,
  spec: FieldSpec,
  what: string,
  where: (field: string, atKey: boolean) => SourceLocator,
): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  // Runs once per tool: no [field, value] pair per field, and the known names only when one is unknown.
  for (const field of Object.keys(value)) {
    const v = value[field];
    const t = spec[field];
    if (!t) {
      const known = Object.keys(spec);
      out.push({
        code: DIAGNOSTIC_CODES.unknownField,
        severity: 'error',
        message:
          `${what} has an unknown field '${field}'.` +
          `${didYouMean(field, known) || ` Valid fields: ${known.join(', ')}.`}`,
        at: where(field, true),
      });
    } else if (v !== undefined && !matches(t, v)) {
      out.push({
        code: DIAGNOSTIC_CODES.invalidValue,
        severity: 'error',
        message: `${what}: '${field}' must be ${describeType(t)}, not ${describeValue(v)}.`,
        at: where(field, false),
      });
    }
  }
  return out;
}
