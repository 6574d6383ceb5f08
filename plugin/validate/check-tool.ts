// Checks one tool declaration on its own: its fields for its kind, its names, what it references of
// the vocabulary, its module references and versions. validate-tools.ts checks the tools together.
import type { RawToolEntry } from '../load/load-catalog.js';
import { compareVersions, isVersion } from '../language/versions.js';
import {
  isExportName,
  isIdentifierName,
  isMangled,
  isMangledWire,
  nameProblem,
  specifierProblem,
} from '../language/naming.js';
import {
  DIAGNOSTIC_CODES as C,
  type PendingDiagnostic,
  type SourceLocator,
} from '../diagnostics/diagnostics.js';
import {
  checkFields,
  didYouMean,
  isModuleRef,
  isRecord,
  type FieldSpec,
} from '../diagnostics/field-schema.js';
import type { VocabularyNames } from './validate-vocabulary.js';

const COMMON_FIELDS: FieldSpec = {
  kind: { type: 'enum', values: ['sdk', 'mcp', 'external'] },
  category: { type: 'string' },
  exposure: { type: 'enum', values: ['user', 'internal', 'conditional', 'disabled'] },
  condition: { type: 'string' },
  available: { type: 'any' },
  pairGroup: { type: 'string' },
  dependsOn: { type: 'string[]' },
  groups: { type: 'string[]' },
  builder: { type: 'moduleRef' },
  factory: { type: 'boolean' },
  fullNames: { type: 'any' },
  restricted: { type: 'boolean' },
  approval: { type: 'enum', values: ['auto', 'permission-mode'] },
  label: { type: 'string' },
  description: { type: 'string' },
  labelKey: { type: 'string' },
  descriptionKey: { type: 'string' },
  icon: { type: 'string' },
  offer: { type: 'enum', values: ['direct', 'deferred'] },
  renamedFrom: { type: 'string[]' },
};

const TOOL_FIELDS: Readonly<Record<'sdk' | 'mcp' | 'external', FieldSpec>> = {
  sdk: {
    ...COMMON_FIELDS,
    name: { type: 'string' },
    sdkTyped: { type: 'boolean' },
    sdkType: { type: 'string' },
    addedIn: { type: 'string' },
    removedIn: { type: 'string' },
  },
  mcp: { ...COMMON_FIELDS, server: { type: 'string' }, wire: { type: 'string' } },
  external: {
    ...COMMON_FIELDS,
    channel: { type: 'string' },
    wires: { type: 'string[]' },
    mirror: { type: 'boolean' },
  },
};

type Decl = Record<string, unknown>;

