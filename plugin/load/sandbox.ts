// The code that runs inside the evaluation process (evaluation-process.ts starts it): a loop that
// reads one request at a time (the compiled modules of a catalog or config, and its entries), runs
// them in a V8 context holding JavaScript's own globals only, and writes back the entries' exports as
// plain data, or why they could not be read. What it compiled it keeps for the next request. A watch
// session's requests reuse the context while it is as it was made, and an entry whose data is the
// same as the generator already holds comes back as a reference to it.
import { createHash } from 'node:crypto';
import { MARK } from '../language/plain-data.js';
import { LOADER_PARAMETERS } from './compile-module.js';
import { bootstrap } from './sandbox-bootstrap.js';
import { dataPrinter } from './sandbox-data-print.js';
import { keptModules } from './sandbox-kept-modules.js';
import { sandboxLoader } from './sandbox-loader.js';
import { HIDDEN_INTRINSICS, realmSnapshot } from './realm-snapshot.js';

/* c8 ignore start */
/**
 * The evaluation process's main code (run with `node -e`, so it reads no file). Strict, so no stack
 * frame of it hands out its `this` or its functions. Requests and replies are frames: a line with the
 * byte length, then that many bytes of JSON.
 */
function runner(
  require: NodeJS.Require,
  bootstrapSource: string,
  parameters: string,
  snapshotOf: typeof realmSnapshot,
  keptOf: typeof keptModules,
): void {
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
    // Header and text encoded into one buffer: the text is not first copied into a joined string.
    const length = Buffer.byteLength(text);
    const header = `${length}\n`;
    const bytes = Buffer.allocUnsafe(header.length + length);
    bytes.write(header, 0, 'latin1');
    bytes.write(text, header.length, 'utf8');
    for (let offset = 0; offset < bytes.length; ) {
      try {
        offset += fs.writeSync(1, bytes, offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') process.exit(71);
      }
    }
  };
  const send = (message: object) => write(stringify(message));
  let current: { id: number; realm: object; rejections: unknown[]; files: Set<string> } | undefined;
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
  /** A context kept for the next request of a watch session. */
  interface Realm {
    context: import('node:vm').Context;
    /** The bootstrap's object, read before any catalog code ran. */
    toolCatalog: {
      begin(planJson: string): void;
      define(file: string, body: unknown, linksJson: string): void;
      settle(checkJson: string): unknown;
      stable(): unknown;
    };
    /** Whether the global object and the built-ins are as they were made (only for a kept context). */
    unchanged?: () => boolean;
  }
  let keptContext: Realm | undefined;
  // The next new context, made while the process waits (after ready, and after each answer): no code
  // has run in it, so it is new when taken; made at the request, it was most of a cold config's wait.
  let spare: Realm | undefined;
  // biome-ignore format: one line
  const makeSpare = () => setImmediate(() => { try { spare ??= newRealm(true); } catch {} });
  function newRealm(keep: boolean): Realm {
    const sandbox: Record<string, unknown> = Object.create(null);
    const realm = {} as Realm;
    // Told only for the request running in this context: a callback left behind by an earlier
    // request (in another context) reports nothing.
    sandbox.__tc_progress = (kind: unknown, value: unknown) => {
      const state = current;
      if (state?.realm !== realm) return;
      if (kind === 'left' && typeof value === 'string' && state.files.has(value))
        send({ id: state.id, kind, file: value });
      if (kind === 'reading' && typeof value === 'number')
        send({ id: state.id, kind, index: value });
    };
    realm.context = vm.createContext(sandbox, {
      codeGeneration: { strings: false, wasm: false },
      microtaskMode: 'afterEvaluate',
    });
    // No catalog code has run yet: what the bootstrap made, and the built-ins, are still their own.
    const hidden = bootstrapScript.runInContext(realm.context) as object[];
    realm.toolCatalog = vm.runInContext('__toolCatalog', realm.context) as Realm['toolCatalog'];
    if (keep)
      realm.unchanged = snapshotOf([vm.runInContext('globalThis', realm.context), ...hidden]);
    return realm;
  }
  /** The kept context when it is as it was made, after what earlier requests left to run has run. */
  function keptRealm(timeoutMs: number): Realm | undefined {
    const realm = keptContext;
    keptContext = undefined;
    if (!realm?.unchanged) return undefined;
    try {
      // A callback an earlier request left (a wait that ended since) queues its code in the context.
      vm.runInContext('0', realm.context, { timeout: timeoutMs });
    } catch {
      return undefined;
    }
    return realm.unchanged() ? realm : undefined;
  }

  /** Per entry, in a watch session: the exports last sent, and the token the generator holds them by. */
  const sent = new Map<string, { token: string; json: string }>();
  const nonce = (require('node:crypto') as typeof import('node:crypto')).randomUUID();
  let serial = 0;
  /**
   * The result frame: each entry's exports (`data`, with a `token` in a watch session), or, where
   * they are the same as the generator holds by the token it sent (`known`), that token (`same`).
   */
  function resultFrame(text: string, request: Request): string {
    // `{ threw }`, or a result forged by the modules, which the generator refuses.
    if (!text.startsWith('exports')) return text;
    const lines = text === 'exports' ? [] : text.slice('exports\n'.length).split('\n');
    const parts = lines.map((line, i) => {
      const entry = request.entries[i];
      // An entry a watch request kept is not read again: its exports are those last sent.
      const json = line === '' && entry !== undefined ? (sent.get(entry)?.json ?? 'null') : line;
      if (request.keep !== true || entry === undefined) return `{"data":${json}}`;
      const last = sent.get(entry);
      if (last !== undefined && last.json === json && request.known?.[entry] === last.token)
        return `{"same":${stringify(last.token)}}`;
      const token = `${nonce}:${++serial}`;
      sent.set(entry, { token, json });
      return `{"token":${stringify(token)},"data":${json}}`;
    });
    return `{"exports":[${parts.join(',')}]}`;
  }

  interface Request {
    id: number;
    modules: Module[];
    entries: string[];
    timeoutMs: number;
    files: string[];
    /** A watch session's request: its context is kept for the next one while it is as it was made. */
    keep?: boolean;
    /** Entry → the token of the exports the generator holds for it. */
    known?: Record<string, string>;
    /** The package's own modules (its authoring API): no module's data lives in them. */
    trusted?: string[];
  }
  /** Compiles the modules not kept from the last request; a frame to send when one cannot be. */
  function compileScripts(request: Request): object | undefined {
    const compiled = scripts;
    scripts = new Map();
    for (const module of request.modules) {
      let script = compiled.get(module.hash) ?? scripts.get(module.hash);
      // The generator sends a module's code once; after a failure, when it is not kept, again.
      if (!script && typeof module.code !== 'string') return { id: request.id, kind: 'missing' };
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
          return {
            id: request.id,
            kind: 'syntax',
            message: String((error as Error).message),
            file: module.file,
            line,
            column: caret + 1,
          };
        }
      scripts.set(module.hash, script);
    }
    return undefined;
  }

  /** Each module's signature in the last watch request that ran to its end. */
  let lastModules: Map<string, string> | undefined;

  /**
   * Runs the request's modules in `realm` (all of them, or in a watch session all but the kept ones)
   * and reads the entries' exports: the exports text, or the frame that says why not.
   */
  async function execute(
    request: Request,
    realm: Realm,
    reused: boolean,
    kept: ReturnType<typeof keptOf> | undefined,
  ): Promise<
    | { json: string; settled: boolean }
    | { frame: { id: number; kind: string } & Record<string, unknown> }
  > {
    const { id, timeoutMs } = request;
    const { context } = realm;
    const state = { id, realm, rejections: [] as unknown[], files: new Set(request.files) };
    current = state;
    const plan = {
      keep: request.keep === true,
      trusted: request.trusted ?? [],
      carry: kept?.carry,
    };
    try {
      // No module's code has run in this context, or the context is as it was made.
      realm.toolCatalog.begin(stringify(plan));
      for (const module of request.modules)
        realm.toolCatalog.define(
          module.file,
          scripts.get(module.hash)!.runInContext(context),
          stringify({ imports: module.imports, requires: module.requires }),
        );
    } catch {
      return { frame: { id, kind: 'tampered' } };
    }
    // The entries to read: those that ran again, and any whose last exports were not sent.
    const carried = new Set(kept?.carry);
    const read = request.entries.flatMap((entry, i) =>
      carried.has(entry) && sent.has(entry) ? [] : [i],
    );
    // Kept modules ended in an earlier request: told as ended, so a run that stops is not laid on them.
    const keptFiles = kept?.carry.filter((file) => state.files.has(file)) ?? [];
    if (keptFiles.length > 0) send({ id, kind: 'kept', files: keptFiles });
    let json: unknown;
    // Between these two frames only this request's code runs (synchronously: no earlier request's
    // callback can), so memory that runs out in between, from a small start, is its own.
    send({ id, kind: 'running', rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20), reused });
    try {
      vm.runInContext(`__toolCatalog.start(${stringify(stringify(request.entries))})`, context, {
        timeout: timeoutMs,
      });
      const readArgument = kept ? stringify(stringify(read)) : '';
      json = vm.runInContext(`__toolCatalog.run(${readArgument})`, context, {
        timeout: timeoutMs,
      });
    } catch (error) {
      // What reaches here was thrown past the loader's own catch: it is neither read nor passed on.
      return { frame: { id, kind: isTimeout(error) ? 'timeout' : 'tampered' } };
    }
    send({ id, kind: 'ran' });
    // Node reports the promises the run left rejected and unhandled before the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    if (state.rejections.length > 0) {
      context.__tc_thrown = state.rejections[0];
      let described: unknown;
      try {
        described = vm.runInContext('__toolCatalog.describe(__tc_thrown)', context, {
          timeout: timeoutMs,
        });
      } catch (error) {
        return { frame: { id, kind: isTimeout(error) ? 'timeout' : 'tampered' } };
      }
      if (typeof described !== 'string') return { frame: { id, kind: 'tampered' } };
      return { frame: { id, kind: 'rejected', error: parse(described) } };
    }
    if (typeof json !== 'string') return { frame: { id, kind: 'tampered' } };
    let settled: unknown;
    if (plan.keep)
      try {
        settled = realm.toolCatalog.settle(stringify(kept?.check ?? []));
      } catch {
        settled = undefined;
      }
    // A kept module changed by a module that ran again: the plan did not hold.
    if (kept && settled !== 'ok') return { frame: { id, kind: 'tampered' } };
    return { json, settled: settled === 'ok' };
  }

  async function handle(request: Request) {
    const { id, timeoutMs } = request;
    const keep = request.keep === true;
    let realm: Realm;
    let reused = false;
    try {
      const found = keep ? keptRealm(timeoutMs) : undefined;
      reused = found !== undefined;
      realm = found ?? spare ?? newRealm(keep);
      if (realm === spare) spare = undefined;
    } catch {
      return send({ id, kind: 'tampered' });
    }
    const failed = compileScripts(request);
    if (failed) return send(failed);
    const last = lastModules ?? new Map<string, string>();
    lastModules = undefined;
    // A watch session's request: the modules whose last run stands in this context are kept (see
    // sandbox-kept-modules.ts; a new context has none), and if anything goes other than as planned,
    // the request runs again in a new context, all modules, as any other request.
    let plan: ReturnType<typeof keptOf> | undefined;
    if (keep)
      try {
        plan = keptOf(last, request.modules, new Set(parse(String(realm.toolCatalog.stable()))));
      } catch {
        plan = keptOf(last, request.modules, new Set());
      }
    const kept = plan && plan.carry.length > 0 ? plan : undefined;
    let outcome = await execute(request, realm, reused, kept);
    // A module that runs past its time runs past it in a new context too.
    if (kept && 'frame' in outcome && outcome.frame.kind !== 'timeout') {
      try {
        realm = newRealm(keep);
      } catch {
        return send({ id, kind: 'tampered' });
      }
      outcome = await execute(request, realm, false, undefined);
    }
    if ('frame' in outcome) return send(outcome.frame);
    if (keep) keptContext = realm;
    if (plan && outcome.settled) lastModules = plan.signatures;
    // Two frames: a forged result cannot change the first one's shape.
    send({ id, kind: 'result' });
    write(resultFrame(outcome.json, request));
    makeSpare();
  }

  // What came on stdin and is not read yet, in the pieces it came in: they are joined once a request
  // is all in (joining each piece as it came copied a 6 MB request about a hundred times over).
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** How many bytes the request being read needs, header and body (0 while its header is not in). */
  let needed = 0;
  let queue = Promise.resolve();
  process.stdin.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < needed) return;
    let buffer = pending.length === 1 ? chunk : Buffer.concat(pending, pendingBytes);
    pending = [];
    needed = 0;
    for (;;) {
      const newline = buffer.indexOf(10);
      if (newline < 0) break;
      const length = Number(buffer.subarray(0, newline).toString());
      if (buffer.length < newline + 1 + length) {
        needed = newline + 1 + length;
        break;
      }
      const request = parse(buffer.subarray(newline + 1, newline + 1 + length).toString());
      buffer = buffer.subarray(newline + 1 + length);
      queue = queue
        .then(() => handle(request))
        .then(() => {
          current = undefined;
        });
    }
    if (buffer.length > 0) pending.push(buffer);
    pendingBytes = buffer.length;
  });
  process.stdin.on('end', () => process.exit(0));
  send({ kind: 'ready' });
  makeSpare();
}
/* c8 ignore stop */

// A transpiler keeping function names (tsx, esbuild's keepNames) calls this helper in the text.
const NAME_HELPER = 'const __name = (target) => target;';
const BOOTSTRAP =
  `${NAME_HELPER}\nglobalThis.__toolCatalog = (${bootstrap.toString()})(` +
  `${JSON.stringify(MARK)}, (${sandboxLoader.toString()}), (${dataPrinter.toString()}));\n` +
  HIDDEN_INTRINSICS;

/** The code `node -e` runs in the evaluation process. */
export const RUNNER_SOURCE =
  `'use strict';\n${NAME_HELPER}\n(${runner.toString()})(require, ` +
  `${JSON.stringify(BOOTSTRAP)}, ${JSON.stringify(LOADER_PARAMETERS.join(', '))}, ` +
  `(${realmSnapshot.toString()}), (${keptModules.toString()}));`;

const FORMAT = createHash('sha1').update(RUNNER_SOURCE).digest('hex').slice(0, 16);

/** Names what the evaluation process hands back: stored evaluations of another version are not reused. */
export const sandboxFormat = () => FORMAT;
