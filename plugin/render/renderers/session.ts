// Renders `session.ts`: the options one agent session passes to the SDK's `query()`, built from the
// policy tables, the caller's selection and the guard, so what the model is offered equals the policy.
import type { CatalogModel } from '../../model/catalog-model.js';
import { sdkFeatures } from '../../model/session-facts.js';
import type { SdkFeatures } from '../../runtime/session.js';
import { tsString } from '../../text/escape.js';
import { lowerFirst } from '../../text/spelling.js';
import { templateFile, type Renderer } from '../renderer.js';
import { runtimeModule, siblingModule } from './module-specifiers.js';
import type { SessionView } from '../template-views.js';

const featuresLiteral = (features: SdkFeatures) => {
  const on = Object.entries(features).filter(([, v]) => v);
  return on.length === 0 ? '{}' : `{ ${on.map(([k]) => `${k}: true`).join(', ')} }`;
};

function sessionView(model: CatalogModel, header: string): SessionView {
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    fnPrefix: lowerFirst(model.prefix),
    runtimeModule: runtimeModule(model),
    policyModule: siblingModule(model, 'policy'),
    registryModule: siblingModule(model, 'registry'),
    toolsModule: siblingModule(model, 'tools'),
    optOutsModule: siblingModule(model, 'opt-outs'),
    channels: model.channels.map(tsString),
    features: featuresLiteral(sdkFeatures(model.surface?.sdk)),
    pinned: model.surface
      ? `SDK ${model.surface.sdk}`
      : 'any supported SDK (no runtime surface recorded)',
  };
}

export const sessionRenderer: Renderer = {
  name: 'session',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'session.ts', sessionView(model, header));
  },
};
