// Emits `sdk-coverage.ts` (SPEC §3.3): type-only imports of every SDK-typed tool's input type and
// an assertion over them, so a tool the SDK drops fails `tsc` with a message naming the tool.
import path from 'node:path';
import { expectedSdkType, sdkTypedTools } from '../../drift/aliases';
import type { CatalogModel } from '../../model/catalog-model';
import type { Emitter } from '../emitter';
import { toPosix } from '../../spelling';


/**
 * The import specifier of `sdk.typesModule` as seen from the output folder. A relative path (from
 * the config folder) is rewritten and given `.js`, which TypeScript maps to the `.d.ts` under both
 * `bundler` and `node16` resolution; a package specifier is kept.
 */
export function typesModuleSpecifier(model: CatalogModel): string {
  const { sdk, rootDir, outDir } = model.config;
  if (!sdk.typesModule.startsWith('.')) return sdk.typesModule;
  const target = path.resolve(rootDir, sdk.typesModule).replace(/(\.d)?\.(ts|js|mts|mjs)$/, '');
  const relative = toPosix(path.relative(outDir, target));
  return `${relative.startsWith('.') ? relative : `./${relative}`}.js`;
}

export const sdkCoverageEmitter: Emitter = {
  name: 'sdk-coverage',
  emit({ model, templates, header }) {
    const tools = sdkTypedTools(model.tools).map((t) => ({ key: t.key, type: `${expectedSdkType(t, model.config.sdk.aliases)}Input` }));
    const view = {
      header,
      P: model.prefix,
      C: model.constPrefix,
      typesModule: typesModuleSpecifier(model),
      imports: [...new Set(tools.map((t) => t.type))].sort(),
      tools,
    };
    return { files: new Map([[path.join(model.config.outDir, 'sdk-coverage.ts'), { content: templates.get('sdk-coverage.ts')!(view) }]]) };
  },
};
