// A catalog's entries as registered: the app code each entry needs is looked up, the registration is
// checked once at start-up (unique keys and names, every binding an entry needs), and condition
// fields get slots in the per-context state, so selection never looks them up again.
import type { ToolBuildOptions, ToolContext } from './context.js';
import { DuplicateToolError } from './errors.js';

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

/** An entry with its bindings looked up and its condition fields resolved, once at registration. */
export interface CompiledEntry<D, T> {
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

/** The entries with their bindings and condition slots, and how many slots a context's state needs. */
export interface CompiledCatalog<D, T> {
  readonly compiled: readonly CompiledEntry<D, T>[];
  /** Each group's id, in order of first use. */
  readonly groupIds: ReadonlyMap<string, number>;
  /** Entries' slots, then one per predicate field. */
  readonly slotCount: number;
}

/** Checks the registration and compiles every entry; throws at start-up on any problem. */
export function compileEntries<D, T>(
  entries: readonly ToolEntry[],
  options: ToolCatalogOptions<D, T>,
): CompiledCatalog<D, T> {
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
  return { compiled, groupIds, slotCount: entries.length + predicateSlots.size };
}
