// Which modules a watch session's evaluation may keep from its last request instead of running them
// again: a module whose code and resolved imports are the same, whose exports were plain data that
// nothing changed (see sandbox-data-print.ts), and none of whose imports runs again. Every other
// module runs again, and so does every module that imports one of them, as a fresh run would run it.

/** A module of a request as the process sees it: its code by hash and where its imports lead. */
export interface ModuleLinks {
  readonly file: string;
  readonly hash: string;
  readonly imports: Readonly<Record<string, string>>;
  readonly requires: readonly string[];
}

export interface KeptModules {
  /** The modules whose last run stands. */
  readonly carry: string[];
  /** Kept modules that a module run again can reach: their prints are checked after the run. */
  readonly check: string[];
  /** Each module's signature, for the next request's `last`. */
  readonly signatures: Map<string, string>;
}

/**
 * Written as a function only to be read as text (it closes over nothing). `last` is each module's
 * `signature` in the last request that ran to its end; `stable`, the modules whose exports printed
 * the same when their bodies ended and when the request ended.
 */
export function keptModules(
  last: ReadonlyMap<string, string>,
  modules: readonly ModuleLinks[],
  stable: ReadonlySet<string>,
): KeptModules {
  const signatures = new Map<string, string>();
  const dirty = new Set<string>();
  const importers = new Map<string, string[]>();
  for (const m of modules) {
    const signature = `${m.hash}\n${JSON.stringify([m.imports, m.requires])}`;
    signatures.set(m.file, signature);
    if (last.get(m.file) !== signature || !stable.has(m.file)) dirty.add(m.file);
    for (const target of Object.values(m.imports)) {
      const list = importers.get(target);
      if (list) list.push(m.file);
      else importers.set(target, [m.file]);
    }
  }
  const pending = [...dirty];
  while (pending.length > 0)
    for (const importer of importers.get(pending.pop()!) ?? [])
      if (!dirty.has(importer)) {
        dirty.add(importer);
        pending.push(importer);
      }
  const byFile = new Map(modules.map((m) => [m.file, m]));
  const reached = new Set(dirty);
  const check: string[] = [];
  const walk = [...dirty];
  while (walk.length > 0)
    for (const target of Object.values(byFile.get(walk.pop()!)?.imports ?? {}))
      if (!reached.has(target)) {
        reached.add(target);
        check.push(target);
        walk.push(target);
      }
  return { carry: modules.filter((m) => !dirty.has(m.file)).map((m) => m.file), check, signatures };
}
