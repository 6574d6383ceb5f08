// The per-invocation context (`ToolContext`): the app's predicates, each evaluated at most once per
// context — `false` and `undefined` results memoized too — plus the factories a caller supplies and
// whatever data the app's builders need.

/** A predicate over the context; may return undefined when the fact is unknown. */
export type Predicate<D> = (context: ToolContext<D>) => boolean | undefined;

/** Extra JSON-schema properties / required fields one caller adds to a tool's input. */
export interface SchemaExtension {
  readonly extraProperties?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly extraRequired?: readonly string[];
}

/** What `buildTools` passes a builder or factory besides the context. */
export interface ToolBuildOptions {
  /** The catalog key of the tool being built. */
  readonly key: string;
  /** This caller's schema extension for the tool, when it passed one. */
  readonly schema?: SchemaExtension;
}

/** A caller-supplied builder of a factory tool. */
export type ToolFactory<D> = (context: ToolContext<D>, options: ToolBuildOptions) => unknown;

export interface ToolContextInit<D = unknown> {
  /** Predicate implementations by context field name (`workspaceHasGit`, `canQueryThemis`). */
  readonly predicates?: Readonly<Record<string, Predicate<D> | boolean | undefined>>;
  /** Caller-supplied builders of factory tools, by tool key. */
  readonly factories?: Readonly<Record<string, ToolFactory<D> | undefined>>;
  /** App data the builders read (space, user, conversation, message queue, …). */
  readonly data?: D;
}

export interface ToolContext<D = unknown> {
  readonly data: D;
  /** The predicate's value, computed once per context. Unknown predicates are `undefined`. */
  predicate(field: string): boolean | undefined;
  /** The caller's factory for a tool key, if it supplied one. */
  factory(key: string): ToolFactory<D> | undefined;
  /**
   * Memoizes a one-off availability check (an `available: { module, export }` function) under `id`
   * for the life of this context, `false` and `undefined` included, so `buildTools` and `toolNames`
   * sharing the context run it once.
   */
  memo(id: string, compute: (context: ToolContext<D>) => boolean | undefined): boolean | undefined;
  /** How many times each predicate (and each memoized one-off check) has actually run. */
  readonly evaluations: ReadonlyMap<string, number>;
}

const CONTEXT_BRAND = Symbol.for('agent-tool-catalog.tool-context');
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function createToolContext<D = undefined>(init: ToolContextInit<D> = {}): ToolContext<D> {
  const memoized = new Map<string, boolean | undefined>();
  const oneOffs = new Map<string, boolean | undefined>();
  const evaluations = new Map<string, number>();
  const predicates = init.predicates ?? {};
  const factories = init.factories ?? {};
  const count = (id: string) => evaluations.set(id, (evaluations.get(id) ?? 0) + 1);
  const context: ToolContext<D> & { [CONTEXT_BRAND]: true } = {
    [CONTEXT_BRAND]: true,
    data: init.data as D,
    evaluations,
    predicate(field) {
      // `has`, not a truthiness check: a memoized false or undefined must not run the predicate again.
      const known = memoized.get(field);
      if (known !== undefined || memoized.has(field)) return known;
      const impl = hasOwn(predicates, field) ? predicates[field] : undefined;
      let value: boolean | undefined;
      if (typeof impl === 'function') {
        count(field);
        value = impl(context);
      } else value = impl;
      memoized.set(field, value);
      return value;
    },
    factory(key) {
      const factory = hasOwn(factories, key) ? factories[key] : undefined;
      return typeof factory === 'function' ? factory : undefined;
    },
    memo(id, compute) {
      if (oneOffs.has(id)) return oneOffs.get(id);
      count(id);
      const value = compute(context);
      oneOffs.set(id, value);
      return value;
    },
  };
  return context;
}

export function isToolContext(value: unknown): value is ToolContext<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[CONTEXT_BRAND] === true
  );
}

/** Plain booleans (`{ workspaceHasGit: true }`) or a ToolContext: both answer condition lookups. */
export type ConditionSource = ToolContext<unknown> | Readonly<Record<string, boolean | undefined>>;

/** A condition's value from either form of context; `undefined` when the context does not say. */
export function readCondition(
  source: ConditionSource | undefined,
  field: string,
): boolean | undefined {
  if (!source) return undefined;
  if (isToolContext(source)) return source.predicate(field);
  const value = (source as Record<string, unknown>)[field];
  return typeof value === 'boolean' ? value : undefined;
}
