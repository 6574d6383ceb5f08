// The code that runs inside the evaluation process (evaluation-process.ts starts it): a loop that
// reads one request at a time (the compiled modules of a catalog or config, and its entries), runs
// them in a fresh V8 context holding JavaScript's own globals only, and writes back the entries'
// exports as plain data, or why they could not be read. What it compiled it keeps for the next request.
import { createHash } from 'node:crypto';
import { MARK } from '../language/plain-data.js';
import { LOADER_PARAMETERS } from './compile-module.js';
import { sandboxLoader } from './sandbox-loader.js';

/* c8 ignore start */
/**
 * The code that runs first in every context: the module loader (told when each body ends) and the
 * serializer of exports. It is written as a function only to be read as text: it closes over nothing.
 */
function bootstrap(markKey: string, loaderOf: typeof sandboxLoader): unknown {
  const brands = {
    catalog: Symbol.for('agent-tool-catalog.catalog'),
    toolSet: Symbol.for('agent-tool-catalog.tool-set'),
  };
  const progress = (
    globalThis as { __tc_progress?: (kind: string, value: string | number) => void }
  ).__tc_progress;
  delete (globalThis as { __tc_progress?: unknown }).__tc_progress;
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
  const loader = loaderOf((file, namespace) => {
    progress?.('left', file);
    stamp(file, namespace);
  });
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
    define: loader.define,
    start: loader.start,
    /** Returns, as JSON, each entry's exports (`{ exports }`) or what was thrown (`{ threw }`). */
    run(): string {
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
        return JSON.stringify({
          exports: outcome.namespaces.map((ns, i) => {
            progress?.('reading', i);
            const out: Record<string, unknown> = {};
            for (const key of Object.keys(ns)) put(out, key, plain(ns[key], 0));
            return out;
          }),
        });
      } catch (error) {
        return JSON.stringify({ threw: describe(error) });
      }
    },
    describe: (error: unknown) => JSON.stringify(describe(error)),
  };
}

/**
 * The evaluation process's main code (run with `node -e`, so it reads no file). Strict, so no stack
 * frame of it hands out its `this` or its functions. Requests and replies are frames: a line with the
 * byte length, then that many bytes of JSON.
 */
