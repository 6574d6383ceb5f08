// Tool selection by caller groups over a catalog's generated entries: callers opt in by groups, each
// entry is kept when its availability holds in the shared per-invocation context.
import { builtNameMismatch, reportBuiltNameMismatch } from './built-names.js';
import {
  isToolContext,
  type SchemaExtension,
  type ToolBuildOptions,
  type ToolContext,
} from './context.js';
import { DuplicateToolError } from './errors.js';
import { mirroredNames, qualifyName, type ChannelRegistry } from './names.js';

/** An app function that builds the SDK tool instance(s) of one catalog entry; runs on every `buildTools` call. */
export type ToolBuilder<D = unknown, T = unknown> = (
  context: ToolContext<D>,
  options: ToolBuildOptions,
) => T | readonly T[];

/** An app function deciding, per context, whether a caller is offered a tool (`available: { module, export }`). */
export type ToolAvailabilityCheck<D = unknown> = (context: ToolContext<D>) => boolean | undefined;

/** An app function computing a tool's runtime names from the context (`fullNames: { resolve }`). */
export type ToolNameResolver<D = unknown> = (context: ToolContext<D>) => Iterable<string>;

/** One catalog entry: the fields of the generated registry's descriptor that the selection reads. */
export interface ToolEntry {
  readonly key: string;
  readonly kind: 'sdk' | 'mcp' | 'external';
  readonly groups: readonly string[];
  /** Runtime names known at build time (`[]` suppresses names; the builder still runs). */
  readonly names?: readonly string[];
  /** `disabled`: never built, never named. */
  readonly exposure?: 'user' | 'internal' | 'conditional' | 'disabled';
  /** The condition (by name) a conditional tool needs. */
  readonly condition?: string;
  /** On (`true` / absent), off (`false`), a condition name, or an app check bound in `bindings`. */
  readonly available?: boolean | string | { readonly appCheck: string };
  /** In-process MCP server; qualifies relative names. */
  readonly server?: string;
  /** External MCP channel; qualifies relative names. */
  readonly channel?: string;
  /** Names not listed: from the app's channel registry (`mirror`) or a resolver bound in `bindings`. */
  readonly namesFrom?: 'mirror' | 'resolver';
  /** The caller supplies the builder per call; without it the entry is skipped. */
  readonly factory?: boolean;
}

/** The app code of one entry: what the registry cannot hold as data. */
export interface ToolBinding<D = unknown, T = unknown> {
  readonly build?: ToolBuilder<D, T>;
  readonly check?: ToolAvailabilityCheck<D>;
  readonly resolveNames?: ToolNameResolver<D>;
}

export interface ToolCatalogOptions<D = unknown, T = unknown> {
  /**
   * Each condition and the context field it is read from (`workspace-has-git` → `workspaceHasGit`);
   * a name not listed is read as its own field.
   */
  readonly conditions?: readonly { readonly name: string; readonly field: string }[];
  /** App code by tool key. */
  readonly bindings?: Readonly<Record<string, ToolBinding<D, T> | undefined>>;
}

export interface ToolSelection<G extends string = string> {
  /** Caller groups to opt into (never exclusions). */
  readonly include: readonly G[];
}

export interface BuildToolsOptions<G extends string = string, K extends string = string>
  extends ToolSelection<G> {
  /** Per-caller JSON-schema extensions, passed to the tool's builder or factory. */
  readonly schema?: Readonly<Partial<Record<K, SchemaExtension>>>;
}

export interface ToolNamesOptions<G extends string = string> extends ToolSelection<G> {
  /** Needed when an included entry mirrors an external channel. */
  readonly channels?: ChannelRegistry;
}

export interface ToolCatalogRuntime<
  D = unknown,
  T = unknown,
  G extends string = string,
  K extends string = string,
> {
  readonly entries: readonly ToolEntry[];
  /** Builds the SDK tool instances of every selected, available entry (never memoized). */
  buildTools(context: ToolContext<D>, options: BuildToolsOptions<G, K>): T[];
  /** The runtime names of every selected, available entry, for `allowedTools`. */
  toolNames(context: ToolContext<D>, options: ToolNamesOptions<G>): string[];
  /** Keys of the selected, available entries, in catalog order. */
  selectedKeys(context: ToolContext<D>, options: ToolSelection<G>): K[];
  /**
   * `buildTools` grouped by the in-process MCP server each entry is on: the input of
   * `createSdkMcpServer` per server.
   */
  buildServers(context: ToolContext<D>, options: BuildToolsOptions<G, K>): Record<string, T[]>;
}

