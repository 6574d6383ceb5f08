// Located, coded diagnostics: every problem any stage finds says where (file:line:col), what is
// wrong and how to fix it; the CLI, the bundler plugin and the API print them the same way.

/** Stable codes: tests, docs and users' scripts may rely on them. */
export const DIAGNOSTIC_CODES = {
  configMissing: 'TC001',
  configInvalid: 'TC002',
  catalogUnknown: 'TC003',
  syntax: 'TC100',
  evaluation: 'TC101',
  forbiddenImport: 'TC102',
  evaluationTimeout: 'TC103',
  evaluationMemory: 'TC104',
  noDefinition: 'TC110',
  emptyCatalog: 'TC111',
  foreignToolSet: 'TC112',
  duplicateKey: 'TC120',
  duplicateName: 'TC121',
  conditionMissing: 'TC130',
  conditionUnexpected: 'TC131',
  unknownCategory: 'TC140',
  unknownCondition: 'TC141',
  unknownPairGroup: 'TC142',
  unknownServer: 'TC143',
  unknownGroup: 'TC144',
  unknownDependency: 'TC145',
  unknownChannel: 'TC146',
  dependencyCycle: 'TC150',
  mangledName: 'TC160',
  nameCollision: 'TC161',
  invalidName: 'TC162',
  unknownField: 'TC170',
  invalidValue: 'TC171',
  missingField: 'TC172',
  missingTranslation: 'TC200',
  localeUnreadable: 'TC201',
  notOwned: 'TC300',
  sharedOutput: 'TC301',
  writeFailed: 'TC302',
  formatterRewritesOutput: 'TC304',
  cacheUnusable: 'TC305',
  surfaceLockInvalid: 'TC310',
  surfaceNotRecorded: 'TC311',
  surfaceContradicted: 'TC312',
  targetUnavailable: 'TC320',
  targetCannotExpress: 'TC321',
} as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[keyof typeof DIAGNOSTIC_CODES];

export interface SourcePosition {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

/**
 * Where in a catalog file a problem sits, before it is turned into a line and column: the chain of
 * object keys from a tool declaration (or the catalog vocabulary) down to the offending value.
 */
export interface SourceLocator {
  readonly file: string;
  /** Object keys to walk, e.g. `['EnterWorktree', 'condition']`. Empty: the whole file. */
  readonly path: readonly string[];
  /** An element of the array at `path`. */
  readonly element?: number;
  /** Point at the property's key instead of its value. */
  readonly atKey?: boolean;
  /** Where `path` starts: inside a `.tools({...})` argument or the `defineCatalog({...})` argument. */
  readonly scope: 'tools' | 'catalog' | 'config';
}

/** @public Named by the declaration files of the API that returns diagnostics. */
export interface RelatedLocation extends SourcePosition {
  readonly message: string;
}

export interface CatalogDiagnostic {
  readonly code: DiagnosticCode;
  readonly severity: 'error' | 'warning';
  /** One sentence: what is wrong and how to fix it. */
  readonly message: string;
  readonly position?: SourcePosition;
  /** A few source lines with a caret under the column. */
  readonly frame?: string;
  readonly related?: readonly RelatedLocation[];
}

/** A diagnostic whose position is still a locator; resolved only when something is reported. */
export interface PendingDiagnostic extends Omit<CatalogDiagnostic, 'position' | 'related'> {
  readonly at?: SourceLocator | SourcePosition;
  readonly related?: readonly {
    readonly at: SourceLocator | SourcePosition;
    readonly message: string;
  }[];
}

export function hasErrors(diagnostics: readonly { severity: string }[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export function formatDiagnosticLine(d: CatalogDiagnostic): string {
  const where = d.position ? `${d.position.file}:${d.position.line}:${d.position.column}: ` : '';
  return `${where}${d.severity} ${d.code}: ${d.message}`;
}

/** The human-readable form the CLI prints and the bundler plugin passes on. */
export function formatDiagnostic(d: CatalogDiagnostic): string {
  const lines = [formatDiagnosticLine(d)];
  if (d.frame) lines.push(d.frame);
  for (const r of d.related ?? []) lines.push(`  ${r.file}:${r.line}:${r.column}: ${r.message}`);
  return lines.join('\n');
}
