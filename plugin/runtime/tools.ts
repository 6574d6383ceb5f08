// Seed 2's `build_tools` / `tool_names` over a catalog's generated entries: callers opt in by
// groups, each entry is kept when its availability holds in the shared per-invocation context.
import { isToolContext, type SchemaExtension, type ToolBuildOptions, type ToolContext } from './context';
import { mirroredNames, qualifyName, type ChannelRegistry } from './names';

/** An app function that builds the SDK tool instance(s) of one catalog entry; runs on every `buildTools` call. */
export type ToolBuilder<D = unknown, T = unknown> = (context: ToolContext<D>, options: ToolBuildOptions) => T | readonly T[];

/** Seed 2's `available:`: on (`true` / absent), off (`false`), a predicate field, or a one-off function. */
export type EntryAvailability<D = unknown> = boolean | string | ((context: ToolContext<D>) => boolean | undefined);

/** One catalog entry as the generated code registers it. */
export interface ToolEntry<D = unknown, T = unknown> {
  readonly key: string;
  readonly kind: 'sdk' | 'mcp' | 'external';
  readonly groups: readonly string[];
  /** Runtime names known at build time (`[]` suppresses names; the builder still runs). */
  readonly names?: readonly string[];
  /** Server (in-process MCP) or channel (external) that qualifies relative names. */
  readonly namespace?: string;
  readonly available?: EntryAvailability<D>;
  /** Seed 1's conditional exposure: the predicate field that must hold. */
  readonly condition?: string;
  /** Seed 1's `exposure: 'disabled'`: never built, never named. */
  readonly disabled?: boolean;
  /** Names computed from the context at `toolNames` time. */
  readonly resolveNames?: (context: ToolContext<D>) => Iterable<string>;
  /** External channel whose names come from the app's channel registry at `toolNames` time. */
  readonly mirror?: string;
  readonly build?: ToolBuilder<D, T>;
  /** The caller supplies the builder per call; without it the entry is skipped. */
  readonly factory?: boolean;
}

export interface ToolSelection<G extends string = string> {
  /** Caller groups to opt into (never exclusions). */
  readonly include: readonly G[];
}

export interface BuildToolsOptions<G extends string = string, K extends string = string> extends ToolSelection<G> {
  /** Per-caller JSON-schema extensions, passed to the tool's builder or factory. */
  readonly schema?: Readonly<Partial<Record<K, SchemaExtension>>>;
}

export interface ToolNamesOptions<G extends string = string> extends ToolSelection<G> {
  /** Needed when an included entry mirrors an external channel. */
  readonly channels?: ChannelRegistry;
}

export interface ToolCatalogRuntime<D = unknown, T = unknown, G extends string = string, K extends string = string> {
  readonly entries: readonly ToolEntry<D, T>[];
  /** Builds the SDK tool instances of every selected, available entry (never memoized). */
  buildTools(context: ToolContext<D>, options: BuildToolsOptions<G, K>): T[];
  /** The runtime names of every selected, available entry, for `allowedTools`. */
  toolNames(context: ToolContext<D>, options: ToolNamesOptions<G>): string[];
  /** Keys of the selected, available entries, in catalog order. */
  selectedKeys(context: ToolContext<D>, options: ToolSelection<G>): K[];
}

/** Thrown at start-up when a catalog registers a key or runtime name twice, or builds two tools with one name. */
export class DuplicateToolError extends Error {
  override name = 'DuplicateToolError';
}

/** Arguments per `push.apply`, well under every engine's argument limit. */
const PUSH_CHUNK = 8192;

type PlanStep<D, T> = { readonly block: readonly string[]; readonly entry?: undefined } | { readonly block?: undefined; readonly entry: CompiledEntry<D, T> };

interface SelectionPlan<D, T> {
  /** Entries in the selected groups (not disabled), in catalog order. */
  readonly candidates: readonly CompiledEntry<D, T>[];
  readonly steps: readonly PlanStep<D, T>[];
}

/** Always on, names known at build time: its names can be copied without looking at the context. */
const isUnconditionalStatic = (e: ToolEntry<any, any>) =>
  !e.factory && e.condition === undefined && (e.available === undefined || e.available === true) && !e.resolveNames && e.mirror === undefined;