/** Arguments per `push.apply`, well under every engine's argument limit. */
const PUSH_CHUNK = 8192;

/** An entry with its bindings looked up and its condition fields resolved, once at registration. */
interface CompiledEntry<D, T> {
  readonly entry: ToolEntry;
  readonly index: number;
  readonly groupIds: readonly number[];
  /** Context fields of the condition and of an `available` condition; slots in the per-context state (-1: none). */
  readonly conditionField: string | undefined;
  readonly conditionSlot: number;
  readonly availableField: string | undefined;
  readonly availableSlot: number;
  readonly check: ToolAvailabilityCheck<D> | undefined;
  readonly build: ToolBuilder<D, T> | undefined;
  readonly resolveNames: ToolNameResolver<D> | undefined;
  /** Server or channel that qualifies relative names. */
  readonly namespace: string | undefined;
  readonly memoId: string;
}

type PlanStep<D, T> =
  | { readonly block: readonly string[]; readonly entry?: undefined }
  | { readonly block?: undefined; readonly entry: CompiledEntry<D, T> };

interface SelectionPlan<D, T> {
  /** Entries in the selected groups (not disabled), in catalog order. */
  readonly candidates: readonly CompiledEntry<D, T>[];
  readonly steps: readonly PlanStep<D, T>[];
}

/** Always on, names known at build time: its names can be copied without looking at the context. */
const isUnconditionalStatic = (c: CompiledEntry<unknown, unknown>) =>
  !c.entry.factory &&
  c.conditionField === undefined &&
  c.availableField === undefined &&
  c.check === undefined &&
  c.entry.available !== false &&
  c.entry.namesFrom === undefined;

/** Checks the registration at start-up: unique keys and names, and the app code each entry needs bound. */
function assertValidRegistrations(
  entries: readonly ToolEntry[],
  bindings: Readonly<
    Record<
      string,
      | { readonly build?: unknown; readonly check?: unknown; readonly resolveNames?: unknown }
      | undefined
    >
  >,
): void {
  const keys = new Set<string>();
  const names = new Map<string, string>();
  for (const e of entries) {
    if (keys.has(e.key))
      throw new DuplicateToolError(
        `Tool '${e.key}' is registered twice; keep one registration per tool.`,
      );
    keys.add(e.key);
    const binding = Object.prototype.hasOwnProperty.call(bindings, e.key)
      ? bindings[e.key]
      : undefined;
    if (e.factory && binding?.build)
      throw new TypeError(
        `Tool '${e.key}' is a factory, so the caller supplies its builder; remove its 'build' binding.`,
      );
    if (typeof e.available === 'object' && typeof binding?.check !== 'function')
      throw new TypeError(
        `Tool '${e.key}' is available by an app check ('${e.available.appCheck}'); bind it as { check }.`,
      );
    if (e.namesFrom === 'resolver' && typeof binding?.resolveNames !== 'function')
      throw new TypeError(
        `Tool '${e.key}' resolves its names at run time; bind the resolver as { resolveNames }.`,
      );
    if (e.namesFrom === 'mirror' && e.channel === undefined)
      throw new TypeError(`Tool '${e.key}' mirrors its names from a channel but names no channel.`);
    for (const name of e.names ?? []) {
      const first = names.get(name);
      if (first !== undefined)
        throw new DuplicateToolError(
          `Tools '${first}' and '${e.key}' both register the runtime name '${name}'; rename one of them.`,
        );
      names.set(name, e.key);
    }
  }
}

/**
 * Registers a catalog's entries with their app code; throws at start-up on any duplicate key or
 * name, or missing binding.
 */
export function createToolCatalog<
  D = unknown,
  T = unknown,
  G extends string = string,
  K extends string = string,
