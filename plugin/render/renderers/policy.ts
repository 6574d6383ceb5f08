// Renders `policy.ts`: the catalog's policy tables (the registry's tools plus every rule's effect,
// precomputed and literal-typed), its typed condition context and the resolver bound to them.
import type { CatalogModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { derivedPer } from '../../session-memory.js';
import { docCommentText, lineCommentText, tsKey, tsString } from '../../text/escape.js';
import { templateFile, type Renderer } from '../renderer.js';
import { runtimeModule, siblingModule } from './module-specifiers.js';
import { agentsLiteral, runtimesLiteral, skillsLiteral } from './policy-literals.js';
import type { PolicyView } from '../template-views.js';
import { sharedLiterals } from './registry-entry.js';

/** The parts of the view the policy tables decide, kept with them. */
const tableParts = derivedPer('policy view parts', policyViewParts, { watchOnly: true });

function policyViewParts(tables: ReturnType<typeof policyTablesOf>) {
  // A key stands in many closures (every tool that depends on it, its pair group's): it is
  // escaped once, and each closure lists the same literal.
  const { one } = sharedLiterals();
  const list = (items: readonly string[]) => items.map(one);
  // The lines of a closure's array literal, as the template writes them around it.
  const lines = (items: readonly string[]) =>
    items.length === 0 ? '' : `${items.map((k) => `\n      ${one(k)},`).join('')}\n    `;
  return {
    servers: list(tables.servers),
    channels: list(tables.channels),
    renamedServers: Object.entries(tables.renamedServers).map(([name, to]) => ({
      name: tsKey(name),
      to: tsString(to),
    })),
    sdkAliases: Object.entries(tables.sdkAliases).map(([name, to]) => ({
      name: tsKey(name),
      to: tsString(to),
    })),
    alwaysDisallowed: list(tables.alwaysDisallowed),
    whenConditionFails: Object.entries(tables.whenConditionFails).map(([name, keys]) => ({
      name: tsKey(name),
      keys: lines(keys),
    })),
    whenOptedOut: Object.entries(tables.whenOptedOut).map(([name, keys]) => ({
      name: tsKey(name),
      keys: lines(keys),
    })),
  };
}

function policyView(model: CatalogModel, header: string): PolicyView {
  const tables = policyTablesOf(model);
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
    ...tableParts(tables),
    runtimes: runtimesLiteral(tables.runtimes),
    agents: agentsLiteral(tables.agents),
    skills: skillsLiteral(model.skills),
    settingSources: model.settingSources.map(tsString),
  };
}

export const policyRenderer: Renderer = {
  name: 'policy',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'policy.ts', policyView(model, header));
  },
};
