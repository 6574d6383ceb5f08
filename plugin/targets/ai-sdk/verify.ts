// `tool-catalog verify --target ai-sdk`: for every context of the policy snapshot and every caller,
// one `generateText` call with the options the runtime gives (what the generated code hands the SDK),
// on the AI SDK's own test model. The tools the SDK sent the model in the first step are compared
// with the policy's offer; the test model then starts every offered subagent, and each nested call's
// first step is compared with that subagent's share. `--emit <tool>` makes the model call a tool
// instead, and says what became of the call (ran, no such tool, refused, approval asked or denied).
import type { CatalogModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { loadAppCode } from '../../verify/app-code.js';
import { sampleInput } from '../../verify/fake-api.js';
import {
  failedRun,
  findings,
  formatTargetReport,
  plannedRuns,
  sharedSetup,
  targetReport,
  type TargetRun,
  type TargetVerifier,
  type TargetVerifyOptions,
  type TargetVerifyReport,
} from '../target-verify.js';
import { AI_SDK_NAMING, aiSdkOfferOf } from './names.js';
import { wireExpectation } from '../wire-expectation.js';
import { loadAiSdk, type AiSdk, type RecordedCall } from './sdk.js';
import { verifyCall, type CallSetup } from './verify-call.js';

const PROMPT = 'tool-catalog verify';
const TASK = 'tool-catalog verify starts this subagent';

const names = (call: RecordedCall | undefined) => (call?.tools ?? []).map((t) => t.name).sort();

/** The system prompt of a recorded call: it tells which subagent's nested call it was. */
const systemOf = (call: RecordedCall) => {
  const first = call.prompt[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
};

/** The tool a content part of a step is about (approval parts carry the call inside). */
const toolOf = (part: Record<string, unknown>) =>
  part.toolName ?? (part.toolCall as { toolName?: unknown } | undefined)?.toolName;

/** What became of the emitted call, read from the first step's content. */
function emitOutcome(
  content: readonly Record<string, unknown>[],
  tool: string,
  ran: readonly string[],
  subagent: boolean,
): NonNullable<TargetRun['emit']> {
  const parts = content.filter((p) => toolOf(p) === tool || p.type === 'tool-approval-response');
  const text = (v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : String(v ?? ''));
  const denied = parts.find((p) => p.type === 'tool-approval-response' && p.approved === false);
  if (denied) return { tool, outcome: 'denied by toolApproval', detail: text(denied.reason) };
  const error = parts.find((p) => p.type === 'tool-error');
  if (error) {
    const message = text(error.error);
    const outcome = /NoSuchTool|unavailable tool/.test(message)
      ? 'no such tool (not offered)'
      : /ToolCallRefused|is refused/.test(message)
        ? 'refused'
        : 'failed';
    return { tool, outcome, detail: message };
  }
  if (parts.some((p) => p.type === 'tool-approval-request'))
    return {
      tool,
      outcome: 'approval asked',
      detail: 'the call waits for the user: the tool follows the permission mode',
    };
  if (parts.some((p) => p.type === 'tool-result')) {
    if (subagent) return { tool, outcome: 'ran', detail: 'its nested call ran on the test model' };
    return ran.includes(tool)
      ? {
          tool,
          outcome: 'ran',
          detail: "its execute ran (a recorder: the app's code is not called)",
        }
      : { tool, outcome: 'answered', detail: 'a result came back, but no recorder ran' };
  }
  return { tool, outcome: 'not called', detail: 'the SDK did not act on the call' };
}

async function runContext(
  model: CatalogModel,
  sdk: AiSdk,
  base: Omit<CallSetup, 'subagentModel'>,
  context: { readonly id: string; readonly context: Readonly<Record<string, boolean>> },
  caller: string | undefined,
  emit: string | undefined,
): Promise<TargetRun[]> {
  const head = { context: context.id, values: context.context, ...(caller ? { caller } : {}) };
  const subagentModel = sdk.testModel(() => ({ text: 'done' }));
  let call: ReturnType<typeof verifyCall>;
  try {
    call = verifyCall({ ...base, subagentModel }, context.context, caller);
  } catch (error) {
    return [failedRun(head, error)];
  }
  const target = aiSdkOfferOf(model, policyTablesOf(model), call.offer);
  const offered = new Set(target.subagents.filter((s) => s.offered).map((s) => s.name));
  const parent = sdk.testModel((recorded, step) => {
    if (step > 0) return { text: 'done' };
    if (emit !== undefined) {
      const schema = recorded.tools?.find((t) => t.name === emit)?.inputSchema;
      return { toolCalls: [{ name: emit, input: sampleInput(schema) }] };
    }
    const agents = names(recorded).filter((n) => offered.has(n));
    return agents.length === 0
      ? { text: 'done' }
      : { toolCalls: agents.map((name) => ({ name, input: { task: TASK } })) };
  });
  let content: readonly Record<string, unknown>[] = [];
  try {
    const result = await sdk.generateText({
      model: parent,
      ...call.options,
      prompt: PROMPT,
      stopWhen: ({ steps }: { readonly steps: readonly unknown[] }) => steps.length >= 2,
    } as never);
    content = result.steps[0]?.content ?? [];
  } catch (error) {
    return [failedRun(head, error)];
  }
  const first = names(parent.doGenerateCalls[0]);
  const runs: TargetRun[] = [
    {
      ...head,
      offered: first,
      ...findings(first, wireExpectation(AI_SDK_NAMING, target, call.offer)),
      ...(emit !== undefined
        ? { emit: emitOutcome(content, emit, call.ran, offered.has(emit)) }
        : {}),
    },
  ];
  if (emit !== undefined) return runs;
  for (const agent of call.offer.agents.filter((a) => offered.has(a.name))) {
    const nested = subagentModel.doGenerateCalls.find((c) => systemOf(c) === agent.entry.prompt);
    const tools = names(nested);
    runs.push({
      ...head,
      subagent: agent.name,
      offered: tools,
      ...findings(tools, wireExpectation(AI_SDK_NAMING, target, call.offer, agent.name)),
      ...(nested === undefined ? { error: `the subagent '${agent.name}' was not started` } : {}),
    });
  }
  return runs;
}

async function verifyAiSdk(
  model: CatalogModel,
  options: TargetVerifyOptions,
): Promise<TargetVerifyReport> {
  const started = Date.now();
  const sdk = await loadAiSdk(model.config.rootDir, options.sdk);
  const appCode = await loadAppCode(model);
  const { contexts, callers } = plannedRuns(model, options);
  const base = sharedSetup(model, sdk, appCode, options);
  const runs: TargetRun[] = [];
  for (const context of contexts)
    for (const caller of callers)
      runs.push(...(await runContext(model, sdk, base, context, caller, options.emit)));
  return targetReport(model, 'ai-sdk', sdk, runs, started);
}

const formatAiSdkReport = (report: TargetVerifyReport) => formatTargetReport(report, 'call');

export const aiSdkVerifier: TargetVerifier = { verify: verifyAiSdk, format: formatAiSdkReport };
