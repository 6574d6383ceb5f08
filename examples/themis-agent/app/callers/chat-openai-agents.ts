// The web chat (caller `CHAT`) on the OpenAI Agents SDK: the same catalog, context, trigger factories
// and space settings as chat-tool-configuration.ts hands the Claude Agent SDK and chat-ai-sdk.ts the
// AI SDK, so a tool switched off in the space's settings leaves every path. The Agent holds the tools
// built for a request (the builders capture its space and job queue); what each run is offered — the
// conditions, the tools switched off in the settings, approval — comes with that run's options, so
// the same Agent answers again after the settings change. The channels' tools come from the app's MCP
// servers, filtered per run to the ones the policy allows.
import { Agent, type MCPServer, type Model } from '@openai/agents';
import {
  createThemisToolContext,
  themisOpenAIAgentOptions,
  themisOpenAIRunOptions,
  type ThemisToolFactories,
} from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import { buildCodeGenerationTool, buildPrReviewTriggerTool } from '../tools/triggers';
import type { CallerSettings } from './caller-settings';
import type { ChatRequest } from './chat-tool-configuration';

/** Permission modes in which no one is asked: the run then approves every offered tool. */
const UNASKED = new Set(['bypassPermissions', 'dontAsk']);

/** The chat's Agent for a request: the caller's tools built from its context, the channels' servers. */
export function chatOpenAIAgent(
  request: ChatRequest,
  model: Model,
  mcpServers: { readonly metabase?: MCPServer; readonly sentry?: MCPServer } = {},
) {
  const { jobs } = request;
  const factories: ThemisToolFactories | undefined = jobs && {
    trigger_pr_review: () =>
      buildPrReviewTriggerTool((args) => jobs.push({ kind: 'pr_review', args })),
    trigger_code_generation: (_context, { schema }) =>
      buildCodeGenerationTool(schema, (args) => jobs.push({ kind: 'code_generation', args })),
  };
  const context = createThemisToolContext({
    predicates: themisPredicates,
    factories,
    data: { space: request.space, user: request.user, conversation: request.conversation },
  });
  return new Agent({
    name: 'Themis chat',
    instructions: "You answer questions about the space's data and pull requests.",
    model,
    ...themisOpenAIAgentOptions({
      context,
      caller: 'CHAT',
      channels: new ChannelRegistry(request.space),
      mcpServers,
    }),
  });
}

/** One run's options: the space's settings as they stand when the run starts, and live after. */
export function chatOpenAIRunOptions(request: ChatRequest, settings: CallerSettings = {}) {
  const { permissionMode, disabledTools } = settings;
  return themisOpenAIRunOptions({
    channels: new ChannelRegistry(request.space),
    options: { overlay: disabledTools?.() ?? [] },
    approval: permissionMode !== undefined && UNASKED.has(permissionMode) ? 'allow' : 'ask',
    ...(disabledTools && { disallowed: disabledTools }),
  });
}
