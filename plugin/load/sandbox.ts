// The V8 context catalog and config modules run in: JavaScript's own globals only — no `process`,
// `require`, `import()`, timers or `eval` — under a time limit. Nothing of the host enters it but
// source text, and nothing leaves it but a JSON string: the modules' exports as plain data.
import { createHash } from 'node:crypto';
import { types } from 'node:util';
import vm from 'node:vm';

import { MARK } from '../language/plain-data.js';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';

/** Why evaluation stopped before the exports could be read. */
export type SandboxFailure =
  | { readonly kind: 'threw'; readonly error: ThrownValue; readonly module?: string }
  | { readonly kind: 'timeout'; readonly module?: string }
  /** The modules replaced objects the loader relies on (JSON, the loader itself), so nothing can be read. */
  | { readonly kind: 'tampered'; readonly module?: string };

/** A value a module threw, copied out of the sandbox. */
interface ThrownValue {
  readonly isError: boolean;
  readonly message: string;
  readonly stack?: string;
}

/** A module's CommonJS code as a function of `module`, `exports` and `require`, called with `this` = `exports`. */
type ModuleFactory = (this: unknown, ...args: unknown[]) => unknown;

export interface SandboxModule {
  readonly file: string;
  /** The module's CommonJS code (what `module`, `exports` and `require` see). */
  readonly code: string;
  /** Specifier as written in the code → the file it resolves to. */
  readonly resolved: Readonly<Record<string, string>>;
  /** Why each unresolvable specifier is refused; `require` throws this message. */
  readonly refused: Readonly<Record<string, string>>;
}

/**
 * The code that runs first in every context: a CommonJS module table (`define`, `run`) and the
 * serializer of exports. It is written as a function only to be read as text: it closes over
 * nothing, and runs in the sandbox, never in the host.
 */
/* c8 ignore start */
function bootstrap(markKey: string): unknown {
  const definitions = new Map<
    string,
    { deps: Record<string, string>; refused: Record<string, string>; factory: ModuleFactory }
  >();
  const instances = new Map<string, { exports: unknown }>();
  const state = { current: undefined as string | undefined };
  const brands = {
    catalog: Symbol.for('agent-tool-catalog.catalog'),
    toolSet: Symbol.for('agent-tool-catalog.tool-set'),
  };
  function load(file: string): unknown {
    const known = instances.get(file);
    if (known) return known.exports;
    const definition = definitions.get(file)!;
    const module = { exports: {} as unknown };
    instances.set(file, module);
    const outer = state.current;
    state.current = file;
    definition.factory.call(module.exports, module, module.exports, (specifier: string) => {
      if (Object.hasOwn(definition.refused, specifier)) throw new Error(definition.refused[specifier]);
      const target = definition.deps[specifier];
      if (target === undefined) throw new Error(`"${specifier}" cannot be imported here`);
      return load(target);
    });
    state.current = outer;
    stamp(file, module.exports);
    return module.exports;
  }
  // Catalogs and tool sets are named by the module that first exports them and their order there,
  // so a name stays the same when only some modules are evaluated again (watch mode).
  const ids = new Map<object, string>();
  const stampedIn = new Map<string, number>();
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
  const mark = (kind: string, detail?: string) => ({ [markKey]: kind, ...(detail === undefined ? {} : { detail }) });
  const path = new Set<object>();
  function plain(value: unknown, depth: number): unknown {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : mark('number', String(value));
    if (typeof value === 'undefined') return mark('undefined');
    if (typeof value === 'bigint') return mark('bigint', `${String(value)}n`);
    if (typeof value === 'symbol') return mark('symbol', String(value));
    if (typeof value === 'function') return mark('function', (value as { name?: string }).name || 'anonymous');
    const object = value as Record<string | symbol, unknown>;
    if (path.has(object)) return mark('circular');
    if (depth > 64) return mark('deep');
    path.add(object);
    try {
      if (object[brands.catalog] === true)
        return { [markKey]: 'catalog', id: idOf(object), vocabulary: plain(object.vocabulary, depth + 1) };
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
        return mark('object', (proto.constructor as { name?: string } | undefined)?.name ?? 'object');
      // Without a prototype, a key named `__proto__` stays a key (an assignment would not add it).
      const out: Record<string, unknown> = Object.create(null);
      for (const key of Object.keys(object)) {
        let field: unknown;
        try {
          field = object[key];
        } catch (error) {
          out[key] = mark('threw', error instanceof Error ? error.message : String(error));
          continue;
        }
        if (field !== undefined) out[key] = plain(field, depth + 1);
      }
      return out;
    } finally {
      path.delete(object);
    }
  }
  return {
    state,
    define(file: string, deps: string, refused: string, factory: ModuleFactory) {
      definitions.set(file, { deps: JSON.parse(deps), refused: JSON.parse(refused), factory });
    },
    /**
     * Runs the entries and returns, as JSON, each one's exports (`{ exports: [{ name: value }] }`), or
     * what a module threw and which module was running (`{ threw, module }`) — read here, under the
     * time limit, because a thrown object's own getters are module code too.
     */
    run(entries: string): string {
      try {
        const exports = (JSON.parse(entries) as string[]).map((file) => load(file) as Record<string, unknown>);
        state.current = undefined;
        return JSON.stringify({
          exports: exports.map((ns) => {
            const out: Record<string, unknown> = Object.create(null);
            for (const key of Object.keys(ns)) out[key] = plain(ns[key], 0);
            return out;
          }),
        });
      } catch (error) {
        let thrown: { isError: boolean; message: string; stack?: string };
        try {
          thrown =
            error instanceof Error
              ? { isError: true, message: String(error.message), stack: String(error.stack) }
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
          thrown = { isError: false, message: Object.prototype.toString.call(error) };
        }
        return JSON.stringify({ threw: thrown, module: state.current });
      }
    },
  };
}
/* c8 ignore stop */

