// `tsc --noEmit` (TypeScript 7 native and TypeScript 6) over the generated registry against a
// hand-written registry with the same data in the fastest shape, plus the whole generated folder.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repeat, timeNode, Unavailable } from './stats.mjs';

const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const union = (members) => (members.length ? members.map((m) => `\n  | ${q(m)}`).join('') : ' never');
const list = (members) => `[${members.map(q).join(', ')}]`;

/**
 * The fastest shape we know for the same data: unions written out, every object annotated with its
 * interface (checked property by property, no literal types kept), no `as const`, no `satisfies`.
 */
export function handWrittenRegistry(model) {
  const tools = model.tools;
  const names = [...new Set(tools.flatMap((t) => t.names))];
  const row = (t) => {
    const f = [`key: ${q(t.key)}`, `kind: ${q(t.kind)}`, `names: ${list(t.names)}`];
    if (t.category) f.push(`category: ${q(t.category)}`);
    f.push(`exposure: ${q(t.exposure)}`);
    if (t.condition) f.push(`condition: ${q(t.condition.name)}`);
    if (t.pairGroup) f.push(`pairGroup: ${q(t.pairGroup)}`);
    f.push(`dependsOn: ${list(t.dependsOn)}`, `groups: ${list(t.groups)}`);
    if (t.server) f.push(`server: ${q(t.server)}`);
    if (t.wire) f.push(`wire: ${q(t.wire)}`);
    if (t.channel) f.push(`channel: ${q(t.channel)}`);
    f.push(`sdkTyped: ${t.sdkTyped}`);
    if (t.sdkType) f.push(`sdkType: ${q(t.sdkType)}`);
    f.push(`factory: ${t.factory}`, `restricted: ${t.restricted}`, `approval: ${q(t.approval)}`, `labelKey: ${q(t.labelKey)}`, `descriptionKey: ${q(t.descriptionKey)}`);
    return `  ${t.key}: { ${f.join(', ')} },`;
  };
  const categories = model.categories.map((c) => c.name);
  return `// Hand-written registry, fastest shape (bench baseline).
export type ToolKey =${union(tools.map((t) => t.key))};
export type ToolName =${union(names)};
export type ToolCategory =${union(categories)};
export type ToolCondition =${union(model.conditions.map((c) => c.name))};
export type ToolPairGroup =${union(model.pairGroups)};
export type ToolGroup =${union(model.groups)};
export type ToolServer =${union(model.servers)};
export type ToolChannel =${union(model.channels)};
export interface ToolDescriptor {
  readonly key: ToolKey;
  readonly kind: 'sdk' | 'mcp' | 'external';
  readonly names: readonly ToolName[];
  readonly category?: ToolCategory;
  readonly exposure: 'user' | 'internal' | 'conditional' | 'disabled';
  readonly condition?: ToolCondition;
  readonly pairGroup?: ToolPairGroup;
  readonly dependsOn: readonly ToolKey[];
  readonly groups: readonly ToolGroup[];
  readonly server?: ToolServer;
  readonly wire?: string;
  readonly channel?: ToolChannel;
  readonly sdkTyped: boolean;
  readonly sdkType?: string;
  readonly factory: boolean;
  readonly restricted: boolean;
  readonly approval: 'auto' | 'permission-mode';
  readonly labelKey: string;
  readonly descriptionKey: string;
}
export const TOOL_REGISTRY: { readonly [K in ToolKey]: ToolDescriptor } = {
${tools.map(row).join('\n')}
};
export const TOOL_KEYS: readonly ToolKey[] = ${list(tools.map((t) => t.key))};
export const TOOL_CATEGORIES: readonly ToolCategory[] = ${list(categories)};
export const TOOLS_BY_CATEGORY: { readonly [C in ToolCategory]: readonly ToolKey[] } = {
${categories.map((c) => `  ${q(c)}: ${list(tools.filter((t) => t.category === c).map((t) => t.key))},`).join('\n')}
};
export const USER_TOOLS: readonly ToolKey[] = ${list(tools.filter((t) => t.exposure === 'user').map((t) => t.key))};
`;
}

const COMPILERS = { 'TypeScript 7': 'typescript/bin/tsc', 'TypeScript 6': 'typescript-6/bin/tsc' };

function tsconfig(dir, name, files, repo) {
  const runtimeTypes = path.join(repo, 'dist/types/runtime/index.d.ts');
  const file = path.join(dir, `tsconfig.${name}.json`);
  writeFileSync(file, JSON.stringify({
    compilerOptions: {
      strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true, skipLibCheck: true, types: [],
      paths: { 'agent-tool-catalog/runtime': [existsSync(runtimeTypes) ? runtimeTypes : path.join(repo, 'plugin/runtime/index.ts')] },
    },
    files,
  }, null, 2));
  return file;
}

/** Wall time of each compiler over each project; the ratio that matters is registry / hand-written. */
export async function measureTsc(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  const registry = path.join(catalog.dir, 'generated/bench/registry.ts');
  if (!existsSync(registry)) throw new Unavailable('no generated registry (the cold generate measurement failed)');
  const { generate } = await import(path.join(ctx.repo, 'dist/api.js'));
  const result = await generate({ cwd: catalog.dir });
  const model = result.catalogs[0]?.model;
  if (!model) throw new Error('generate returned no model');
  const baseline = path.join(catalog.dir, 'baseline', 'registry.ts');
  mkdirSync(path.dirname(baseline), { recursive: true });
  writeFileSync(baseline, handWrittenRegistry(model));
  // Generated files import the SDK's types: let them resolve from the repo's node_modules.
  const modules = path.join(ctx.tmp, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(ctx.repo, 'node_modules'), modules, 'dir');
  const projects = {
    generatedRegistry: tsconfig(catalog.dir, 'registry', [registry], ctx.repo),
    handWritten: tsconfig(catalog.dir, 'baseline', [baseline], ctx.repo),
    generatedAll: tsconfig(catalog.dir, 'all', [path.join(catalog.dir, 'generated/bench/index.ts')], ctx.repo),
  };
  const out = {};
  for (const [name, bin] of Object.entries(COMPILERS)) {
    const tsc = path.join(ctx.repo, 'node_modules', bin);
    const times = {};
    for (const [project, file] of Object.entries(projects)) {
      // The whole output under TypeScript 6 takes ~25 s a run at 5,000 tools: TypeScript 7 only.
      if (project === 'generatedAll' && name !== 'TypeScript 7') continue;
      times[project] = repeat(ctx.runs, () => timeNode([tsc, '-p', file], { cwd: catalog.dir }).ms, undefined, ctx.budgetMs);
    }
    out[name] = { ...times, ratio: Math.round((times.generatedRegistry.median / times.handWritten.median) * 100) / 100 };
  }
  return out;
}
