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
import { mcpToolName, mirroredNames, qualifyName, type ChannelRegistry } from './names.js';
import {
  compileEntries,
  type CompiledEntry,
  type ToolCatalogOptions,
  type ToolEntry,
} from './tool-entries.js';

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
  /**
   * `buildServers`, and the runtime names the builders of entries that declare none (`fullNames: []`)
   * built, by tool key: what the session offers and the guard knows them by.
   */
  buildServerTools(context: ToolContext<D>, options: BuildToolsOptions<G, K>): BuiltServers<T, K>;
}

/** The tools built per in-process server, and the names built by entries that declare none. */
export interface BuiltServers<T, K extends string = string> {
  readonly servers: Record<string, T[]>;
  /** `mcp__<server>__<name>` of each tool built by an entry without declared names, by its key. */
  readonly builtNames: Partial<Record<K, string[]>>;
}

/** An in-process entry whose names its builder decides (`fullNames: []`): the session learns them from the build. */
const namesFromBuild = (e: ToolEntry) =>
  e.kind === 'mcp' &&
  e.server !== undefined &&
  e.namesFrom === undefined &&
  (e.names === undefined || e.names.length === 0);

/** Arguments per `push.apply`, well under every engine's argument limit. */
const PUSH_CHUNK = 8192;

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
  const { compiled, groupIds, slotCount } = compileEntries(entries, options);
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
      known = new Uint8Array(slotCount);
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
  ): { tools: T[]; servers: (string | undefined)[]; builtNames: Record<string, string[]> } => {
    const tools: T[] = [];
    const servers: (string | undefined)[] = [];
    const builtNames: Record<string, string[]> = {};
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
        if (namesFromBuild(e)) {
          builtNames[e.key] ??= [];
          builtNames[e.key]!.push(mcpToolName(e.server!, name));
        }
      }
    }
    return { tools, servers, builtNames };
  };

  const byServer = (tools: T[], servers: (string | undefined)[]) => {
    const out: Record<string, T[]> = {};
    tools.forEach((tool, i) => {
      const server = servers[i];
      if (server === undefined) return;
      out[server] ??= [];
      out[server].push(tool);
    });
    return out;
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
      return byServer(tools, servers);
    },
    buildServerTools(context, options) {
      checkContext(context, 'buildServerTools');
      const { tools, servers, builtNames } = build(context, options);
      return {
        servers: byServer(tools, servers),
        builtNames: builtNames as BuiltServers<T, K>['builtNames'],
      };
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