interface CompiledEntry<D, T> {
  readonly entry: ToolEntry<D, T>;
  readonly index: number;
  /** Slots of the condition / `available` predicate in the per-context state; -1 when none. */
  readonly conditionSlot: number;
  readonly availableSlot: number;
  readonly groupIds: readonly number[];
  readonly memoId: string;
}

function assertUniqueRegistrations(entries: readonly ToolEntry<any, any>[]): void {
  const keys = new Set<string>();
  const names = new Map<string, string>();
  for (const e of entries) {
    if (keys.has(e.key)) throw new DuplicateToolError(`Tool '${e.key}' is registered twice; keep one registration per tool.`);
    keys.add(e.key);
    if (e.factory && e.build) throw new TypeError(`Tool '${e.key}' is a factory, so the caller supplies its builder; remove 'build'.`);
    for (const name of e.names ?? []) {
      const first = names.get(name);
      if (first !== undefined) throw new DuplicateToolError(`Tools '${first}' and '${e.key}' both register the runtime name '${name}'; rename one of them.`);
      names.set(name, e.key);
    }
  }
}

/** Registers a catalog's entries; throws a DuplicateToolError at start-up on any duplicate key or name. */
export function createToolCatalog<D = unknown, T = unknown, G extends string = string, K extends string = string>(
  entries: readonly ToolEntry<D, T>[],
): ToolCatalogRuntime<D, T, G, K> {
  assertUniqueRegistrations(entries);
  const groupIds = new Map<string, number>();
  for (const e of entries) for (const g of e.groups) if (!groupIds.has(g)) groupIds.set(g, groupIds.size);
  // Predicate fields get slots after the entries' slots in the per-context state array.
  const predicateSlots = new Map<string, number>();
  const slotOf = (field: string | undefined) => {
    if (field === undefined) return -1;
    let slot = predicateSlots.get(field);
    if (slot === undefined) predicateSlots.set(field, (slot = entries.length + predicateSlots.size));
    return slot;
  };
  const compiled: CompiledEntry<D, T>[] = entries.map((entry, index) => ({
    entry,
    index,
    groupIds: entry.groups.map((g) => groupIds.get(g)!),
    memoId: `available:${entry.key}`,
    conditionSlot: slotOf(entry.condition),
    availableSlot: slotOf(typeof entry.available === 'string' ? entry.available : undefined),
  }));
  // Callers pass the same group constant every time: its plan is computed once. A plan lists the
  // entries in the selected groups and merges runs of unconditional static names into one block,
  // so toolNames at 1,000 tools is mostly a few array copies (the ≤ 20 µs target).
  const plans = new WeakMap<readonly string[], SelectionPlan<D, T>>();

  const planOf = (include: readonly string[]): SelectionPlan<D, T> => {
    if (!Array.isArray(include)) throw new TypeError("Pass the caller's groups as { include: [...] }.");
    let plan = plans.get(include);
    if (plan) return plan;
    const mask = new Uint8Array(groupIds.size);
    for (const g of include) {
      const id = groupIds.get(g);
      // A declared group no entry uses selects nothing; that is fine. Typecheck rejects undeclared ones.
      if (id !== undefined) mask[id] = 1;
    }
    const candidates = compiled.filter((c) => !c.entry.disabled && c.groupIds.some((id) => mask[id] === 1));
    const steps: PlanStep<D, T>[] = [];
    let block: string[] | undefined;
    for (const c of candidates) {
      if (isUnconditionalStatic(c.entry)) {
        if (!block) steps.push({ block: (block = []) });
        block.push(...(c.entry.names ?? []));
      } else {
        block = undefined;
        steps.push({ entry: c });
      }
    }
    plan = { candidates, steps };
    plans.set(include, plan);
    return plan;
  };

  // An entry's availability is fixed for a context (predicates and one-off checks are memoized,
  // factories do not change), so it is recorded per context — entries' slots, then predicates'
  // slots: 0 unknown, 1 yes, 2 no. The context still owns memoization; this only skips lookups.
  const states = new WeakMap<ToolContext<D>, Uint8Array>();

  const stateOf = (context: ToolContext<D>): Uint8Array => {
    let known = states.get(context);
    if (!known) states.set(context, (known = new Uint8Array(compiled.length + predicateSlots.size)));
    return known;
  };

  const isAvailable = (c: CompiledEntry<D, T>, context: ToolContext<D>, known: Uint8Array): boolean => {
    const state = known[c.index];
    if (state !== 0) return state === 1;
    const value = evaluateAvailability(c, context, known);
    known[c.index] = value ? 1 : 2;
    return value;
  };

  const holds = (slot: number, field: string, context: ToolContext<D>, known: Uint8Array): boolean => {
    const state = known[slot];
    if (state !== 0) return state === 1;
    const value = context.predicate(field) === true;
    known[slot] = value ? 1 : 2;
    return value;
  };

  const evaluateAvailability = (c: CompiledEntry<D, T>, context: ToolContext<D>, known: Uint8Array): boolean => {
    const e = c.entry;
    if (e.factory && !context.factory(e.key)) return false;
    if (e.condition !== undefined && !holds(c.conditionSlot, e.condition, context, known)) return false;
    const a = e.available;
    if (a === undefined || a === true) return true;
    if (a === false) return false;
    if (typeof a === 'string') return holds(c.availableSlot, a, context, known);
    return context.memo(c.memoId, a) === true;
  };

  const checkContext = (context: ToolContext<D>, call: string) => {
    if (!isToolContext(context)) throw new TypeError(`${call}: pass a context made by createToolContext (or the generated create…ToolContext), not a plain object.`);
  };

  const flatten = (built: unknown, into: T[]) => {
    if (built == null) return;
    if (Array.isArray(built)) for (const b of built) into.push(b as T);
    else into.push(built as T);
  };

  return {
    entries,
    selectedKeys(context, { include }) {
      checkContext(context, 'selectedKeys');
      const known = stateOf(context);
      return planOf(include).candidates.filter((c) => isAvailable(c, context, known)).map((c) => c.entry.key as K);
    },
    buildTools(context, { include, schema }) {
      checkContext(context, 'buildTools');
      const tools: T[] = [];
      const builtBy = new Map<string, string>();
      const known = stateOf(context);
      for (const c of planOf(include).candidates) {
        const e = c.entry;
        if (!isAvailable(c, context, known)) continue;
        const build = e.factory ? context.factory(e.key) : e.build;
        if (!build) continue;
        const options: ToolBuildOptions = { key: e.key, schema: (schema as Record<string, SchemaExtension> | undefined)?.[e.key] };
        const start = tools.length;
        flatten(build(context, options), tools);
        for (let i = start; i < tools.length; i++) {
          const name = (tools[i] as { name?: unknown } | null)?.name;
          if (typeof name !== 'string') continue;
          const first = builtBy.get(name);
          // createSdkMcpServer would silently keep one of two same-named tools: fail loudly instead.
          if (first !== undefined) throw new DuplicateToolError(`Tools '${first}' and '${e.key}' both build an MCP tool named '${name}'; rename one of them.`);
          builtBy.set(name, e.key);
        }
      }
      return tools;
    },
    toolNames(context, { include, channels }) {
      checkContext(context, 'toolNames');
      const names: string[] = [];
      let dynamic = false;
      const known = stateOf(context);
      for (const step of planOf(include).steps) {
        if (step.block) {
          if (step.block.length <= PUSH_CHUNK) names.push.apply(names, step.block as string[]);
          else for (let i = 0; i < step.block.length; i += PUSH_CHUNK) names.push.apply(names, step.block.slice(i, i + PUSH_CHUNK));
          continue;
        }
        const c = step.entry;
        if (!isAvailable(c, context, known)) continue;
        const e = c.entry;
        if (e.names) for (const n of e.names) names.push(n);
        if (e.resolveNames) {
          dynamic = true;
          for (const n of e.resolveNames(context)) names.push(qualifyName(n, e.namespace));
        }
        if (e.mirror !== undefined) {
          if (!channels) throw new TypeError(`toolNames: tool '${e.key}' mirrors channel '${e.mirror}'; pass the app's channel registry as { channels }.`);
          dynamic = true;
          for (const n of mirroredNames(channels, e.mirror)) names.push(n);
        }
      }
      // Static names are unique (checked at generate time and at registration); only dynamic ones can repeat.
      return dynamic ? [...new Set(names)] : names;
    },
  };
}
