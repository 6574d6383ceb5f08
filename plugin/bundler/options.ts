// The options every bundler entry (vite, esbuild, rollup, webpack, rspack) accepts, and how the
// plugin decides whether it is in CI (never watch, fail hard).

export interface GenerationEvent {
  /** Why generation ran: the build started, or a watched file changed. */
  readonly reason: 'build-start' | 'change' | 'output-deleted';
  /** The file whose change triggered it, when there was one. */
  readonly file?: string;
  readonly ok: boolean;
  /** Generated files whose bytes changed on disk (absolute). */
  readonly written: readonly string[];
  /** Wall time of our own work: load, validate, render, write. */
  readonly durationMs: number;
}

export interface ToolCatalogPluginOptions {
  /** Config file, relative to `root`; found from `root` upwards when absent (as the CLI does). */
  readonly config?: string;
  /** Only this catalog of the config. */
  readonly catalog?: string;
  /** Where the config search starts. Default: Vite's `root`, else `process.cwd()`. */
  readonly root?: string;
  /**
   * Treat the run as CI: never watch, fail the build on any catalog error. Default: `CI` env is set
   * and not `false`/`0`.
   */
  readonly ci?: boolean;
  /** Called after every generation (logging, tests, timing). */
  readonly onGenerate?: (event: GenerationEvent) => void;
}

export function isCiEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}
