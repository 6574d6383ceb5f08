// The Claude Agent SDK target (the default): the session options of `query()` (`session.ts`) and the
// guard that fails `tsc` when the SDK drops a typed tool (`sdk-coverage.ts`). It is the one target
// whose runtime decides part of the offer by itself (deferral behind ToolSearch, tools it leaves out),
// which the runtime-surface lock records. Its runtime predates this folder and stays in the core
// runtime (runtime/session.ts, session-agents.ts, hooks.ts), and its verify drives the real Claude
// Code runtime (plugin/verify/); both are reached from here.
import { sdkCoverageRenderer } from '../../render/renderers/sdk-coverage.js';
import { sessionRenderer } from '../../render/renderers/session.js';
import type { Target } from '../target.js';

export const claudeAgentSdkTarget: Target = {
  name: 'claude-agent-sdk',
  sdk: 'Claude Agent SDK',
  renderers: () => [sessionRenderer, sdkCoverageRenderer],
  offerOf: (_model, _tables, offer) => ({
    tools: offer.tools.map((o) => ({
      key: o.key,
      names: o.names,
      offered: o.state !== 'absent',
      ...(o.detail !== undefined ? { detail: o.detail } : {}),
    })),
    subagents: offer.agents.map((a) => ({
      name: a.name,
      offered: a.offered,
      tools: a.tools.filter((o) => o.state !== 'absent').flatMap((o) => o.names),
    })),
    leftOut: [],
  }),
};