function runner(require: NodeJS.Require, bootstrapSource: string, parameters: string): void {
  // biome-ignore lint/suspicious/noRedundantUseStrict: the function runs as the text of `node -e`, a sloppy-mode script
  'use strict';
  const vm = require('node:vm') as typeof import('node:vm');
  const fs = require('node:fs') as typeof import('node:fs');
  const { types } = require('node:util') as typeof import('node:util');
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  // The permission model does not cover signals: nothing running here may signal another process.
  process.kill = () => {
    throw new Error('signals are not available while a catalog is evaluated');
  };
  const write = (text: string) => {
    const bytes = Buffer.from(`${Buffer.byteLength(text)}\n${text}`);
    for (let offset = 0; offset < bytes.length; ) {
      try {
        offset += fs.writeSync(1, bytes, offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') process.exit(71);
      }
    }
  };
  const send = (message: object) => write(stringify(message));
  let current: { id: number; rejections: unknown[]; files: Set<string> } | undefined;
  process.on('unhandledRejection', (reason) => current?.rejections.push(reason));
  // Never printed: Node's printer would run the thrown object's own code (its inspect function).
  process.on('uncaughtException', () => {
    send({ id: current?.id, kind: 'crashed' });
    process.exit(70);
  });
  const bootstrapScript = new vm.Script(bootstrapSource, { filename: 'tool-catalog-sandbox.js' });
  /** Each module's compiled body, by its hash: kept for the next request when that uses it too. */
  let scripts = new Map<string, import('node:vm').Script>();
  const isTimeout = (error: unknown) =>
    types.isNativeError(error) &&
    Object.getOwnPropertyDescriptor(error, 'code')?.value === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

  interface Module {
    file: string;
    hash: string;
    /** Left out when the process has it from the request before. */
    code?: string;
    imports: Record<string, string>;
    requires: string[];
  }
  async function handle(request: {
    id: number;
    modules: Module[];
    entries: string[];
    timeoutMs: number;
    files: string[];
  }) {
    const { id, timeoutMs } = request;
    const state = { id, rejections: [] as unknown[], files: new Set(request.files) };
    current = state;
    const sandbox: Record<string, unknown> = Object.create(null);
    sandbox.__tc_progress = (kind: unknown, value: unknown) => {
      if (current !== state) return;
      if (kind === 'left' && typeof value === 'string' && state.files.has(value))
        send({ id, kind, file: value });
      if (kind === 'reading' && typeof value === 'number') send({ id, kind, index: value });
    };
    const context = vm.createContext(sandbox, {
      codeGeneration: { strings: false, wasm: false },
      microtaskMode: 'afterEvaluate',
    });
    const kept = scripts;
    scripts = new Map();
    for (const module of request.modules) {
      let script = kept.get(module.hash) ?? scripts.get(module.hash);
      // The generator sends a module's code once; after a failure, when it is not kept, again.
      if (!script && typeof module.code !== 'string') return send({ id, kind: 'missing' });
      if (!script)
        try {
          // Line 1 is the wrapper: stack frames then give the compiled module's own line numbers.
          // `require` is a scope of its own around the body, so the module may declare its own.
          const wrapper = `(function (require) { return async function (${parameters}) {`;
          script = new vm.Script(`${wrapper}\n${module.code}\n} })`, {
            filename: module.file,
            lineOffset: -1,
          });
        } catch (error) {
          // A syntax error V8 finds and the compiler does not (a regular expression V8 refuses).
          const stack = String((error as Error).stack ?? '').split('\n');
          const line = Number(/:(\d+)$/.exec(stack[0] ?? '')?.[1] ?? 0);
          const caret = (stack[2] ?? '').indexOf('^');
          return send({
            id,
            kind: 'syntax',
            message: String((error as Error).message),
            file: module.file,
            line,
            column: caret + 1,
          });
        }
      scripts.set(module.hash, script);
    }
    try {
      bootstrapScript.runInContext(context);
      // No module's code has run yet: the loader is still the bootstrap's own.
      const loader = vm.runInContext('__toolCatalog', context) as {
        define(file: string, body: unknown, linksJson: string): void;
      };
      for (const module of request.modules)
        loader.define(
          module.file,
          scripts.get(module.hash)!.runInContext(context),
          stringify({ imports: module.imports, requires: module.requires }),
        );
    } catch {
      return send({ id, kind: 'tampered' });
    }
    let json: unknown;
    // Between these two frames only this request's code runs (synchronously: no earlier request's
    // callback can), so memory that runs out in between, from a small start, is its own.
    send({ id, kind: 'running', rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20) });
    try {
      vm.runInContext(`__toolCatalog.start(${stringify(stringify(request.entries))})`, context, {
        timeout: timeoutMs,
      });
      json = vm.runInContext('__toolCatalog.run()', context, { timeout: timeoutMs });
    } catch (error) {
      // What reaches here was thrown past the loader's own catch: it is neither read nor passed on.
      return send({ id, kind: isTimeout(error) ? 'timeout' : 'tampered' });
    }
    send({ id, kind: 'ran' });
    // Node reports the promises the run left rejected and unhandled before the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    if (state.rejections.length > 0) {
      sandbox.__tc_thrown = state.rejections[0];
      let described: unknown;
      try {
        described = vm.runInContext('__toolCatalog.describe(__tc_thrown)', context, {
          timeout: timeoutMs,
        });
      } catch (error) {
        return send({ id, kind: isTimeout(error) ? 'timeout' : 'tampered' });
      }
      if (typeof described !== 'string') return send({ id, kind: 'tampered' });
      return send({ id, kind: 'rejected', error: parse(described) });
    }
    if (typeof json !== 'string') return send({ id, kind: 'tampered' });
    // Two frames: a forged result cannot change the first one's shape.
    send({ id, kind: 'result' });
    write(json);
  }

  let buffer = Buffer.alloc(0);
  let queue = Promise.resolve();
  process.stdin.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const newline = buffer.indexOf(10);
      if (newline < 0) return;
      const length = Number(buffer.subarray(0, newline).toString());
      if (buffer.length < newline + 1 + length) return;
      const request = parse(buffer.subarray(newline + 1, newline + 1 + length).toString());
      buffer = buffer.subarray(newline + 1 + length);
      queue = queue
        .then(() => handle(request))
        .then(() => {
          current = undefined;
        });
    }
  });
  process.stdin.on('end', () => process.exit(0));
  send({ kind: 'ready' });
}
/* c8 ignore stop */

// A transpiler keeping function names (tsx, esbuild's keepNames) calls this helper in the text.
const NAME_HELPER = 'const __name = (target) => target;';
const BOOTSTRAP =
  `${NAME_HELPER}\nglobalThis.__toolCatalog = (${bootstrap.toString()})(` +
  `${JSON.stringify(MARK)}, (${sandboxLoader.toString()}));`;

/** The code `node -e` runs in the evaluation process. */
export const RUNNER_SOURCE =
  `'use strict';\n${NAME_HELPER}\n(${runner.toString()})(require, ` +
  `${JSON.stringify(BOOTSTRAP)}, ${JSON.stringify(LOADER_PARAMETERS.join(', '))});`;

const FORMAT = createHash('sha1').update(RUNNER_SOURCE).digest('hex').slice(0, 16);

/** Names what the evaluation process hands back: stored evaluations of another version are not reused. */
export const sandboxFormat = () => FORMAT;
