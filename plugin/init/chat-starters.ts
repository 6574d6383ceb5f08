// The chat modules init writes for the catalog's other targets: one turn through the AI SDK's
// generateText(), one through the OpenAI Agents SDK's Agent and run(), each with the generated
// options, in the app's own names and with the import its module resolution needs.
import { existsSync } from 'node:fs';
import type { CatalogModel } from '../model/catalog-model.js';
import { loadTemplates } from '../render/templates.js';
import { lineCommentText, tsString } from '../text/escape.js';
import { lowerFirst, relativePosix } from '../text/spelling.js';
import {
  compilesFor,
  contextDefaultOf,
  generatedModuleOf,
  resolvesFrom,
  starterTools,
  stubbed,
} from './agent-server.js';
import type { AppInfo } from './detect-app.js';

/** The targets that get a chat starter (the Claude Agent SDK's is the agent server). */
export type StarterTarget = 'ai-sdk' | 'openai-agents';

export const CHAT_FILES: Readonly<Record<StarterTarget, string>> = {
  'ai-sdk': 'chat-ai-sdk.ts',
  'openai-agents': 'chat-openai-agents.ts',
};

/** The package each starter imports its SDK from. */
const SDK_OF: Readonly<Record<StarterTarget, string>> = {
  'ai-sdk': 'ai',
  'openai-agents': '@openai/agents',
};

/** Names each module declares or imports itself: a tool's variable must not take one. */
const TAKEN = new Set([
  'appTool',
  'z',
  'generateText',
  'stepCountIs',
  'LanguageModel',
  'Agent',
  'run',
  'chatAgent',
  'runChatTurn',
  'model',
  'prompt',
  'storedOptOuts',
  'context',
  'migrated',
  'options',
  'result',
]);

export interface ChatStarterOutcome {
  readonly target: StarterTarget;
  readonly action: 'written' | 'kept' | 'not-written';
  readonly file: string;
  /** What gets it written, when it was not. */
  readonly step?: string;
}

function renderChat(target: StarterTarget, model: CatalogModel, file: string): string {
  const { tools, servers } = starterTools(model, TAKEN);
  const fn = lowerFirst(model.prefix);
  const common = {
    catalog: lineCommentText(`'${model.name}'`),
    generatedModule: generatedModuleOf(model, file),
    migrateOptOuts: `migrate${model.prefix}OptOuts`,
    policyContext: `${model.prefix}PolicyContext`,
    contextDefault: contextDefaultOf(model),
    tools,
    servers,
  };
  const templates = loadTemplates();
  const text =
    target === 'ai-sdk'
      ? templates.get('init-chat-ai-sdk.ts')({
          ...common,
          major: String(model.config.targets?.find((t) => t.name === 'ai-sdk')?.major ?? ''),
          aiSdkOptions: `${fn}AiSdkOptions`,
        })
      : templates.get('init-chat-openai-agents.ts')({
          ...common,
          agentOptions: `${fn}OpenAIAgentOptions`,
          runOptions: `${fn}OpenAIRunOptions`,
          agentName: tsString(`${model.prefix} chat`),
        });
  return text.trimEnd().concat('\n');
}

interface ChatStarterInput {
  readonly app: AppInfo;
  readonly files: Readonly<Record<StarterTarget, string>>;
  readonly model: CatalogModel | undefined;
  /** The app's `init` command, for the step that says to run it again. */
  readonly init: string;
  /** The command that installs a package in this app. */
  readonly install: (pkg: string) => string;
}

/**
 * For each target of the catalog that has a starter: writes it when the SDK (and zod, for the app's
 * in-process tools) resolves from the app, the app runs server code, the catalog has no callers
 * (their tools are built per caller, which a starter cannot guess) and the file does not exist.
 */
export async function writeChatStarters(
  input: ChatStarterInput,
  write: (file: string, content: string) => Promise<void>,
): Promise<ChatStarterOutcome[]> {
  const { app, model } = input;
  const outcomes: ChatStarterOutcome[] = [];
  for (const target of Object.keys(CHAT_FILES) as StarterTarget[]) {
    const file = input.files[target];
    if (!model || !compilesFor(model, target)) continue;
    const rel = relativePosix(app.dir, file);
    const again = `then run \`${input.init}\` again: it writes ${rel}, a chat turn on your catalog.`;
    if (existsSync(file)) outcomes.push({ target, action: 'kept', file });
    else if (app.browserOnly || Object.keys(model.callers).length > 0)
      outcomes.push({ target, action: 'not-written', file });
    else {
      const missing = [SDK_OF[target], ...(stubbed(model).length > 0 ? ['zod'] : [])].filter(
        (pkg) => !resolvesFrom(app.dir, pkg),
      );
      if (missing.length > 0)
        outcomes.push({
          target,
          action: 'not-written',
          file,
          step: `${input.install(missing.join(' '))}   # ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed; ${again}`,
        });
      else {
        await write(file, renderChat(target, model, file));
        outcomes.push({ target, action: 'written', file });
      }
    }
  }
  return outcomes;
}