// `console` does nothing: a debug print left in a catalog must not break it, nor reach the host.
const BOOTSTRAP = `globalThis.console = { log() {}, info() {}, warn() {}, error() {}, debug() {}, trace() {} };\nglobalThis.__toolCatalog = (() => {
  // A transpiler keeping function names (tsx, esbuild's keepNames) calls this helper in the text.
  const __name = (target) => target;
  return (${bootstrap.toString()})(${JSON.stringify(MARK)});
})();`;

const FORMAT = createHash('sha1').update(BOOTSTRAP).digest('hex').slice(0, 16);

/** Names what the sandbox hands back: stored evaluations of another sandbox are not reused. */
export const sandboxFormat = () => FORMAT;

/** The bootstrap, compiled once per run or session and run in every context. */
const BOOTSTRAP_SCRIPT = memoSlot<'bootstrap', vm.Script>('sandbox bootstrap script');

function bootstrapScript(): vm.Script {
  const known = lastKept(BOOTSTRAP_SCRIPT, 'bootstrap');
  if (known) return known;
  const script = new vm.Script(BOOTSTRAP, { filename: 'tool-catalog-sandbox.js' });
  keepLast(BOOTSTRAP_SCRIPT, 'bootstrap', script);
  return script;
}

/** Per module file: its compiled wrapper, reusable in every context (V8 compiles each module's code once). */
const SCRIPT = memoSlot<string, { source: string; script: vm.Script }>('module script');

function moduleScript(module: SandboxModule): vm.Script {
  const source = `__toolCatalog.define(${JSON.stringify(module.file)}, ${JSON.stringify(JSON.stringify(module.resolved))}, ${JSON.stringify(JSON.stringify(module.refused))}, function (module, exports, require) {\n${module.code}\n});`;
  const known = lastKept(SCRIPT, module.file);
  if (known?.source === source) return known.script;
  // Line 1 is the wrapper: stack frames then give the module code's own line numbers.
  const script = new vm.Script(source, { filename: module.file, lineOffset: -1 });
  keepLast(SCRIPT, module.file, { source, script });
  return script;
}

/**
 * Whether the time limit stopped the run. It is told apart without reading a
 * property through a getter or a Proxy trap: a value the modules threw is theirs, and reading it
 * would run their code outside the time limit.
 */
const isTimeout = (error: unknown) =>
  // Node creates it in the context's realm, so it is not `instanceof` the host's Error.
  types.isNativeError(error) &&
  Object.getOwnPropertyDescriptor(error, 'code')?.value === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

/** An Error of the host's realm (never a Proxy, whose checks would run module code). */
const isHostError = (error: unknown): error is Error => types.isNativeError(error) && error instanceof Error;

/**
 * Runs `modules` in a fresh context and returns the exports of `entries` as plain data, or why it
 * stopped. `timeoutMs` bounds the whole run (module code and reading the exports), so a loop that
 * never ends or a getter that never returns is stopped and reported, never waited for.
 */
export function runInSandbox(
  modules: readonly SandboxModule[],
  entries: readonly string[],
  timeoutMs: number,
): { exports: Record<string, unknown>[] } | SandboxFailure {
  const context = vm.createContext(Object.create(null), {
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  bootstrapScript().runInContext(context);
  const current = () => {
    try {
      const value = vm.runInContext('__toolCatalog.state.current', context, { timeout: 100 }) as unknown;
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  };
  let json: unknown;
  try {
    for (const module of modules) moduleScript(module).runInContext(context, { timeout: timeoutMs });
    json = vm.runInContext(`__toolCatalog.run(${JSON.stringify(JSON.stringify(entries))})`, context, {
      timeout: timeoutMs,
    });
  } catch (error) {
    if (isTimeout(error)) return { kind: 'timeout', module: current() };
    if (isHostError(error)) throw error;
    // What the modules threw past the loader's own catch (they replaced the objects it uses) is
    // neither read nor passed on: printing it would run their code in the host.
    return { kind: 'tampered', module: current() };
  }
  // Only a string primitive is read back: an object from the sandbox could run its code in the host.
  if (typeof json !== 'string') return { kind: 'tampered', module: current() };
  return readResult(json, entries.length) ?? { kind: 'tampered', module: current() };
}

/** The loader's JSON, if it has the loader's shape (a module that replaced JSON may forge it). */
function readResult(
  json: string,
  entries: number,
): { exports: Record<string, unknown>[] } | SandboxFailure | undefined {
  let result: unknown;
  try {
    result = JSON.parse(json);
  } catch {
    return undefined;
  }
  const r = result as { exports?: unknown; threw?: Partial<ThrownValue>; module?: unknown } | null;
  if (r === null || typeof r !== 'object') return undefined;
  if (
    Array.isArray(r.exports) &&
    r.exports.length === entries &&
    r.exports.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))
  )
    return { exports: r.exports as Record<string, unknown>[] };
  const threw = r.threw;
  if (threw && typeof threw === 'object' && typeof threw.isError === 'boolean' && typeof threw.message === 'string')
    return {
      kind: 'threw',
      error: {
        isError: threw.isError,
        message: threw.message,
        ...(typeof threw.stack === 'string' ? { stack: threw.stack } : {}),
      },
      module: typeof r.module === 'string' ? r.module : undefined,
    };
  return undefined;
}
