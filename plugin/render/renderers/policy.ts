// Renders `policy.ts`: the catalog's policy tables (the registry's tools plus every rule's effect,
// precomputed and literal-typed), its typed condition context and the resolver bound to them.
import type { CatalogModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { keptPer } from '../../model/structural-sharing.js';
import type { RuntimeSurface } from '../../runtime/runtime-surface.js';
import { docCommentText, lineCommentText, tsKey, tsString } from '../../text/escape.js';
import { templateFile, type Renderer } from '../renderer.js';
import { runtimeModule, siblingModule } from './module-specifiers.js';
import type { PolicyView } from '../template-views.js';

const list = (items: readonly string[]) => items.map(tsString);

/** The parts of the view the policy tables decide, kept with them. */
const tableParts = keptPer((tables: ReturnType<typeof policyTablesOf>) => ({
  servers: list(tables.servers),
  channels: list(tables.channels),
  renamedServers: Object.entries(tables.renamedServers).map(([name, to]) => ({ name: tsKey(name), to: tsString(to) })),
  sdkAliases: Object.entries(tables.sdkAliases).map(([name, to]) => ({ name: tsKey(name), to: tsString(to) })),
  alwaysDisallowed: tables.alwaysDisallowed.map(tsString),
  whenConditionFails: Object.entries(tables.whenConditionFails).map(([name, keys]) => ({
    name: tsKey(name),
    keys: list(keys),
  })),
  whenOptedOut: Object.entries(tables.whenOptedOut).map(([name, keys]) => ({ name: tsKey(name), keys: list(keys) })),
}));

/** The runtime surfaces as a TypeScript literal, one item per line (a recorded change is a one-line diff). */
function runtimesLiteral(surfaces: readonly RuntimeSurface[]): string {
  const strings = (items: readonly string[], indent: string) =>
    items.length === 0 ? '[]' : `[\n${items.map((i) => `${indent}  ${tsString(i)},\n`).join('')}${indent}]`;
  const record = (entries: Readonly<Record<string, string>>, indent: string) => {
    const pairs = Object.entries(entries);
    if (pairs.length === 0) return '{}';
    return `{\n${pairs.map(([k, v]) => `${indent}  ${tsKey(k)}: ${tsString(v)},\n`).join('')}${indent}}`;
  };
  const item = (s: RuntimeSurface) =>
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
    ].join('\n');
  return surfaces.length === 0 ? '[]' : `[\n${surfaces.map(item).join('\n')}\n  ]`;
}

function policyView(model: CatalogModel, header: string): PolicyView {
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    catalog: lineCommentText(`'${model.name}'`),
    catalogLiteral: tsString(model.name),
    // Inside a template literal in the generated code: no backtick or `${` can reach it.
    catalogInMessage: tsString(model.name).replace(/[\u0060$]/g, (c) => `\\${c}`),
    runtimeModule: runtimeModule(model),
    registryModule: siblingModule(model, 'registry'),
    conditions: model.conditions.map((c) => ({
      field: c.field,
      doc: docCommentText(`\`${c.name}\`${c.description ? `: ${c.description}` : ''}`),
    })),
    ...tableParts(policyTablesOf(model)),
    runtimes: runtimesLiteral(policyTablesOf(model).runtimes),
  };
}

export const policyRenderer: Renderer = {
  name: 'policy',
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'policy.ts', policyView(model, header));
  },
};
