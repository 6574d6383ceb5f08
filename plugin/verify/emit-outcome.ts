// What happened to the one call the fake model made (`--emit <tool>`): the handler ran, the guard
// denied it, the runtime denied it, the runtime had no such tool, or the call failed otherwise.
import type { QueryRun } from './run-query.js';
import type { GuardCall } from './session-setup.js';

export type EmitOutcomeKind =
  | 'ran'
  | 'denied-by-guard'
  | 'denied-by-runtime'
  | 'no-such-tool'
  | 'failed'
  | 'no-result';

export interface EmitOutcome {
  readonly tool: string;
  readonly outcome: EmitOutcomeKind;
  /** The reason or message: the guard's reason, the runtime's message, the tool's output. */
  readonly detail: string;
  /** For a tool of the catalog's in-process servers: whether its (recording) handler was called. */
  readonly handlerRan?: boolean;
  /** The agent the PreToolUse hook input named as the caller (`agent_type`, `agent_id`); absent for the main thread. */
  readonly calledBy?: { readonly agentType?: string; readonly agentId?: string };
}

/** One line per outcome, for the text report. */
export const OUTCOME_TEXT: Readonly<Record<EmitOutcomeKind, string>> = {
  ran: 'ran',
  'denied-by-guard': 'denied by the guard',
  'denied-by-runtime': 'denied by the runtime',
  'no-such-tool': 'no such tool (not offered)',
  failed: 'failed',
  'no-result': 'no result (the run ended before the call was answered)',
};

const clean = (text: string) =>
  text
    .replace(/<\/?tool_use_error>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** `inProcess`: the tool is under one of the catalog's in-process servers, whose handlers verify records. */
export function emitOutcome(
  tool: string,
  run: QueryRun,
  ran: readonly string[],
  denials: ReadonlyMap<string, string>,
  inProcess: boolean,
  calls: readonly GuardCall[] = [],
): EmitOutcome {
  const call = calls.find((c) => c.tool === tool);
  const caller =
    call?.agentType !== undefined || call?.agentId !== undefined
      ? {
          calledBy: {
            ...(call.agentType !== undefined ? { agentType: call.agentType } : {}),
            ...(call.agentId !== undefined ? { agentId: call.agentId } : {}),
          },
        }
      : {};
  const recorded = { ...(inProcess ? { handlerRan: ran.includes(tool) } : {}), ...caller };
  const result = run.results.find((r) => r.tool === tool);
  const denial = denials.get(tool);
  if (denial !== undefined)
    return { tool, outcome: 'denied-by-guard', detail: denial, ...recorded };
  if (!result) return { tool, outcome: 'no-result', detail: run.error ?? '', ...recorded };
  const text = clean(result.text);
  if (!result.isError) return { tool, outcome: 'ran', detail: text, ...recorded };
  if (/No such tool available/.test(text))
    return { tool, outcome: 'no-such-tool', detail: text, ...recorded };
  if (
    /^Permission to use .* has been denied|requested permissions to use|haven't granted it|requires approval/.test(
      text,
    )
  )
    return { tool, outcome: 'denied-by-runtime', detail: text, ...recorded };
  return { tool, outcome: 'failed', detail: text, ...recorded };
}
