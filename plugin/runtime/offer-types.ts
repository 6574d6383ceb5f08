// The shapes of an offer, apart from its computation: what each tool is offered as and why, and what
// the runtime decides by itself in one configuration. Types only, so every module of the offer can
// name them without importing another's code.

export type OfferState = 'direct' | 'deferred' | 'absent';

/**
 * Who decided that a tool is absent: the policy rules, `restricted`, the caller's groups, an opt-out
 * pattern, the session (no subagent or no skill to use the Agent or Skill tool for), a subagent's own
 * tools, or the runtime itself.
 */
export type AbsentBy =
  | 'policy'
  | 'restricted'
  | 'caller'
  | 'opt-out pattern'
  | 'session'
  | 'subagent'
  | 'runtime';

export interface ToolOffer {
  readonly key: string;
  readonly index: number;
  /** The runtime names it has in this session. */
  readonly names: readonly string[];
  readonly state: OfferState;
  /** Set when absent. */
  readonly absentBy?: AbsentBy;
  /** One line on why it is deferred or absent (the policy's chain is `explain`'s to tell). */
  readonly detail?: string;
}

/** Why the session leaves a tool out, whatever the runtime would do. */
export interface Absence {
  readonly by: AbsentBy;
  readonly detail: string;
}

export interface RuntimeSurface {
  /** The configuration's name, as the catalog declares it. */
  readonly name: string;
  /** `Claude Code 2.1.333 (SDK 0.3.333)`; absent when nothing was recorded (every allowed tool counts as direct). */
  readonly recorded?: string;
  /** Tool search is on: tools are deferred behind ToolSearch, whenever ToolSearch itself is offered. */
  readonly toolSearch: boolean;
  /**
   * MCP tools without `offer: 'direct'` (in-process, or of a server without `alwaysLoad`) are
   * deferred while tool search is on.
   */
  readonly mcpDeferred: boolean;
  /** Built-in tools (keys) the runtime defers while tool search is on. */
  readonly deferred: readonly string[];
  /** Built-in tools (keys) the runtime does not offer in this configuration, with why. */
  readonly absent: Readonly<Record<string, string>>;
  /** Built-in tools (keys) the record does not cover: counted as direct until recorded. */
  readonly unrecorded: readonly string[];
}
