// `tool-catalog verify --target openai-agents`: for every caller, one Agent with the options the runtime
// gives (what the generated code hands the SDK), built once; then for every context of the policy
// snapshot one run of it, with that context's run options, on the SDK's own test model
// (`ScriptedModel`). The tools the SDK sent the model in the first turn are compared with the policy's
// offer (and no handoff may be offered); the test model then calls every offered subagent, and each
// subagent's first turn is compared with its share. `--emit <tool>` makes the model call a tool
// instead, and says what became of the call (ran, not offered, refused, approval asked).
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
import { OPENAI_NAMING, openAIAgentsOfferOf } from './names.js';
import { wireExpectation } from '../wire-expectation.js';
import { openAIToolName } from './runtime/openai-names.js';
import { loadOpenAIAgents, type RecordedRequest, type RunResultLike } from './sdk.js';
import { verifyAgent, type AgentSetup, type VerifyAgent } from './verify-agent.js';

const TASK = 'tool-catalog verify starts this subagent';

const names = (call: RecordedRequest | undefined) =>
  (call?.request.tools ?? []).flatMap((t) => (t.name === undefined ? [] : [t.name])).sort();

/** Whether a request continues a run (it carries a tool's answer) rather than starting one. */
const continues = (call: RecordedRequest) =>
  Array.isArray(call.request.input) &&
  call.request.input.some((item) => item.type === 'function_call_result');

/** What became of the emitted call, read from the run's result. */
function emitOutcome(
  result: RunResultLike,
  tool: string,
  ran: readonly string[],
  subagent: boolean,
): NonNullable<TargetRun['emit']> {
  if (result.interruptions.some((i) => i.name === tool))
    return {
      tool,
      outcome: 'approval asked',
      detail: 'the run waits for the user: the tool follows the permission mode',
    };
  const output = result.newItems.find(
    (i) => i.type === 'tool_call_output_item' && i.rawItem?.name === tool,
  )?.output;
  const said = typeof output === 'string' ? output : JSON.stringify(output ?? '');
  if (said.startsWith(`Tool '${tool}' is not offered`))
    return { tool, outcome: 'not offered (answered, never ran)', detail: said };
  if (said.startsWith(`'${tool}' is refused`))
    return { tool, outcome: 'refused by its guardrail', detail: said };
  if (subagent) return { tool, outcome: 'ran', detail: "the subagent's run ran on the test model" };
  if (ran.includes(tool))
    return { tool, outcome: 'ran', detail: "a recorder ran (the app's code is not called)" };
  return { tool, outcome: 'not called', detail: said || 'the SDK did not act on the call' };
}

async function runContext(
  model: CatalogModel,
  built: VerifyAgent,
  context: { readonly id: string; readonly context: Readonly<Record<string, boolean>> },
  caller: string | undefined,
  emit: string | undefined,
): Promise<TargetRun[]> {
  const head = { context: context.id, values: context.context, ...(caller ? { caller } : {}) };
  let run: ReturnType<VerifyAgent['runOf']>;
  try {
    run = built.runOf(context.context);
  } catch (error) {
    return [failedRun(head, error)];
  }
  const target = openAIAgentsOfferOf(model, policyTablesOf(model), run.offer);
  const subagents = new Set(
    target.subagents.filter((s) => s.offered).map((s) => openAIToolName(s.name)),
  );
  const { parent, nested, ran } = built;
  const first = parent.calls.length;
  const nestedFirst = nested.calls.length;
  const ranBefore = ran.length;
  // Every turn is answered by the current run's script, so a turn left over by an interrupted run
  // answers the next run's first.
  const step = (call: RecordedRequest) => built.script(call);
  built.script = (call) => {
    if (continues(call)) return { text: 'done' };
    const calls =
      emit !== undefined
        ? [
            {
              name: emit,
              input: sampleInput(call.request.tools.find((t) => t.name === emit)?.parameters),
            },
          ]
        : names(call)
            .filter((n) => subagents.has(n))
            .map((name) => ({ name, input: { input: TASK } }));
    if (calls.length === 0) return { text: 'done' };
    parent.enqueue(step);
    for (const c of calls) if (subagents.has(c.name)) nested.enqueue(() => ({ text: 'done' }));
    return { calls };
  };
  if (parent.remaining === 0) parent.enqueue(step);
  let result: RunResultLike;
  try {
    result = await built.run(run.options);
  } catch (error) {
    return [failedRun(head, error)];
  }
  const call = parent.calls[first];
  const offered = names(call);
  const handoffs = (call?.request.handoffs ?? []).map((h) => h.toolName);
  const found = findings(offered, wireExpectation(OPENAI_NAMING, target, run.offer));
  const runs: TargetRun[] = [
    {
      ...head,
      offered,
      ...found,
      // A handoff is a tool the model is offered too, and the catalog has none.
      offeredNotInCatalog: [...found.offeredNotInCatalog, ...handoffs],
      ...(emit !== undefined
        ? { emit: emitOutcome(result, emit, ran.slice(ranBefore), subagents.has(emit)) }
        : {}),
    },
  ];
  if (emit !== undefined) return runs;
  const mine = nested.calls.slice(nestedFirst);
  for (const agent of run.offer.agents.filter((a) => subagents.has(openAIToolName(a.name)))) {
    const request = mine.find(
      (c) => !continues(c) && c.request.systemInstructions === agent.entry.prompt,
    );
    const tools = names(request);
    runs.push({
      ...head,
      subagent: agent.name,
      offered: tools,
      ...findings(tools, wireExpectation(OPENAI_NAMING, target, run.offer, agent.name)),
      ...(request === undefined ? { error: `the subagent '${agent.name}' was not started` } : {}),
    });
  }
  return runs;
}

async function verifyOpenAIAgents(
  model: CatalogModel,
  options: TargetVerifyOptions,
): Promise<TargetVerifyReport> {
  const started = Date.now();
  const sdk = await loadOpenAIAgents(model.config.rootDir, options.sdk);
  const appCode = await loadAppCode(model);
  const { contexts, callers } = plannedRuns(model, options);
  const setup: AgentSetup = sharedSetup(model, sdk, appCode, options);
  const runs: TargetRun[] = [];
  for (const caller of callers) {
    let built: VerifyAgent;
    try {
      built = verifyAgent(setup, caller);
    } catch (error) {
      runs.push(failedRun({ context: '-', values: {}, ...(caller ? { caller } : {}) }, error));
      continue;
    }
    for (const context of contexts)
      runs.push(...(await runContext(model, built, context, caller, options.emit)));
  }
  return targetReport(model, 'openai-agents', sdk, runs, started);
}

export const openAIAgentsVerifier: TargetVerifier = {
  verify: verifyOpenAIAgents,
  format: (report) => formatTargetReport(report, 'run'),
};
