// The code that runs first in every evaluation context, before any catalog code: the module loader
// (told when each body ends) and the serializer of the entries' exports. A watch session's process
// runs many requests in one context (sandbox.ts keeps it while it is as it was made), so everything a
// request leaves in here is made anew by `begin`, except the modules `begin` is told to keep.
import type { dataPrinter } from './sandbox-data-print.js';
import type { sandboxLoader } from './sandbox-loader.js';

/* c8 ignore start */
/**
 * The code that runs first in every context: the module loader (told when each body ends) and the
 * serializer of exports. It is written as a function only to be read as text: it closes over nothing.
 */
export function bootstrap(
  markKey: string,
  loaderOf: typeof sandboxLoader,
  printerOf: typeof dataPrinter,
): unknown {
  const brands = {
    catalog: Symbol.for('agent-tool-catalog.catalog'),
    toolSet: Symbol.for('agent-tool-catalog.tool-set'),
  };
  const printer = printerOf([
    'agent-tool-catalog.catalog',
    'agent-tool-catalog.tool-set',
    'agent-tool-catalog.config',
  ]);
  const progress = (
    globalThis as { __tc_progress?: (kind: string, value: string | number) => void }
  ).__tc_progress;
  delete (globalThis as { __tc_progress?: unknown }).__tc_progress;
  // Catalogs and tool sets are named by the module that first exports them and their order there,
  // so a name stays the same when only some modules are evaluated again (watch mode).
  let ids = new Map<object, string>();
  let stampedIn = new Map<string, number>();
  const name = (o: object, file: string) => {
    if (ids.has(o)) return;
    const n = stampedIn.get(file) ?? 0;
    stampedIn.set(file, n + 1);
    ids.set(o, `${file}#${n}`);
  };
  function stamp(file: string, exports: unknown): void {
    if (typeof exports !== 'object' || exports === null) return;
    for (const key of Object.keys(exports)) {
      let value: Record<string | symbol, unknown> | null | undefined;
      try {
        value = (exports as Record<string, unknown>)[key] as typeof value;
      } catch {
        continue; // reported where the export is read for the loader
      }
      if (typeof value !== 'object' || value === null) continue;
      if (value[brands.catalog] === true) name(value, file);
      if (value[brands.toolSet] === true) {
        const catalog = value.catalog as object | null | undefined;
        if (typeof catalog === 'object' && catalog !== null) name(catalog, file);
        name(value, file);
      }
    }
  }
  const idOf = (o: object) => {
    if (!ids.has(o)) name(o, '');
    return ids.get(o)!;
  };
  const mark = (kind: string, detail?: string) => ({
    [markKey]: kind,
    ...(detail === undefined ? {} : { detail }),
  });
  // A key named `__proto__` is defined, not assigned (an assignment would set the prototype). The
  // objects are plain ones otherwise: objects without a prototype are slower to fill and to write.
  const put = (out: Record<string, unknown>, key: string, value: unknown) => {
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = value;
  };
  const path = new Set<object>();
  function plain(value: unknown, depth: number): unknown {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number')
      return Number.isFinite(value) ? value : mark('number', String(value));
    if (typeof value === 'undefined') return mark('undefined');
    if (typeof value === 'bigint') return mark('bigint', `${String(value)}n`);
    if (typeof value === 'symbol') return mark('symbol', String(value));
    if (typeof value === 'function')
      return mark('function', (value as { name?: string }).name || 'anonymous');
    const object = value as Record<string | symbol, unknown>;
    if (path.has(object)) return mark('circular');
    if (depth > 64) return mark('deep');
    path.add(object);
    try {
      if (object[brands.catalog] === true)
        return {
          [markKey]: 'catalog',
          id: idOf(object),
          vocabulary: plain(object.vocabulary, depth + 1),
        };
      if (object[brands.toolSet] === true)
        return {
          [markKey]: 'tool-set',
          id: idOf(object),
          catalog: plain(object.catalog, depth + 1),
          tools: plain(object.tools, depth + 1),
        };
      if (Array.isArray(object)) return object.map((x) => plain(x, depth + 1));
      const proto = Object.getPrototypeOf(object);
      if (proto !== Object.prototype && proto !== null)
        return mark(
          'object',
          (proto.constructor as { name?: string } | undefined)?.name ?? 'object',
        );
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(object)) {
        let field: unknown;
        try {
          field = object[key];
        } catch (error) {
          put(out, key, mark('threw', error instanceof Error ? error.message : String(error)));
          continue;
        }
        if (field !== undefined) put(out, key, plain(field, depth + 1));
      }
      return out;
    } finally {
      path.delete(object);
    }
  }
  /** What a module threw, read here (under the time limit: a thrown object's getters are module code too). */
  function describe(error: unknown): { isError: boolean; message: string; stack?: string } {
    try {
      // An error made outside the context (by Node, for an `import()`) is an Error too.
      const isError =
        error instanceof Error || Object.prototype.toString.call(error) === '[object Error]';
      return isError
        ? {
            isError: true,
            message: String((error as Error).message),
            stack: String((error as Error).stack),
          }
        : {
            isError: false,
            message:
              typeof error === 'string'
                ? JSON.stringify(error)
                : typeof error === 'bigint'
                  ? `${String(error)}n`
                  : (JSON.stringify(error) ?? String(error)),
          };
    } catch {
      return { isError: false, message: Object.prototype.toString.call(error) };
    }
  }
  // A watch session's request: each module's print when its body ended ('package' for the package's
  // own modules, undefined when its exports are not plain data or changed before the request ended).
  let keep = false;
  let trusted = new Set<string>();
  let prints = new Map<string, string | undefined>();
  let ranNow: string[] = [];
  const leave = (file: string, namespace: Record<string, unknown>) => {
    progress?.('left', file);
    stamp(file, namespace);
    if (!keep) return;
    ranNow.push(file);
    if (trusted.has(file)) printer.trust(namespace);
    prints.set(file, trusted.has(file) ? 'package' : printer.print(namespace));
  };
  const printOf = (file: string) => {
    const namespace = loader.namespaceOf(file);
    return namespace === undefined
      ? undefined
      : printer.print(namespace as Record<string, unknown>);
  };
  let loader = loaderOf(leave);
  // `console` does nothing: a debug print left in a catalog must not break it, nor reach the host.
  (globalThis as Record<string, unknown>).console = {
    log() {},
    info() {},
    warn() {},
    error() {},
    debug() {},
    trace() {},
  };
  return {
    /**
     * Starts a request: a new loader, and names counted from the start, but for the modules in
     * `carry` (a watch session's), which keep what they ran to and their names.
     */
    begin(planJson: string) {
      // RegExp's legacy statics (`RegExp.$1`, `RegExp.input`) hold the last match in any context:
      // an empty match clears them, so a kept context shows what a new one does.
      /(?:)/.exec('');
      const plan = JSON.parse(planJson) as { keep: boolean; trusted: string[]; carry?: string[] };
      const last = loader;
      loader = loaderOf(leave);
      keep = plan.keep;
      trusted = new Set(plan.trusted);
      ranNow = [];
      const carried = new Set(plan.carry);
      for (const file of carried) loader.adopt(file, last.namespaceOf(file)!);
      ids = new Map([...ids].filter(([, id]) => carried.has(id.slice(0, id.lastIndexOf('#')))));
      stampedIn = new Map([...stampedIn].filter(([file]) => carried.has(file)));
      prints = new Map([...prints].filter(([file]) => carried.has(file)));
    },
    /**
     * After a watch session's run: forgets the print of a module whose exports changed after its body
     * ended; 'changed' when a kept module in `checkJson` no longer prints as it did.
     */
    settle(checkJson: string): 'ok' | 'changed' {
      for (const file of ranNow) {
        const print = prints.get(file);
        if (print !== undefined && print !== 'package' && printOf(file) !== print)
          prints.set(file, undefined);
      }
      // Names given in the order the exports were read depend on which entries were read.
      if (stampedIn.has('')) prints = new Map();
      for (const file of JSON.parse(checkJson) as string[]) {
        const print = prints.get(file);
        if (print !== 'package' && (print === undefined || printOf(file) !== print))
          return 'changed';
      }
      return 'ok';
    },
    /** The modules a next request may keep, as JSON. */
    stable: () =>
      JSON.stringify([...prints].filter(([, print]) => print !== undefined).map(([file]) => file)),
    define: (file: string, body: unknown, linksJson: string) =>
      loader.define(file, body as Parameters<typeof loader.define>[1], linksJson),
    start: (entriesJson: string) => loader.start(entriesJson),
    /**
     * Returns what was thrown as JSON (`{ threw }`), or `exports` and then each entry's exports as
     * JSON, one per line (JSON text holds no line break), so each entry's can be compared on its own.
     */
    run(readJson?: string): string {
      // A watch session's request reads only the entries that ran again (an empty line for the rest).
      const read = readJson === undefined ? undefined : new Set(JSON.parse(readJson) as number[]);
      try {
        const outcome = loader.outcome();
        if ('threw' in outcome) return JSON.stringify({ threw: describe(outcome.threw) });
        if ('pending' in outcome)
          return JSON.stringify({
            threw: {
              isError: true,
              message:
                'a top-level await waits for a promise that never settles while the catalog is evaluated',
            },
          });
        let lines = 'exports';
        const { namespaces } = outcome;
        for (let i = 0; i < namespaces.length; i++) {
          if (read !== undefined && !read.has(i)) {
            lines += '\n';
            continue;
          }
          progress?.('reading', i);
          const ns = namespaces[i]!;
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(ns)) put(out, key, plain(ns[key], 0));
          const text: unknown = JSON.stringify(out);
          // A JSON.stringify the modules replaced: what it gave goes back as it is, and the
          // process refuses anything but a string (nothing of it is read or turned into text).
          if (typeof text !== 'string') return text as string;
          lines += `\n${text}`;
        }
        return lines;
      } catch (error) {
        return JSON.stringify({ threw: describe(error) });
      }
    },
    describe: (error: unknown) => JSON.stringify(describe(error)),
  };
}

/* c8 ignore stop */
