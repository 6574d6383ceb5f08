// Why one tool is offered or not, rule by rule: the offer `computeOffer` gives (the session's own
// computation), the chain of pair groups and dependencies that leads back to the deciding policy
// rule, and what the caller, `restricted`, an opt-out pattern or the runtime itself decided.
import { readCondition, type ConditionSource } from './context.js';
import {
  computeOffer,
  handedOver,
  type AbsentBy,
  type OfferSelection,
  type OfferState,
  type SessionOffer,
  type ToolOffer,
} from './offer.js';
import type { AgentToolSettings, PolicyContext, ResolveOptions } from './policy.js';
import {
  gatingCondition,
  isAlwaysBlocked,
  type PolicyTables,
  type PolicyToolEntry,
} from './policy-tables.js';
import {
  conditionState,
  type Explainer,
  neighbourCauses,
  type OwnReason,
  type NeighbourCause,
  ownReasons,
  switchingOff,
} from './policy-causes.js';

export interface PolicyRuleFinding {
  /** `rule 1`, …, `rule 6`, `dependsOn`, `overlay`, `approval`. */
  readonly rule: string;
  /** Did this rule disallow the tool (`true`), leave it alone (`false`), or not apply (`undefined`)? */
  readonly disallows: boolean | undefined;
  readonly detail: string;
}

export interface ToolExplanation {
  readonly key: string;
  readonly names: readonly string[];
  readonly exposure: PolicyToolEntry['exposure'];
  /**
   * The session hands it to the runtime: no policy rule, caller, `restricted` flag or opt-out
   * pattern leaves it out.
   */
  readonly allowed: boolean;
  /** How the model is offered it in this session (the runtime's own decisions included). */
  readonly state: OfferState;
  /** Who left it out, when absent. */
  readonly absentBy?: AbsentBy;
  /** Why it is disallowed (empty when allowed), nearest cause first. */
  readonly reasons: readonly string[];
  readonly rules: readonly PolicyRuleFinding[];
  /** In `allowedTools` (pre-approved): `approval: 'auto'` and not disallowed. */
  readonly preApproved: boolean;
  /**
   * One line: `ExitWorktree: disallowed — pair group worktree: EnterWorktree's condition
   * workspace-has-git is false`.
   */
  readonly summary: string;
}

/** What else decides the offer besides the agent, the context and the options. */
export interface ExplainSession {
  /** A caller's selection (keys and names), as the session gets it. */
  readonly selection?: OfferSelection;
  /** The runtime configuration; default: the catalog's first. */
  readonly runtime?: string;
  /** Servers the app connects itself: opt-out entries under them are handed on as written. */
  readonly otherServers?: readonly string[];
  /** A declared subagent: explain its offer (at most the session's) instead of the session's. */
  readonly agent?: string;
}

