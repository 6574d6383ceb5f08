// Loads the Vercel AI SDK the app installed (or another installed copy, `--sdk ai-6`) and its test
// model, for `verify --target ai-sdk`: `generateText`, `jsonSchema`, and `MockLanguageModelV4` from
// `ai/test` (ai 7) or `MockLanguageModelV3` (ai 6), whose `doGenerateCalls[i].tools` record what
// each step offered the model. Only that command loads it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { VERSIONED_TARGETS } from '../../language/targets.js';
import { RuntimeUnavailable } from '../../verify/problems.js';

/** What one step of a test model call received: its tools, and the prompt (the system message first). */
export interface RecordedCall {
  readonly tools?: readonly { readonly name: string; readonly inputSchema?: unknown }[];
  readonly prompt: readonly { readonly role: string; readonly content: unknown }[];
}

/** A test model: answers each step with `reply`, and records every step's call options. */
interface TestModel {
  readonly doGenerateCalls: readonly RecordedCall[];
}

export interface AiSdk {
  /** The package that was loaded (`ai`, or an alias such as `ai-6`) and its version. */
  readonly package: string;
  readonly version: string;
  readonly major: number;
  readonly generateText: (options: never) => Promise<GenerateResult>;
  readonly jsonSchema: (schema: never) => unknown;
  /** A test model whose steps answer with `reply(call options, step)`. */
  testModel(reply: (call: RecordedCall, step: number) => ModelReply): TestModel;
}

/** One step's answer: tool calls, or text. */
type ModelReply =
  | { readonly toolCalls: readonly { readonly name: string; readonly input: unknown }[] }
  | { readonly text: string };

interface GenerateResult {
  readonly text: string;
  readonly steps: readonly { readonly content: readonly Record<string, unknown>[] }[];
}

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The test model's answer to one step, in the language model specification's shape (v3 and v4 alike). */
function generateResult(reply: ModelReply, id: () => string) {
  const calls = 'toolCalls' in reply ? reply.toolCalls : [];
  return {
    content:
      'text' in reply
        ? [{ type: 'text', text: reply.text }]
        : calls.map((c) => ({
            type: 'tool-call',
            toolCallId: id(),
            toolName: c.name,
            input: JSON.stringify(c.input),
          })),
    finishReason: { unified: calls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
    usage: USAGE,
    warnings: [],
  };
}

/** The installed AI SDK: the project's own `ai`, or `choice` (a package name such as an npm alias). */
export async function loadAiSdk(rootDir: string, choice?: string): Promise<AiSdk> {
  const name = choice ?? VERSIONED_TARGETS['ai-sdk']!.package;
  const require = createRequire(path.join(rootDir, 'noop.js'));
  let manifest: string;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    throw new RuntimeUnavailable(
      `The Vercel AI SDK ('${name}') is not installed here; install it (npm install ai) to verify the ai-sdk target.`,
    );
  }
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const major = Number(version.split('.')[0]);
  const load = (specifier: string) =>
    import(pathToFileURL(require.resolve(specifier)).href) as Promise<Record<string, unknown>>;
  const ai = await load(name);
  const test = await load(`${name}/test`);
  const Mock = (test.MockLanguageModelV4 ?? test.MockLanguageModelV3) as
    | (new (options: {
        doGenerate: (call: RecordedCall) => Promise<unknown>;
      }) => TestModel)
    | undefined;
  if (Mock === undefined || typeof ai.generateText !== 'function')
    throw new RuntimeUnavailable(
      `'${name}' ${version} has no generateText or test model (MockLanguageModelV4 / V3 in '${name}/test'); the ai-sdk target supports ai 6 and 7.`,
    );
  return {
    package: name,
    version,
    major,
    generateText: ai.generateText as AiSdk['generateText'],
    jsonSchema: ai.jsonSchema as AiSdk['jsonSchema'],
    testModel(reply) {
      let step = 0;
      let calls = 0;
      const id = () => `verify-${(calls++).toString(36)}`;
      return new Mock({ doGenerate: async (call) => generateResult(reply(call, step++), id) });
    },
  };
}