>(
  entries: readonly ToolEntry[],
  options: ToolCatalogOptions<D, T> = {},
): ToolCatalogRuntime<D, T, G, K> {
  const bindings = options.bindings ?? {};
  assertValidRegistrations(entries, bindings);
  const conditionFields = new Map((options.conditions ?? []).map((c) => [c.name, c.field]));
  const fieldOf = (name: string | undefined) =>
    name === undefined ? undefined : (conditionFields.get(name) ?? name);
  const groupIds = new Map<string, number>();
  for (const e of entries)
    for (const g of e.groups) if (!groupIds.has(g)) groupIds.set(g, groupIds.size);
  // Predicate fields get slots after the entries' slots in the per-context state array.
  const predicateSlots = new Map<string, number>();
  const slotOf = (field: string | undefined) => {
    if (field === undefined) return -1;
    let slot = predicateSlots.get(field);
    if (slot === undefined) {
      slot = entries.length + predicateSlots.size;
      predicateSlots.set(field, slot);
    }
    return slot;
  };
  const compiled: CompiledEntry<D, T>[] = entries.map((entry, index) => {
    const binding = Object.prototype.hasOwnProperty.call(bindings, entry.key)
      ? bindings[entry.key]
      : undefined;
    const conditionField = fieldOf(entry.condition);
    const availableField = fieldOf(
      typeof entry.available === 'string' ? entry.available : undefined,
    );
    return {
      entry,
      index,
      groupIds: entry.groups.map((g) => groupIds.get(g)!),
      conditionField,
      conditionSlot: slotOf(conditionField),
      availableField,
      availableSlot: slotOf(availableField),
      check: typeof entry.available === 'object' ? binding?.check : undefined,
      build: entry.factory ? undefined : binding?.build,
      resolveNames: entry.namesFrom === 'resolver' ? binding?.resolveNames : undefined,
      namespace: entry.server ?? entry.channel,
      memoId: `available:${entry.key}`,
    };
  });
  // Callers pass the same group constant every time: its plan is computed once. A plan lists the
  // entries in the selected groups and merges runs of unconditional static names into one block,
  // so toolNames at 1,000 tools is mostly a few array copies (the ≤ 20 µs target).
  const plans = new WeakMap<readonly string[], SelectionPlan<D, T>>();

  const planOf = (include: readonly string[]): SelectionPlan<D, T> => {
    if (!Array.isArray(include))
      throw new TypeError("Pass the caller's groups as { include: [...] }.");
    let plan = plans.get(include);
    if (plan) return plan;
    const mask = new Uint8Array(groupIds.size);
    for (const g of include) {
      const id = groupIds.get(g);
      // A declared group no entry uses selects nothing; that is fine. Typecheck rejects undeclared ones.
      if (id !== undefined) mask[id] = 1;
    }
    const candidates = compiled.filter(
      (c) => c.entry.exposure !== 'disabled' && c.groupIds.some((id) => mask[id] === 1),
    );
    const steps: PlanStep<D, T>[] = [];
    let block: string[] | undefined;
    for (const c of candidates) {
      if (isUnconditionalStatic(c as CompiledEntry<unknown, unknown>)) {
        if (!block) {
          block = [];
          steps.push({ block });
        }
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
    if (!known) {
      known = new Uint8Array(compiled.length + predicateSlots.size);
      states.set(context, known);
    }
    return known;
  };

  const isAvailable = (
    c: CompiledEntry<D, T>,
    context: ToolContext<D>,
    known: Uint8Array,
  ): boolean => {
    const state = known[c.index];
    if (state !== 0) return state === 1;
    const value = evaluateAvailability(c, context, known);
    known[c.index] = value ? 1 : 2;
    return value;
  };

  const holds = (
    slot: number,
    field: string,
    context: ToolContext<D>,
    known: Uint8Array,
  ): boolean => {
    const state = known[slot];
    if (state !== 0) return state === 1;
    const value = context.predicate(field) === true;
    known[slot] = value ? 1 : 2;
    return value;
  };

  const evaluateAvailability = (
    c: CompiledEntry<D, T>,
    context: ToolContext<D>,
    known: Uint8Array,
  ): boolean => {
    const e = c.entry;
    if (e.factory && !context.factory(e.key)) return false;
    if (c.conditionField !== undefined && !holds(c.conditionSlot, c.conditionField, context, known))
      return false;
    if (e.available === false) return false;
    if (c.availableField !== undefined)
      return holds(c.availableSlot, c.availableField, context, known);
    if (c.check) return context.memo(c.memoId, c.check) === true;
    return true;
  };

  const checkContext = (context: ToolContext<D>, call: string) => {
    if (!isToolContext(context))
      throw new TypeError(
        `${call}: pass a context made by createToolContext (or the generated ` +
          'create…ToolContext), not a plain object.',
      );
  };

  const flatten = (built: unknown, into: T[]) => {
    if (built == null) return;
    if (Array.isArray(built)) for (const b of built) into.push(b as T);
    else into.push(built as T);
  };

  /** The tools of every selected, available entry, each with the in-process server it is on (undefined for others). */
  const build = (
    context: ToolContext<D>,
    { include, schema }: BuildToolsOptions<G, K>,
  ): { tools: T[]; servers: (string | undefined)[] } => {
    const tools: T[] = [];
    const servers: (string | undefined)[] = [];
    const builtBy = new Map<string, string>();
    const known = stateOf(context);
    for (const c of planOf(include).candidates) {
      const e = c.entry;
      if (!isAvailable(c, context, known)) continue;
      const builder = e.factory ? context.factory(e.key) : c.build;
      if (!builder) continue;
      const extension = (schema as Record<string, SchemaExtension> | undefined)?.[e.key];
      const options: ToolBuildOptions =
        extension === undefined ? { key: e.key } : { key: e.key, schema: extension };
      const start = tools.length;
      flatten(builder(context, options), tools);
      // A tool built under another name than the catalog declares would be offered under a name no policy knows.
      const mismatch = e.kind === 'mcp' ? builtNameMismatch(e, tools.slice(start)) : undefined;
      if (mismatch) reportBuiltNameMismatch(mismatch);
      for (let i = start; i < tools.length; i++) {
        servers[i] = e.kind === 'mcp' ? e.server : undefined;
        const name = (tools[i] as { name?: unknown } | null)?.name;
        if (typeof name !== 'string') continue;
        const first = builtBy.get(name);
        // createSdkMcpServer would silently keep one of two same-named tools: fail loudly instead.
        if (first !== undefined)
          throw new DuplicateToolError(
            `Tools '${first}' and '${e.key}' both build an MCP tool named '${name}'; rename one of them.`,
          );
        builtBy.set(name, e.key);
      }
    }
    return { tools, servers };
  };

  return {
    entries,
    selectedKeys(context, { include }) {
      checkContext(context, 'selectedKeys');
      const known = stateOf(context);
      return planOf(include)
        .candidates.filter((c) => isAvailable(c, context, known))
        .map((c) => c.entry.key as K);
    },
    buildTools(context, options) {
      checkContext(context, 'buildTools');
      return build(context, options).tools;
    },
    buildServers(context, options) {
      checkContext(context, 'buildServers');
      const { tools, servers } = build(context, options);
      const byServer: Record<string, T[]> = {};
      tools.forEach((tool, i) => {
        const server = servers[i];
        if (server === undefined) return;
        byServer[server] ??= [];
        byServer[server].push(tool);
      });
      return byServer;
    },
    toolNames(context, { include, channels }) {
      checkContext(context, 'toolNames');
      const names: string[] = [];
      let dynamic = false;
      const known = stateOf(context);
      for (const step of planOf(include).steps) {
        if (step.block) {
          if (step.block.length <= PUSH_CHUNK) names.push.apply(names, step.block as string[]);
          else
            for (let i = 0; i < step.block.length; i += PUSH_CHUNK)
              names.push.apply(names, step.block.slice(i, i + PUSH_CHUNK));
          continue;
        }
        const c = step.entry;
        if (!isAvailable(c, context, known)) continue;
        const e = c.entry;
        if (e.names) for (const n of e.names) names.push(n);
        if (c.resolveNames) {
          dynamic = true;
          for (const n of c.resolveNames(context)) names.push(qualifyName(n, c.namespace));
        }
        if (e.namesFrom === 'mirror') {
          if (!channels)
            throw new TypeError(
              `toolNames: tool '${e.key}' mirrors channel '${e.channel}'; pass the ` +
                `app's channel registry as { channels }.`,
            );
          dynamic = true;
          for (const n of mirroredNames(channels, e.channel!)) names.push(n);
        }
      }
      // Static names are unique (checked at generate time and at registration); only dynamic ones can repeat.
      return dynamic ? [...new Set(names)] : names;
    },
  };
}