function ruleFindings(
  x: Explainer,
  i: number,
  own: readonly OwnReason[],
  neighbours: readonly NeighbourCause[],
): PolicyRuleFinding[] {
  const t = x.tables.tools[i]!;
  const p = x.marks.prepared;
  const disallowed = x.marks.disallowed[i] === 1;
  const has = (prefix: string) => own.some((r) => r.own.startsWith(prefix));
  const condition = gatingCondition(t);
  const findings: PolicyRuleFinding[] = [
    {
      rule: 'rule 1',
      disallows: isAlwaysBlocked(t),
      detail: `exposure ${t.exposure}${t.available === false ? ', available: false' : ''}`,
    },
    {
      rule: 'rule 2',
      disallows: t.exposure === 'internal' ? false : undefined,
      detail:
        t.exposure === 'internal'
          ? 'internal: never disallowed on its own'
          : 'not an internal tool',
    },
    condition === undefined
      ? { rule: 'rule 3', disallows: undefined, detail: 'no condition' }
      : {
          rule: 'rule 3',
          disallows: has('condition'),
          detail: `condition ${condition} is ${conditionState(x.conditionValue(condition))}`,
        },
  ];
  const namedBy =
    t.exposure === 'user' ? switchingOff(x, i) : x.optOuts.filter((e) => p.indexOf.get(e) === i);
  findings.push(
    t.exposure === 'user'
      ? {
          rule: 'rule 4',
          disallows: has('opted out'),
          detail:
            namedBy.length > 0
              ? `opted out by ${namedBy.map((e) => `'${e}'`).join(', ')}`
              : 'not opted out',
        }
      : {
          rule: 'rule 4',
          disallows: undefined,
          detail:
            namedBy.length > 0
              ? `not a user tool: opt-out ${namedBy.map((e) => `'${e}'`).join(', ')} ignored`
              : 'not a user tool',
        },
  );
  const group = neighbours.filter((n) => n.via === 'pair group').map((n) => n.text);
  findings.push(
    t.pairGroup === undefined
      ? { rule: 'rule 5', disallows: undefined, detail: 'no pair group' }
      : {
          rule: 'rule 5',
          disallows: group.length > 0,
          detail:
            group.length > 0
              ? group.join('; ')
              : `pair group ${t.pairGroup}: no other member is disallowed`,
        },
  );
  const deps = neighbours.filter((n) => n.via === 'dependsOn').map((n) => n.text);
  findings.push(
    t.dependsOn.length === 0
      ? { rule: 'dependsOn', disallows: undefined, detail: 'no dependencies' }
      : {
          rule: 'dependsOn',
          disallows: deps.length > 0,
          detail:
            deps.length > 0
              ? deps.join('; ')
              : `every dependency (${t.dependsOn.join(', ')}) is allowed`,
        },
  );
  findings.push({
    rule: 'overlay',
    disallows: has('blocked by the overlay') ? true : undefined,
    detail: has('blocked by the overlay') ? 'named by the overlay' : 'not named by the overlay',
  });
  if (t.kind === 'mcp')
    findings.push({
      rule: 'rule 6',
      disallows: disallowed,
      detail: disallowed ? 'dropped from the MCP ensure-list' : 'kept in the MCP ensure-list',
    });
  findings.push({
    rule: 'approval',
    disallows: undefined,
    detail:
      t.approval === 'auto'
        ? disallowed
          ? 'auto-approved, but disallowed'
          : 'auto-approved: in allowedTools'
        : 'follows the permission mode',
  });
  return findings;
}

/** Explains the tool named by `tool` (key or runtime name); undefined when the catalog has no such tool. */
export function explainTool(
  tables: PolicyTables,
  tool: string,
  agent: AgentToolSettings | null | undefined,
  ctx: PolicyContext | undefined,
  options: ResolveOptions = {},
  session: ExplainSession = {},
): ToolExplanation | undefined {
  const offer = computeOffer(tables, {
    ...(agent !== undefined ? { agent } : {}),
    ...(ctx !== undefined ? { context: ctx } : {}),
    options,
    ...(session.selection ? { selection: session.selection } : {}),
    ...(session.runtime !== undefined ? { runtime: session.runtime } : {}),
    ...(session.otherServers ? { otherServers: session.otherServers } : {}),
  });
  const { marks } = offer;
  const i = marks.prepared.indexOf.get(tool);
  if (i === undefined) return undefined;
  const x: Explainer = {
    tables,
    marks,
    options,
    optOuts: (agent?.disabledTools ?? []).filter((e): e is string => typeof e === 'string'),
    // A ToolContext memoizes its predicates, so reading a condition twice runs it once.
    conditionValue: (name) =>
      readCondition(
        ctx as ConditionSource | undefined,
        tables.conditions.find((c) => c.name === name)?.field ?? name,
      ),
  };
  const t = tables.tools[i]!;
  const subagent =
    session.agent === undefined ? undefined : offer.agents.find((a) => a.name === session.agent);
  const toolOffer = (subagent ?? offer).tools[i]!;
  const policyAllowed = marks.disallowed[i] === 0;
  const allowed = handedOver(toolOffer);
  // An allowed tool has no own reason and no disallowed neighbour (pair groups and dependsOn are closed).
  const own = ownReasons(x, i);
  const neighbours = neighbourCauses(x, i, new Set([i]));
  const policyReasons = [...new Set([...own.map((r) => r.own), ...neighbours.map((n) => n.text)])];
  const sessionReason =
    policyAllowed && toolOffer.state === 'absent' ? [toolOffer.detail ?? 'left out'] : [];
  const reasons = [...policyReasons, ...sessionReason];
  const verdict = !allowed
    ? 'disallowed'
    : toolOffer.state === 'absent'
      ? 'allowed, not offered by the runtime'
      : `offered ${toolOffer.state}`;
  return {
    key: t.key,
    names: marks.prepared.names[i]!,
    exposure: t.exposure,
    allowed,
    state: toolOffer.state,
    ...(toolOffer.absentBy !== undefined ? { absentBy: toolOffer.absentBy } : {}),
    reasons,
    rules: [
      ...ruleFindings(x, i, own, neighbours),
      ...sessionFindings(toolOffer, policyAllowed, offer, subagent?.name),
    ],
    preApproved: allowed && toolOffer.state !== 'absent' && t.approval === 'auto',
    summary: `${t.key}: ${verdict}${summaryReason(reasons, toolOffer)}`,
  };
}

