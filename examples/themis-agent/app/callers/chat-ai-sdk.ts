// The web chat (caller `CHAT`) on the Vercel AI SDK: the same catalog, context, trigger factories and
// space settings as chat-tool-configuration.ts hands the Claude Agent SDK, so a tool switched off
// in the space's settings leaves both. The channels' tools come from the app's MCP clients
// (`@ai-sdk/mcp`'s `tools()`, by wire name); the options keep the ones the policy allows.
import type { LanguageModel, Tool } from 'ai';
import {
  createThemisToolContext,
  themisAiSdkOptions,
  type ThemisToolFactories,
} from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import { buildCodeGenerationTool, buildPrReviewTriggerTool } from '../tools/triggers';
import type { CallerSettings } from './caller-settings';
import type { ChatRequest } from './chat-tool-configuration';

/** Permission modes in which no one is asked: the AI SDK call then approves every offered tool. */
const UNASKED = new Set(['bypassPermissions', 'dontAsk']);

export function chatAiSdkOptions(
  request: ChatRequest,
  model: LanguageModel,
  settings: CallerSettings = {},
  channelTools: { readonly [channel: string]: Readonly<Record<string, Tool>> } = {},
) {
  const { permissionMode, disabledTools } = settings;
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
  const options = themisAiSdkOptions({
    context,
    caller: 'CHAT',
    channels: new ChannelRegistry(request.space),
    tools: channelTools,
    model,
    options: { overlay: disabledTools?.() ?? [] },
    approval: permissionMode !== undefined && UNASKED.has(permissionMode) ? 'allow' : 'ask',
    ...(disabledTools && { disallowed: disabledTools }),
  });
  return { context, options };
}
