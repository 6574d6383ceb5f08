// Everything a generate session keeps between runs, in one place. The stages stay plain functions of
// their inputs: they ask `kept` and `lastKept`, which outside a session compute and keep nothing.
import { AsyncLocalStorage } from 'node:async_hooks';

/** A kind of kept result (a policy table, a laid-out text …); `K` is what it is kept by. */
export interface MemoSlot<K, V> {
  readonly name: string;
  /**
   * Kept by a watch session only. Within one run nothing asks for it twice (a tool's laid-out entry),
   * so a run's memory does not hold it: at 20,000 tools those results are megabytes held to the end.
   */
  readonly watchOnly?: boolean;
  /** Never set: carries the key and value types. */
  readonly types?: (key: K) => V;
}

/** How a kind of result is kept (beyond its name). */
export type SlotOptions = Pick<MemoSlot<unknown, unknown>, 'watchOnly'>;

export const memoSlot = <K, V>(name: string, options: SlotOptions = {}): MemoSlot<K, V> =>
  Object.freeze({ name, ...options });

// biome-ignore lint/suspicious/noExplicitAny: one table holds slots of every key and value type
type AnySlot = MemoSlot<any, any>;

/**
 * A session's memory (`lasting`), or one run's (`generate` without a session): a run's memory shares
 * results between the stages of that run and goes with it.
 */
export class SessionMemory {
  private readonly derived = new Map<AnySlot, WeakMap<object, unknown>>();
  private readonly last = new Map<AnySlot, Map<unknown, unknown>>();

  /** Work the run will need, to be done while it waits for another process (each done once). */
  readonly whileWaiting = new Set<() => void>();

  /** How to end what the session keeps running (a warm process), in the order they started. */
  private readonly closers: (() => Promise<void>)[] = [];

  constructor(readonly lasting: boolean) {}

  /** Ends the session: everything it keeps running is ended, and nothing it kept is used again. */
  async end(): Promise<void> {
    this.derived.clear();
    this.last.clear();
    await Promise.all(this.closers.splice(0).map((close) => close()));
  }

  /** Runs `close` when the session ends. */
  closeAtEnd(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  /** The result derived from `key` for `slot`, if one is kept. */
  recall<K extends object, V>(slot: MemoSlot<K, V>, key: K): V | undefined {
    return this.derived.get(slot)?.get(key) as V | undefined;
  }

  /** The names of the kinds of result this memory holds (derived, then last). */
  heldSlots(): string[] {
    return [...this.derived.keys(), ...this.last.keys()].map((slot) => slot.name);
  }

  remember<K extends object, V>(slot: MemoSlot<K, V>, key: K, value: V): void {
    if (!this.lasting && slot.watchOnly) return;
    let values = this.derived.get(slot);
    if (!values) {
      values = new WeakMap();
      this.derived.set(slot, values);
    }
    values.set(key, value);
  }

  /** The last value recorded under `name` for `slot`. */
  lastOf<K, V>(slot: MemoSlot<K, V>, name: K): V | undefined {
    return this.last.get(slot)?.get(name) as V | undefined;
  }

  keepLast<K, V>(slot: MemoSlot<K, V>, name: K, value: V): void {
    if (!this.lasting && slot.watchOnly) return;
    let values = this.last.get(slot);
    if (!values) {
      values = new Map();
      this.last.set(slot, values);
    }
    values.set(name, value);
  }
}

// The memory of the run in progress: async work started by a run sees that run's memory.
const current = new AsyncLocalStorage<SessionMemory>();

/** `run()` with `memory` as the memory of every stage it calls. */
export const runWithMemory = <T>(memory: SessionMemory, run: () => T): T =>
  current.run(memory, run);

/** `run()` inside the current session's memory, or inside a memory of its own for this run only. */
export const runInOneMemory = <T>(run: () => T): T =>
  current.getStore() ? run() : current.run(new SessionMemory(false), run);

/**
 * `compute(key)`, kept with the key object for this run or session: a key is immutable (a model, a
 * tool model, a declaration), so the result stays right for as long as the object lives. `fresh`
 * rejects a kept result whose other inputs (beyond the key) changed.
 */
export function kept<K extends object, V>(
  slot: MemoSlot<K, V>,
  key: K,
  compute: (key: K) => V,
  fresh?: (value: V) => boolean,
): V {
  const memory = current.getStore();
  if (!memory) return compute(key);
  const known = memory.recall(slot, key);
  if (known !== undefined && (!fresh || fresh(known))) return known;
  const value = compute(key);
  memory.remember(slot, key, value);
  return value;
}

/** What this run or session recorded under `name` last; its user checks that its inputs are the same. */
export const lastKept = <K, V>(slot: MemoSlot<K, V>, name: K): V | undefined =>
  current.getStore()?.lastOf(slot, name);

/** Records `value` as the last one under `name`; outside a run or session, nothing is kept. */
export const keepLast = <K, V>(slot: MemoSlot<K, V>, name: K, value: V): void =>
  current.getStore()?.keepLast(slot, name, value);

/** A result derived from an object and recorded by the session (not derived on demand). */
export const recallKept = <K extends object, V>(slot: MemoSlot<K, V>, key: K): V | undefined =>
  current.getStore()?.recall(slot, key);

export const rememberKept = <K extends object, V>(slot: MemoSlot<K, V>, key: K, value: V): void => {
  const memory = current.getStore();
  if (memory?.lasting) memory.remember(slot, key, value);
};

/**
 * What a watch session keeps running for its runs (a warm process), opened on first use and closed
 * when the session ends; outside a session there is none (the caller makes do without).
 */
export function sessionResource<V>(
  slot: MemoSlot<'resource', V>,
  open: () => V,
  close: (value: V) => Promise<void>,
): V | undefined {
  const memory = current.getStore();
  if (!memory?.lasting) return undefined;
  const known = memory.lastOf(slot, 'resource');
  if (known !== undefined) return known;
  const value = open();
  memory.keepLast(slot, 'resource', value);
  memory.closeAtEnd(() => close(value));
  return value;
}

/**
 * Registers `task`, work this run will need later (one that keeps what it made), to be done while the
 * run waits for the evaluation process instead of after: a cold `generate` waits for that process to
 * start and to run the catalog, its own thread idle. Outside a run nothing is registered.
 */
export const doWhileWaiting = (task: () => void): void => {
  current.getStore()?.whileWaiting.add(task);
};

/**
 * Does the registered work now: the run has just asked another process and waits for its answer. A
 * task that fails is left to be done again where its result is needed (and fails there, reported).
 */
export function runWaitingWork(): void {
  const tasks = current.getStore()?.whileWaiting;
  if (!tasks) return;
  for (const task of tasks) {
    tasks.delete(task);
    try {
      task();
    } catch {}
  }
}

/** Has `close` run when the watch session ends; outside a session it never runs. */
export function atSessionEnd(close: () => Promise<void>): void {
  const memory = current.getStore();
  if (memory?.lasting) memory.closeAtEnd(close);
}

/** Whether this run keeps its results for the next one (then kept texts are flattened once). */
export const keepsLast = (): boolean => current.getStore()?.lasting === true;

/** `compute` as a function whose results are `kept` per argument object, in the slot `name`. */
export function derivedPer<K extends object, V>(
  name: string,
  compute: (key: K) => V,
  options: SlotOptions = {},
): (key: K) => V {
  const slot = memoSlot<K, V>(name, options);
  return (key) => kept(slot, key, compute);
}
