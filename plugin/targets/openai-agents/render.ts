// Renders `openai-agents.ts`: the typed `<prefix>OpenAIAgentOptions(input)` of one OpenAI Agents SDK
// Agent and `<prefix>OpenAIRunOptions(input)` of each of its runs, and reports what the SDK cannot
// express of the catalog (two tools under one name).
import type { CatalogModel } from '../../model/catalog-model.js';
import { templateFile, type Renderer } from '../../render/renderer.js';
import { runtimeModule, siblingModule } from '../../render/renderers/module-specifiers.js';
import type { OpenAIAgentsView } from '../../render/template-views.js';
import { tsString } from '../../text/escape.js';
import { lowerFirst } from '../../text/spelling.js';
import type { WireNames } from '../wire-names.js';
import { openAINames } from './names.js';

function openAIAgentsView(
  model: CatalogModel,
  header: string,
  { names, dynamic }: WireNames,
): OpenAIAgentsView {
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    fnPrefix: lowerFirst(model.prefix),
    optionsModule: siblingModule(model, 'runtime/openai-options'),
    runModule: siblingModule(model, 'runtime/openai-run'),
    runtimeModule: runtimeModule(model),
    policyModule: siblingModule(model, 'policy'),
    registryModule: siblingModule(model, 'registry'),
    toolsModule: siblingModule(model, 'tools'),
    names: names.map(tsString),
    dynamic,
  };
}

export const openAIAgentsRenderer: Renderer = {
  name: 'openai-agents',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    const names = openAINames(model);
    const view = openAIAgentsView(model, header, names);
    const { files } = templateFile(context, 'openai-agents.ts', view);
    return { files, diagnostics: names.problems };
  },
};
