// The per-invocation context (seed 2's ToolContext): the app's predicates, each evaluated at most
// once per context — `false` and `undefined` results memoized too (seed 2's `defined?` pitfall) —
// plus the factories a caller supplies and whatever data the app's builders need.

/** A predicate over the context; may return undefined when the fact is unknown. */
export type Predicate<D> = (context: ToolContext<D>) => boolean | undefined;

export interface ToolContextInit<D = unknown> {
  /** Predicate implementations by context field name (`workspaceHasGit`, `canQueryThemis`). */
  readonly predicates?: Readonly<Record<string, Predicate<D> | boolean | undefined>>;
  /** Caller-supplied builders of factory tools, by tool key. */
  readonly factories?: Readonly<Record<string, ((context: ToolContext<D>) => unknown) | undefined>>;
  /** App data the builders read (space, user, conversation, message queue, …). */
  readonly data?: D;
}

export interface ToolContext<D = unknown> {
  readonly data: D;
  /** The predicate's value, computed once per context. Unknown predicates are `undefined`. */
  predicate(field: string): boolean | undefined;
  /** The caller's factory for a tool key, if it supplied one. */
  factory(key: string): ((context: ToolContext<D>) => unknown) | undefined;
  /** How many times each predicate has actually run (for tests and benchmarks). */
  readonly evaluations: ReadonlyMap<string, number>;
}

const CONTEXT_BRAND = Symbol.for('agent-tool-catalog.tool-context');

export function createToolContext<D = undefined>(init: ToolContextInit<D> = {}): ToolContext<D> {
  const memo = new Map<string, boolean | undefined>();
  const evaluations = new Map<string, number>();
  const predicates = init.predicates ?? {};
  const factories = init.factories ?? {};
  const context: ToolContext<D> & { [CONTEXT_BRAND]: true } = {
    [CONTEXT_BRAND]: true,
    data: init.data as D,
    evaluations,
    predicate(field) {
      // `has`, not a truthiness check: a memoized false or undefined must not run the predicate again.
      if (memo.has(field)) return memo.get(field);
      const impl = Object.prototype.hasOwnProperty.call(predicates, field) ? predicates[field] : undefined;
      let value: boolean | undefined;
      if (typeof impl === 'function') {
        evaluations.set(field, (evaluations.get(field) ?? 0) + 1);
        value = impl(context);
      } else value = impl;
      memo.set(field, value);
      return value;
    },
    factory(key) {
      return Object.prototype.hasOwnProperty.call(factories, key) ? factories[key] : undefined;
    },
  };
  return context;
}

export function isToolContext(value: unknown): value is ToolContext<unknown> {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CONTEXT_BRAND] === true;
}

/** Plain booleans (`{ workspaceHasGit: true }`) or a ToolContext: both answer condition lookups. */
export type ConditionSource = ToolContext<unknown> | Readonly<Record<string, boolean | undefined>>;

/** A condition's value from either form of context; `undefined` when the context does not say. */
export function readCondition(source: ConditionSource | undefined, field: string): boolean | undefined {
  if (!source) return undefined;
  if (isToolContext(source)) return source.predicate(field);
  const value = (source as Record<string, unknown>)[field];
  return typeof value === 'boolean' ? value : undefined;
}
