// Loads the OpenAI Agents SDK the app installed (or another installed copy, `--sdk`) and its test model,
// for `verify --target openai-agents`: `Agent`, `tool`, `Runner`, `ScriptedModel` and its helpers from
// `@openai/agents/testing` (each model call records the request: its tools and handoffs), and the zod
// the SDK takes as a peer, for the stand-in tools. Only that command loads it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuntimeUnavailable } from '../../verify/problems.js';

const PACKAGE = '@openai/agents';

/** One model call as `ScriptedModel` records it (the fields read here). */
export interface RecordedRequest {
  readonly request: {
    readonly systemInstructions?: string;
    readonly input: string | readonly { readonly type?: string }[];
    readonly tools: readonly { readonly name?: string; readonly parameters?: unknown }[];
    readonly handoffs: readonly { readonly toolName: string }[];
  };
}

/** What a scripted turn answers: tool calls, or a message. */
export type ScriptedTurn =
  | { readonly calls: readonly { readonly name: string; readonly input: unknown }[] }
  | { readonly text: string };

/** A `ScriptedModel` (the `model` an Agent takes), the calls it recorded, and its next turns. */
export interface ScriptedModelLike {
  readonly model: unknown;
  readonly calls: readonly RecordedRequest[];
  /** Turns added and not yet taken. */
  readonly remaining: number;
  /** Adds a turn, answered by `reply` from the request it receives. */
  enqueue(reply: (call: RecordedRequest) => ScriptedTurn): void;
}

/** What a run gives back (the fields read here). */
export interface RunResultLike {
  readonly newItems: readonly {
    readonly type: string;
    readonly output?: unknown;
    readonly rawItem?: { readonly callId?: string; readonly name?: string };
  }[];
  readonly interruptions: readonly { readonly name?: string }[];
  readonly toolInputGuardrailResults: readonly {
    readonly output: { readonly behavior: { readonly type: string; readonly message?: string } };
  }[];
}

export interface OpenAIAgentsSdk {
  /** The package that was loaded (`@openai/agents`, or an alias) and its version. */
  readonly package: string;
  readonly version: string;
  readonly tool: (options: never) => unknown;
  readonly Agent: new (config: never) => { asTool(options: never): unknown };
  /** Runs an agent without tracing. */
  run(agent: unknown, input: string, options: Record<string, unknown>): Promise<RunResultLike>;
  /** A scripted model with no turn yet. */
  scriptedModel(): ScriptedModelLike;
  /** zod's `object`, for stand-in tools' input. */
  readonly object: (shape: Record<string, never>) => unknown;
}

/** The installed OpenAI Agents SDK: the project's own, or `choice` (a package name such as an npm alias). */
export async function loadOpenAIAgents(rootDir: string, choice?: string): Promise<OpenAIAgentsSdk> {
  const name = choice ?? PACKAGE;
  const require = createRequire(path.join(rootDir, 'noop.js'));
  // Its package.json is not among the files it exports: found in the folders Node looks in.
  const manifest = (require.resolve.paths(name) ?? [])
    .map((dir) => path.join(dir, name, 'package.json'))
    .find((file) => existsSync(file));
  if (manifest === undefined)
    throw new RuntimeUnavailable(
      `The OpenAI Agents SDK ('${name}') is not installed here; install it (npm install @openai/agents zod) to verify the openai-agents target.`,
    );
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const from = createRequire(manifest);
  const load = (specifier: string) =>
    import(pathToFileURL(from.resolve(specifier)).href) as Promise<Record<string, unknown>>;
  const [agents, testing, zod] = await Promise.all([
    load(name),
    load(`${name}/testing`).catch(() => ({}) as Record<string, unknown>),
    load('zod').catch(() => ({}) as Record<string, unknown>),
  ]);
  const { ScriptedModel, modelResponder, functionCall, assistantMessage } = testing as Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: the SDK's testing module, loaded at run time
    any
  >;
  if (ScriptedModel === undefined || typeof agents.Runner !== 'function')
    throw new RuntimeUnavailable(
      `'${name}' ${version} has no ScriptedModel in '${name}/testing'; the openai-agents target needs @openai/agents 0.20 or later.`,
    );
  const z = zod as { object?: (shape: object) => unknown };
  if (typeof z.object !== 'function')
    throw new RuntimeUnavailable(`zod, which '${name}' takes as a peer, is not installed here.`);
  const Runner = agents.Runner as new (
    config: object,
  ) => {
    run(agent: unknown, input: string, options: object): Promise<RunResultLike>;
  };
  const runner = new Runner({ tracingDisabled: true });
  let calls = 0;
  const answer = (turn: ScriptedTurn) =>
    'text' in turn
      ? [assistantMessage(turn.text)]
      : turn.calls.map((c) =>
          functionCall(c.name, c.input as object, { callId: `verify-${calls++}` }),
        );
  return {
    package: name,
    version,
    tool: agents.tool as OpenAIAgentsSdk['tool'],
    Agent: agents.Agent as OpenAIAgentsSdk['Agent'],
    run: (agent, input, options) => runner.run(agent, input, options),
    scriptedModel() {
      const model = new ScriptedModel();
      return {
        model,
        get calls() {
          return model.calls as readonly RecordedRequest[];
        },
        get remaining() {
          return model.remainingSteps as number;
        },
        enqueue: (reply) =>
          model.enqueue(modelResponder((call: RecordedRequest) => answer(reply(call)))),
      };
    },
    object: z.object as OpenAIAgentsSdk['object'],
  };
}
