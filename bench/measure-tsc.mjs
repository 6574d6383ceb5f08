// `tsc --noEmit` (TypeScript 7 native and TypeScript 6) over the generated registry against a
// hand-written registry with the same data in the fastest shapes we know, plus the whole generated folder.
import { existsSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { interleave, repeat, timeNode, Unavailable } from './stats.mjs';

const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const union = (members) =>
  members.length ? members.map((m) => `\n  | ${q(m)}`).join('') : ' never';
const list = (members) => `[${members.map(q).join(', ')}]`;

/**
 * The same data written by hand, in one of two shapes:
 * - 'annotated': every object annotated with its interface (checked property by property, no literal
 *   types kept), no `as const`, no `satisfies`;
 * - 'checked': `as const` literals (literal types kept), each checked afterwards by a `satisfies`
 *   statement on the constant — the shape the generator writes, minus its extra tables and layout.
 * The bench compares the generated registry with the faster of the two.
 */
export function handWrittenRegistry(model, shape = 'annotated') {
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
    f.push(
      `factory: ${t.factory}`,
      `restricted: ${t.restricted}`,
      `approval: ${q(t.approval)}`,
      `labelKey: ${q(t.labelKey)}`,
      `descriptionKey: ${q(t.descriptionKey)}`,
    );
    return `  ${t.key}: { ${f.join(', ')} },`;
  };
  const categories = model.categories.map((c) => c.name);
  const checked = shape === 'checked';
  /** `export const NAME: TYPE = VALUE;`, or in the checked shape `export const NAME = VALUE as const;` then `NAME satisfies TYPE;`. */
  const constant = (name, type, value) =>
    checked
      ? `export const ${name} = ${value} as const;\n${name} satisfies ${type};`
      : `export const ${name}: ${type} = ${value};`;
  const byCategory = categories
    .map((c) => `  ${q(c)}: ${list(tools.filter((t) => t.category === c).map((t) => t.key))},`)
    .join('\n');
  return `// Hand-written registry, ${shape} shape (bench baseline).
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
${constant('TOOL_REGISTRY', '{ readonly [K in ToolKey]: ToolDescriptor }', `{\n${tools.map(row).join('\n')}\n}`)}
${constant('TOOL_KEYS', 'readonly ToolKey[]', list(tools.map((t) => t.key)))}
${constant('TOOL_CATEGORIES', 'readonly ToolCategory[]', list(categories))}
${constant('TOOLS_BY_CATEGORY', '{ readonly [C in ToolCategory]: readonly ToolKey[] }', `{\n${byCategory}\n}`)}
${constant('USER_TOOLS', 'readonly ToolKey[]', list(tools.filter((t) => t.exposure === 'user').map((t) => t.key)))}
`;
}

const COMPILERS = { 'TypeScript 7': 'typescript/bin/tsc', 'TypeScript 6': 'typescript-6/bin/tsc' };

function tsconfig(dir, name, files, repo) {
  const runtimeTypes = path.join(repo, 'dist/types/runtime/index.d.ts');
  const file = path.join(dir, `tsconfig.${name}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: {
            'agent-tool-catalog/runtime': [
              existsSync(runtimeTypes) ? runtimeTypes : path.join(repo, 'plugin/runtime/index.ts'),
            ],
          },
        },
        files,
      },
      null,
      2,
    ),
  );
  return file;
}

const ratioOf = (a, b) => Math.round((a / b) * 100) / 100;

/**
 * Wall time of each compiler over each project. The ratio that matters is the generated registry
 * over the faster hand-written shape; the three registry projects run in turns so that the load
 * of the shared machine hits them alike.
 */
export async function measureTsc(ctx, size) {
  const catalog = ctx.catalogs.get(size);
  const registry = path.join(catalog.dir, 'generated/bench/registry.ts');
  if (!existsSync(registry))
    throw new Unavailable('no generated registry (the cold generate measurement failed)');
  const { generate } = await import(path.join(ctx.repo, 'dist/api.js'));
  const result = await generate({ cwd: catalog.dir });
  const model = result.catalogs[0]?.model;
  if (!model) throw new Error('generate returned no model');
  const baseline = (shape) => {
    const file = path.join(catalog.dir, 'baseline', `registry.${shape}.ts`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, handWrittenRegistry(model, shape));
    return file;
  };
  // Generated files import the SDK's types: they resolve from the repo's node_modules, linked into
  // the catalog's folder for the compiler runs only. Linked above the catalogs (as it once was), it
  // made every later `generate` there keep its evaluations on disk: the cold rows were not cold.
  const modules = path.join(catalog.dir, 'node_modules');
  symlinkSync(path.join(ctx.repo, 'node_modules'), modules, 'dir');
  try {
    return await compilerTimes(ctx, catalog, registry, baseline);
  } finally {
    unlinkSync(modules);
  }
}

/** Each compiler over the generated registry, the two hand-written shapes and the whole output. */
async function compilerTimes(ctx, catalog, registry, baseline) {
  const registries = {
    generatedRegistry: tsconfig(catalog.dir, 'registry', [registry], ctx.repo),
    handWritten: tsconfig(catalog.dir, 'baseline', [baseline('annotated')], ctx.repo),
    handWrittenChecked: tsconfig(catalog.dir, 'baseline-checked', [baseline('checked')], ctx.repo),
  };
  const all = tsconfig(
    catalog.dir,
    'all',
    [path.join(catalog.dir, 'generated/bench/index.ts')],
    ctx.repo,
  );
  const out = {};
  for (const [name, bin] of Object.entries(COMPILERS)) {
    const tsc = path.join(ctx.repo, 'node_modules', bin);
    const run = (file) => () => timeNode([tsc, '-p', file], { cwd: catalog.dir }).ms;
    const times = interleave(
      ctx.runs,
      Object.fromEntries(
        Object.entries(registries).map(([project, file]) => [project, { fn: run(file) }]),
      ),
      3 * ctx.budgetMs,
    );
    // The whole output under TypeScript 6 takes ~25 s a run at 5,000 tools: TypeScript 7 only.
    if (name === 'TypeScript 7')
      times.generatedAll = repeat(ctx.runs, run(all), undefined, ctx.budgetMs);
    const fastest =
      times.handWrittenChecked.median < times.handWritten.median
        ? 'handWrittenChecked'
        : 'handWritten';
    out[name] = {
      ...times,
      fastest,
      ratio: ratioOf(times.generatedRegistry.median, times[fastest].median),
      ratioAnnotated: ratioOf(times.generatedRegistry.median, times.handWritten.median),
      ratioChecked: ratioOf(times.generatedRegistry.median, times.handWrittenChecked.median),
    };
  }
  return out;
}
