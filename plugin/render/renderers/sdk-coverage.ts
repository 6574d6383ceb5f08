// Renders `sdk-coverage.ts`: type-only imports of every SDK-typed tool's input type and an assertion
// over them, so a tool the SDK drops fails `tsc` with a message naming the tool.
import path from 'node:path';
import { inVersionRange } from '../../language/versions.js';
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { toPosix } from '../../text/spelling.js';
import { tsKey } from '../../text/escape.js';
import { templateFile, type Renderer } from '../renderer.js';
import { moduleSpecifier } from './module-specifiers.js';
import type { SdkCoverageView } from '../template-views.js';

/**
 * The import specifier of `sdk.typesModule` as seen from the output folder. A relative path (from
 * the config folder) is rewritten and given `.js`, which TypeScript maps to the `.d.ts` under both
 * `bundler` and `node16` resolution; a package specifier is kept.
 */
function typesModuleSpecifier(model: CatalogModel): string {
  const { sdk, rootDir, outDir } = model.config;
  if (!sdk.typesModule.startsWith('.')) return sdk.typesModule;
  const target = path.resolve(rootDir, sdk.typesModule).replace(/(\.d)?\.(ts|js|mts|mjs)$/, '');
  const relative = toPosix(path.relative(outDir, target));
  return `${relative.startsWith('.') ? relative : `./${relative}`}.js`;
}

/**
 * Whether the pinned SDK types the tool: in its version range when the runtime-surface lock says which
 * version is pinned; without a lock only tools every supported version has (no `addedIn`/`removedIn`).
 */
const typedInPinned = (model: CatalogModel, t: ToolModel) =>
  model.surface
    ? inVersionRange(model.surface.sdk, t.addedIn, t.removedIn)
    : t.addedIn === undefined && t.removedIn === undefined;

function sdkCoverageView(model: CatalogModel, header: string): SdkCoverageView {
  const tools = model.tools
    .filter((t) => t.sdkTyped && typedInPinned(model, t))
    .map((t) => ({ property: tsKey(t.key), type: `${t.sdkType}Input` }));
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    typesModule: moduleSpecifier(typesModuleSpecifier(model)),
    tools,
  };
}

export const sdkCoverageRenderer: Renderer = {
  name: 'sdk-coverage',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'sdk-coverage.ts', sdkCoverageView(model, header));
  },
};
