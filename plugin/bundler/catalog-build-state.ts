// One plugin instance's state: the last generation, the files it read (what to watch) and the
// files it wrote (what to ignore, and restore when deleted). Every bundler hook goes through here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GenerateResult } from '../generate.js';
import type { GenerateSession } from '../generate-session.js';
import type { ResolvedCatalogConfig } from '../load/load-config.js';
import { hasErrors, type CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import { withManifests, writeOutputs, type OutputSet } from '../write/write-outputs.js';
import type { GenerationEvent, ToolCatalogPluginOptions } from './options.js';

/** The generate core, loaded at the first generation (see generation.ts). */
const generation = () => import('./generation.js');

export interface GenerationOutcome {
  readonly ok: boolean;
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** The folder diagnostics' relative paths start from. */
  readonly root: string;
  readonly written: readonly string[];
}

export interface CatalogBuildState {
  /** Where the config search starts; the Vite entry sets it from Vite's `root`. */
  root: string;
  /**
   * Generates when an input changed since the last run (or on the first run); otherwise only
   * restores missing or edited output.
   */
  ensureGenerated(reason: GenerationEvent['reason'], file?: string): Promise<GenerationOutcome>;
  /** Watch/dev mode: keep one generate session between runs (same core, same bytes, faster rebuilds). */
  keepWarm(): void;
  /** Ends the watch session (its memory of the last run). */
  dispose(): Promise<void>;
  /** Forces the next `ensureGenerated` to regenerate: a watched input changed. */
  invalidate(): void;
  isInput(file: string): boolean;
  isOutput(file: string): boolean;
  /** Whether an output no longer holds what the last run wrote (edited by hand). */
  outputEdited(file: string): Promise<boolean>;
  /** Whether a newly created file is matched by a catalog's include globs. */
  isNewSource(file: string): Promise<boolean>;
  /**
   * Whether a watched input's bytes differ from when we last looked (editors and watchers report
   * one save more than once).
   */
  contentChanged(file: string): Promise<boolean>;
  /** Every input ever read: a broken catalog may read fewer files, and a fix must still be seen. */
  readonly inputs: ReadonlySet<string>;
  readonly outputs: ReadonlySet<string>;
}

const normalise = (file: string) => path.resolve(file);

export function createCatalogBuildState(options: ToolCatalogPluginOptions): CatalogBuildState {
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  let lastOutputs: readonly OutputSet[] | undefined;
  let catalogConfigs: readonly ResolvedCatalogConfig[] = [];
  const seenContent = new Map<string, string | undefined>();
  const readOrUndefined = (file: string) => readFile(file, 'utf8').catch(() => undefined);
  let lastOutcome: GenerationOutcome | undefined;
  let dirty = true;
  // Hooks of several environments (Vite client + SSR) or a burst of watcher events may call in at
  // once: they share one run, and a change during a run schedules exactly one more.
  let running: Promise<GenerationOutcome> | undefined;
  let rerun = false;
  let warm = false;
  let session: GenerateSession | undefined;

  const state: CatalogBuildState = {
    root: path.resolve(options.root ?? process.cwd()),
    inputs,
    outputs,
    keepWarm() {
      warm = true;
    },
    async dispose() {
      const ending = session;
      session = undefined;
      warm = false;
      await ending?.dispose();
    },
    invalidate() {
      dirty = true;
      if (running) rerun = true;
    },
    isInput: (file) => inputs.has(normalise(file)),
    isOutput: (file) => outputs.has(normalise(file)),
    async outputEdited(file) {
      // While a run writes, its own writes arrive as changes to outputs the last run wrote differently:
      // compare with what that run wrote, once it has.
      if (running) await running.catch(() => undefined);
      const key = normalise(file);
      for (const set of lastOutputs ?? []) {
        const emitted = set.files.get(key);
        if (emitted && !emitted.createOnly) return (await readOrUndefined(key)) !== emitted.content;
      }
      return false;
    },
    async contentChanged(file) {
      const key = normalise(file);
      const text = await readOrUndefined(key);
      if (seenContent.has(key) && seenContent.get(key) === text) return false;
      seenContent.set(key, text);
      return true;
    },
    async isNewSource(file) {
      if (!/\.[cm]?[jt]s$/.test(file) || outputs.has(normalise(file))) return false;
      const { listCatalogFiles } = await generation();
      for (const config of catalogConfigs)
        if ((await listCatalogFiles(config)).includes(normalise(file))) return true;
      return false;
    },
    async ensureGenerated(reason, file) {
      if (running) return running;
      running = (async () => {
        let outcome: GenerationOutcome;
        do {
          rerun = false;
          outcome = await runOnce(reason, file);
        } while (rerun);
        return outcome;
      })();
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
  };

  async function runOnce(
    reason: GenerationEvent['reason'],
    file: string | undefined,
  ): Promise<GenerationOutcome> {
    const started = performance.now();
    if (!dirty && lastOutputs && lastOutcome?.ok) {
      // Nothing we read changed: only put back output that was deleted or edited by hand.
      const report = await writeOutputs(lastOutputs);
      const written = [...report.changed, ...report.orphaned];
      if (written.length > 0)
        emit({
          reason: 'output-deleted',
          file,
          ok: true,
          written,
          durationMs: performance.now() - started,
        });
      return { ...lastOutcome, written };
    }
    dirty = false;
    const generateOptions = { cwd: state.root, config: options.config, catalog: options.catalog };
    const core = await generation();
    if (warm) session ??= core.createGenerateSession(generateOptions);
    const result = session ? await session.run() : await core.generateAndWrite(generateOptions);
    remember(result, core.outputSets);
    const written = result.report ? [...result.report.changed, ...result.report.orphaned] : [];
    lastOutcome = { ok: result.ok, diagnostics: result.diagnostics, root: state.root, written };
    emit({ reason, file, ok: result.ok, written, durationMs: performance.now() - started });
    return lastOutcome;
  }

  function remember(result: GenerateResult, outputSets: (r: GenerateResult) => OutputSet[]): void {
    const before = inputs.size;
    for (const input of result.inputs) inputs.add(normalise(input));
    if (result.configFile) inputs.add(normalise(result.configFile));
    if (inputs.size !== before || seenContent.size === 0) void snapshot();
    if (result.catalogs.length > 0) catalogConfigs = result.catalogs.map((c) => c.config);
    if (!result.ok || hasErrors(result.diagnostics)) return;
    lastOutputs = outputSets(result);
    outputs.clear();
    for (const f of withManifests(lastOutputs).keys()) outputs.add(normalise(f));
  }

  /** Records what each input held after a generation, so a repeated event for the same save is ignored. */
  async function snapshot(): Promise<void> {
    const files = [...inputs].filter((f) => !seenContent.has(f));
    const texts = await Promise.all(files.map(readOrUndefined));
    for (const [i, f] of files.entries()) seenContent.set(f, texts[i]);
  }

  function emit(event: GenerationEvent): void {
    options.onGenerate?.(event);
  }

  return state;
}
