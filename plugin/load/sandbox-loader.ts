// The module loader that runs inside the evaluation context (never in the generator's): it links the
// compiled modules by the imports the generator resolved, runs each body once, its imports first, as
// ECMAScript modules run, and hands out namespaces whose keys are sorted, as a module namespace's are.

/** What the bootstrap gets from the loader. */
export interface SandboxLoader {
  /**
   * Adds a module: its compiled body, and as JSON its imports (as written → module file) and which of
   * them it makes by `require()`.
   */
  define(file: string, body: ModuleBody, linksJson: string): void;
  /** Evaluates the entries in order; settles within the same run when no body waits on anything else. */
  start(entriesJson: string): void;
  /** The entries' namespaces once all ran; the error a body threw; or that the run has not ended. */
  outcome(): { namespaces: Record<string, unknown>[] } | { threw: unknown } | { pending: true };
  /** The namespace of a module whose body ran to its end, if it did. */
  namespaceOf(file: string): object | undefined;
  /** Takes a module that ran in an earlier loader as run: its body does not run again. */
  adopt(file: string, namespace: object): void;
}

/** The compiled module: given its `require`, its body. */
type ModuleBody = (
  require: (specifier: unknown) => unknown,
) => (
  importModule: (specifier: string) => unknown,
  importDynamic: (specifier: unknown) => Promise<unknown>,
  exports: Record<string, unknown>,
  exportAll: (from: Record<string, unknown>) => void,
  importMeta: object,
) => Promise<void>;

/* c8 ignore start */
/**
 * Written as a function only to be read as text (it closes over nothing). `leave` is called after
 * each body ends, with its namespace.
 */
export function sandboxLoader(
  leave: (file: string, namespace: Record<string, unknown>) => void,
): SandboxLoader {
  const parse = JSON.parse;
  const keysOf = Object.keys;
  const describe = Object.getOwnPropertyDescriptor;
  const defineProperty = Object.defineProperty;
  const create = Object.create;
  const freeze = Object.freeze;
  const bodies = new Map<
    string,
    { body: ModuleBody; imports: Record<string, string>; requires: string[] }
  >();
  /** A module being run (its exports so far, which a cycle gets) or run (its namespace). */
  const records = new Map<string, { exports: Record<string, unknown>; namespace?: object }>();
  let result: ReturnType<SandboxLoader['outcome']> = { pending: true };

  const emptyNamespace = () => {
    const o = create(null) as Record<string, unknown>;
    defineProperty(o, Symbol.toStringTag, { value: 'Module' });
    return o;
  };
  /** A namespace with the keys sorted, each still read from the module's live binding. */
  const sorted = (exports: Record<string, unknown>) => {
    const namespace = emptyNamespace();
    for (const key of keysOf(exports).sort())
      defineProperty(namespace, key, describe(exports, key)!);
    return freeze(namespace);
  };

  async function run(file: string): Promise<object> {
    const known = records.get(file);
    // Run before: its namespace; being run (an import cycle): what it exported so far.
    if (known) return known.namespace ?? known.exports;
    const module = bodies.get(file);
    if (!module) throw new Error(`The module ${file} was not compiled.`);
    const record: { exports: Record<string, unknown>; namespace?: object } = {
      exports: emptyNamespace(),
    };
    records.set(file, record);
    const importModule = (specifier: string) => {
      const target = module.imports[specifier];
      if (target === undefined) throw new Error(`The import "${specifier}" was not resolved.`);
      return run(target);
    };
    const importDynamic = async (specifier: unknown) => {
      const target = typeof specifier === 'string' ? module.imports[specifier] : undefined;
      if (target === undefined)
        throw new Error(`An import() of a name computed while the module runs cannot be followed.`);
      return run(target);
    };
    const exportAll = (from: Record<string, unknown>) => {
      for (const key of keysOf(from))
        if (key !== 'default' && !(key in record.exports))
          defineProperty(record.exports, key, { enumerable: true, get: () => from[key] });
    };
    // What it requires runs first, as its imports do: `require` then hands out what already ran.
    for (const specifier of module.requires) await importModule(specifier);
    const requireModule = (specifier: unknown) => {
      const target = typeof specifier === 'string' ? module.imports[specifier] : undefined;
      const ran = target === undefined ? undefined : records.get(target);
      if (!ran) throw new Error(`Dynamic require of "${String(specifier)}" is not supported`);
      const namespace = ran.namespace ?? ran.exports;
      // A JSON file is its value, as `require` of one gives it.
      return target!.endsWith('.json') ? (namespace as Record<string, unknown>).default : namespace;
    };
    await module.body(requireModule)(
      importModule,
      importDynamic,
      record.exports,
      exportAll,
      freeze(create(null)),
    );
    const namespace = sorted(record.exports);
    record.namespace = namespace;
    leave(file, namespace as Record<string, unknown>);
    return namespace;
  }

  return {
    define(file, body, linksJson) {
      const links = parse(linksJson) as { imports: Record<string, string>; requires: string[] };
      bodies.set(file, { body, imports: links.imports, requires: links.requires });
    },
    start(entriesJson) {
      const entries = parse(entriesJson) as string[];
      (async () => {
        const namespaces: Record<string, unknown>[] = [];
        for (const entry of entries) namespaces.push((await run(entry)) as Record<string, unknown>);
        return namespaces;
      })().then(
        (namespaces) => {
          result = { namespaces };
        },
        (error: unknown) => {
          result = { threw: error };
        },
      );
    },
    outcome: () => result,
    namespaceOf: (file) => records.get(file)?.namespace,
    adopt(file, namespace) {
      records.set(file, { exports: namespace as Record<string, unknown>, namespace });
    },
  };
}
/* c8 ignore stop */