/** One tool declaration's own problems: its shape, names, vocabulary references and versions. */
export function checkTool(entry: RawToolEntry, names: VocabularyNames): PendingDiagnostic[] {
  const { key, file } = entry;
  const at = (path: string[], extra: Partial<SourceLocator> = {}): SourceLocator => ({
    file,
    path: [key, ...path],
    scope: 'tools',
    ...extra,
  });
  const what = `Tool '${key}'`;
  const out: PendingDiagnostic[] = [];
  const push = (code: PendingDiagnostic['code'], message: string, where: SourceLocator) =>
    out.push({ code, severity: 'error', message, at: where });
  if (!isRecord(entry.declaration)) {
    push(C.invalidValue, `${what} must be an object such as { kind: 'sdk', … }.`, at([]));
    return out;
  }
  const d = entry.declaration as Decl;
  const keyProblem = nameProblem(key);
  if (keyProblem)
    push(
      C.invalidName,
      `The tool key ${JSON.stringify(key)} cannot be used: ${keyProblem}; rename the tool.`,
      at([], { atKey: true }),
    );
  if (d.kind !== 'sdk' && d.kind !== 'mcp' && d.kind !== 'external') {
    const message =
      d.kind === undefined
        ? `${what} has no 'kind'; add kind: 'sdk' (SDK built-in), 'mcp' ` +
          `(in-process MCP server) or 'external' (external MCP channel).`
        : `${what}: 'kind' must be 'sdk', 'mcp' or 'external', not ${JSON.stringify(d.kind)}.`;
    push(
      d.kind === undefined ? C.missingField : C.invalidValue,
      message,
      at(d.kind === undefined ? [] : ['kind'], { atKey: d.kind === undefined }),
    );
    return out;
  }
  const fieldProblems = checkFields(d, TOOL_FIELDS[d.kind], what, (field, atKey) =>
    at([field], { atKey }),
  );
  if (fieldProblems.length > 0) out.push(...fieldProblems);

  const reference = (
    field: string,
    value: unknown,
    known: readonly string[],
    code: PendingDiagnostic['code'],
    noun: string,
    declaredIn: string,
    element?: number,
  ) => {
    if (typeof value !== 'string' || known.includes(value)) return;
    push(
      code,
      `${what} names unknown ${noun} '${value}'; declare it in '${declaredIn}' ` +
        `of defineCatalog or use one of: ${known.join(', ') || '(none declared)'}` +
        `.${didYouMean(value, known)}`,
      at([field], { element }),
    );
  };
  if (names.categories.length > 0 && d.category === undefined)
    push(
      C.missingField,
      `${what} has no 'category'; add one of: ${names.categories.join(', ')}.`,
      at([], { atKey: true }),
    );
  reference('category', d.category, names.categories, C.unknownCategory, 'category', 'categories');
  reference(
    'condition',
    d.condition,
    names.conditions,
    C.unknownCondition,
    'condition',
    'conditions',
  );
  reference(
    'pairGroup',
    d.pairGroup,
    names.pairGroups,
    C.unknownPairGroup,
    'pair group',
    'pairGroups',
  );
  if (Array.isArray(d.groups))
    for (const [i, g] of d.groups.entries())
      reference('groups', g, names.groups, C.unknownGroup, 'group', 'groups', i);

  if (d.exposure === 'conditional' && d.condition === undefined)
    push(
      C.conditionMissing,
      `${what} is 'conditional' but names no condition; add condition: ` +
        `'<name>' (one of: ${names.conditions.join(', ') || 'none declared'}) or ` +
        `pick another exposure.`,
      at(['exposure']),
    );
  if (d.condition !== undefined && d.exposure !== 'conditional')
    push(
      C.conditionUnexpected,
      `${what} has a condition but its exposure is '` +
        `${String(d.exposure ?? 'internal')}'; set exposure: 'conditional' or ` +
        `remove the condition (use 'available' for caller-side availability).`,
      at(['condition'], { atKey: true }),
    );

  const available = d.available;
  if (typeof available === 'string' && available !== 'always')
    reference(
      'available',
      available,
      names.conditions,
      C.unknownCondition,
      'predicate',
      'conditions (or predicates)',
    );
  else if (
    !(
      available === undefined ||
      available === null ||
      typeof available === 'boolean' ||
      available === 'always' ||
      isModuleRef(available)
    )
  )
    push(
      C.invalidValue,
      `${what}: 'available' must be 'always', true, false, null, a predicate name or { module, export }.`,
      at(['available']),
    );

  const fullNames = d.fullNames;
  if (
    !(
      fullNames === undefined ||
      (Array.isArray(fullNames) && fullNames.every((n) => typeof n === 'string')) ||
      (isRecord(fullNames) && isModuleRef(fullNames.resolve) && Object.keys(fullNames).length === 1)
    )
  )
    push(
      C.invalidValue,
      `${what}: 'fullNames' must be an array of names ([] for none) or { resolve: { module, export } }.`,
      at(['fullNames']),
    );

  if (d.kind === 'mcp') {
    if (d.server === undefined)
      push(
        C.missingField,
        `${what} is an in-process MCP tool but names no 'server'; add server: ` +
          `'<name>' (one of: ${names.servers.join(', ') || 'none declared'}).`,
        at([], { atKey: true }),
      );
    reference('server', d.server, names.servers, C.unknownServer, 'MCP server', 'servers');
  }
  if (d.kind === 'external') {
    if (d.channel === undefined)
      push(
        C.missingField,
        `${what} is an external MCP tool but names no 'channel'; add channel: ` +
          `'<name>' (one of: ${names.channels.join(', ') || 'none declared'}).`,
        at([], { atKey: true }),
      );
    reference('channel', d.channel, names.channels, C.unknownChannel, 'channel', 'channels');
    if (d.mirror === true && d.wires !== undefined)
      push(
        C.invalidValue,
        `${what} has both 'mirror' and 'wires'; mirror names from the channel registry or list fixed wires, not both.`,
        at(['wires'], { atKey: true }),
      );
  }
  if (d.factory === true && d.builder !== undefined)
    push(
      C.invalidValue,
      `${what} is a factory, so its builder comes from the caller; remove 'builder'.`,
      at(['builder'], { atKey: true }),
    );
  for (const field of ['addedIn', 'removedIn'] as const)
    if (typeof d[field] === 'string' && !isVersion(d[field]))
      push(
        C.invalidValue,
        `${what}: '${field}' must be an SDK version such as '0.3.196', not ${JSON.stringify(d[field])}.`,
        at([field]),
      );
  if (
    isVersion(d.addedIn) &&
    isVersion(d.removedIn) &&
    compareVersions(d.addedIn, d.removedIn) >= 0
  )
    push(
      C.invalidValue,
      `${what} is removed in ${d.removedIn}, which is not after it was added (` +
        `${d.addedIn}); fix one of the versions.`,
      at(['removedIn']),
    );
  if (d.kind === 'external' && d.offer !== undefined)
    push(
      C.invalidValue,
      `${what}: 'offer' applies to built-in and in-process tools; an external ` +
        `server's tools are deferred or not as a whole (its config's alwaysLoad).`,
      at(['offer'], { atKey: true }),
    );
  if (d.kind !== 'sdk' && (d.sdkTyped !== undefined || d.sdkType !== undefined))
    push(
      C.invalidValue,
      `${what}: 'sdkTyped' and 'sdkType' apply to kind: 'sdk' only.`,
      at(['sdkTyped'], { atKey: true }),
    );
  // An SDK-typed tool's type base names the SDK type `<base>Input` that the coverage guard imports.
  if (d.kind === 'sdk' && d.sdkTyped !== false) {
    const base =
      typeof d.sdkType === 'string' ? d.sdkType : typeof d.name === 'string' ? d.name : key;
    if (!isIdentifierName(base))
      push(
        C.invalidName,
        `${what} is SDK-typed, but '${base}' cannot name the SDK type ${base}` +
          `Input; set sdkType to the SDK's type name (without 'Input'), or ` +
          `sdkTyped: false for a tool the SDK does not type.`,
        at(typeof d.sdkType === 'string' ? ['sdkType'] : [], {
          atKey: typeof d.sdkType !== 'string',
        }),
      );
  }
  for (const [field, ref] of [
    ['builder', d.builder],
    ['available', d.available],
    ['fullNames', isRecord(d.fullNames) ? d.fullNames.resolve : undefined],
  ] as const) {
    if (!isModuleRef(ref)) continue;
    const where = at(field === 'fullNames' ? ['fullNames', 'resolve'] : [field]);
    const moduleProblem = specifierProblem(ref.module);
    if (moduleProblem)
      push(
        C.invalidValue,
        `${what}: the module ${JSON.stringify(ref.module)} of '${field}' cannot be imported: ${moduleProblem}.`,
        where,
      );
    if (ref.export !== undefined && !isExportName(ref.export))
      push(
        C.invalidName,
        `${what}: the export ${JSON.stringify(ref.export)} of '${field}' is not ` +
          `an export name; write the name the module exports (an identifier) or ` +
          `leave 'export' out for the default export.`,
        where,
      );
  }

  const wireChecks: [string, unknown, number | undefined][] = [['wire', d.wire, undefined]];
  if (Array.isArray(d.wires))
    for (const [i, w] of d.wires.entries()) wireChecks.push(['wires', w, i]);
  if (Array.isArray(fullNames) && d.kind !== 'sdk')
    for (const [i, n] of fullNames.entries())
      if (typeof n === 'string' && !n.startsWith('mcp__')) wireChecks.push(['fullNames', n, i]);
  for (const [field, wire, element] of wireChecks)
    if (typeof wire === 'string' && isMangledWire(wire))
      push(
        C.mangledName,
        `${what}: wire name '${wire}' would be mangled by the SDK; use only letters, digits, '_' and '-'.`,
        at([field], { element }),
      );
  // The SDK splits a full name at '__': `mcp`, the server, then the wire (which may hold '__' itself).
  if (Array.isArray(fullNames) && d.kind !== 'sdk')
    fullNames.forEach((n, i) => {
      if (typeof n !== 'string' || !n.startsWith('mcp__')) return;
      const parts = n.slice('mcp__'.length).split('__');
      const [server = '', ...wire] = parts;
      if (wire.length === 0 || isMangled(server) || isMangledWire(wire.join('__')))
        push(
          C.mangledName,
          `${what}: full name '${n}' would be mangled by the SDK; write it as ` +
            `mcp__<server>__<wire> with only letters, digits, '_' and '-' (the ` +
            `server without '__').`,
          at(['fullNames'], { element: i }),
        );
    });
  if (d.kind === 'mcp' && d.wire === undefined && fullNames === undefined && isMangledWire(key))
    push(
      C.mangledName,
      `${what}: its key is used as the wire name but would be mangled by the ` +
        `SDK; set wire: '<name>' with only letters, digits, '_' and '-'.`,
      at([], { atKey: true }),
    );
  return out;
}
