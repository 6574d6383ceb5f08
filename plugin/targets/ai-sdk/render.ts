// Renders `ai-sdk.ts`: the typed `<prefix>AiSdkOptions(input)` of one Vercel AI SDK call, written for
// the major version of `ai` the config resolved (7: `toolApproval`; 6: each tool's `needsApproval`),
// and reports what the AI SDK cannot express of the catalog (two tools under one AI SDK name).
import type { CatalogModel } from '../../model/catalog-model.js';
import { templateFile, type Renderer } from '../../render/renderer.js';
import { runtimeModule, siblingModule } from '../../render/renderers/module-specifiers.js';
import type { AiSdkView } from '../../render/template-views.js';
import { tsString } from '../../text/escape.js';
import { lowerFirst } from '../../text/spelling.js';
import type { WireNames } from '../wire-names.js';
import { aiSdkNames } from './names.js';

/** The resolved `ai-sdk` target of a catalog that compiles for it. */
const aiSdkTargetOf = (model: CatalogModel) =>
  model.config.targets?.find((t) => t.name === 'ai-sdk');

function aiSdkView(model: CatalogModel, header: string, { names, dynamic }: WireNames): AiSdkView {
  const target = aiSdkTargetOf(model);
  const major = target?.major ?? 7;
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    fnPrefix: lowerFirst(model.prefix),
    major: String(major),
    majorFrom:
      target?.majorFrom === 'pinned in the config'
        ? 'pinned in the config'
        : 'the major of the installed `ai` package',
    toolApproval: major >= 7,
    optionsModule: siblingModule(model, 'runtime/ai-sdk-options'),
    runtimeModule: runtimeModule(model),
    policyModule: siblingModule(model, 'policy'),
    registryModule: siblingModule(model, 'registry'),
    toolsModule: siblingModule(model, 'tools'),
    names: names.map(tsString),
    dynamic,
  };
}

export const aiSdkRenderer: Renderer = {
  name: 'ai-sdk',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    const names = aiSdkNames(model);
    const { files } = templateFile(context, 'ai-sdk.ts', aiSdkView(model, header, names));
    return { files, diagnostics: names.problems };
  },
};