/** The summary's tail: the policy's reasons, else why a tool is deferred, else nothing. */
function summaryReason(reasons: readonly string[], toolOffer: ToolOffer): string {
  if (reasons.length > 0) return ` — ${reasons.join('; ')}`;
  return toolOffer.state === 'deferred' ? ` — ${toolOffer.detail}` : '';
}

/**
 * What decided the offer after the policy rules: the caller, `restricted`, an opt-out pattern, the
 * session (nothing to use the Agent or Skill tool for), the subagent's own tools, the runtime.
 */
function sessionFindings(
  o: ToolOffer,
  policyAllowed: boolean,
  offer: SessionOffer,
  subagent: string | undefined,
): PolicyRuleFinding[] {
  const by = (who: AbsentBy) => (o.absentBy === who ? true : policyAllowed ? false : undefined);
  const runtime = offer.surface.recorded ?? 'nothing recorded: counted as direct';
  const subagentFinding: PolicyRuleFinding[] =
    subagent === undefined
      ? []
      : [
          {
            rule: 'subagent',
            disallows: by('subagent'),
            detail:
              o.absentBy === 'subagent' ? o.detail! : `among the tools of subagent '${subagent}'`,
          },
        ];
  return [
    {
      rule: 'caller',
      disallows: by('caller'),
      detail: o.absentBy === 'caller' ? o.detail! : 'no caller leaves it out',
    },
    {
      rule: 'restricted',
      disallows: by('restricted'),
      detail: o.absentBy === 'restricted' ? o.detail! : 'not restricted',
    },
    {
      rule: 'opt-out pattern',
      disallows: by('opt-out pattern'),
      detail: o.absentBy === 'opt-out pattern' ? o.detail! : 'no server pattern covers it',
    },
    // Only the Agent and Skill tools can lack a use in the session; the finding shows when one does.
    ...(o.absentBy === 'session' ? [{ rule: 'session', disallows: true, detail: o.detail! }] : []),
    ...subagentFinding,
    {
      rule: 'runtime',
      disallows: o.absentBy === 'runtime' ? true : o.state === 'absent' ? undefined : false,
      detail:
        o.state === 'absent' && o.absentBy !== 'runtime'
          ? 'not reached: the session leaves it out'
          : `${o.state}${o.detail && o.absentBy !== 'policy' ? ` (${o.detail})` : ''}` +
            ` in runtime configuration ${offer.surface.name} (${runtime})`,
    },
  ];
}
