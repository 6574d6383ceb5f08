// Keeps esbuild contexts alive between the regenerations of one watch session, so a rebuild
// re-parses only the catalog files that changed. Outside a session every bundle is a plain build.
import { AsyncLocalStorage } from 'node:async_hooks';
import { build, context, type BuildContext, type BuildOptions, type BuildResult } from 'esbuild';

/** esbuild's own guard against misspelt options (not exported by its types). */
type Exactly<O extends BuildOptions> = O & { [K in Exclude<keyof O, keyof BuildOptions>]: never };

/** One session's esbuild contexts, one per distinct bundle (entry files and options). */
export class IncrementalBuilds {
  private readonly contexts = new Map<string, Promise<BuildContext<BuildOptions>>>();
  private readonly usedSinceSweep = new Set<string>();

  async build<O extends BuildOptions>(key: string, options: Exactly<O>): Promise<BuildResult<O>> {
    this.usedSinceSweep.add(key);
    let ctx = this.contexts.get(key);
    if (!ctx) {
      ctx = context<BuildOptions>(options);
      this.contexts.set(key, ctx);
      // A context that could not be created must not be reused by the next run.
      ctx.catch(() => this.contexts.get(key) === ctx && this.contexts.delete(key));
    }
    return (await ctx).rebuild() as Promise<BuildResult<O>>;
  }

  /** Disposes the contexts no run used since the last sweep: their file list changed (a file added, removed or renamed). */
  async sweep(): Promise<void> {
    const stale = [...this.contexts.keys()].filter((k) => !this.usedSinceSweep.has(k));
    this.usedSinceSweep.clear();
    await Promise.all(stale.map((k) => this.drop(k)));
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.contexts.keys()].map((k) => this.drop(k)));
  }

  private async drop(key: string): Promise<void> {
    const ctx = this.contexts.get(key);
    this.contexts.delete(key);
    await ctx?.then((c) => c.dispose(), () => undefined);
  }
}

/**
 * The session a regeneration runs in. An AsyncLocalStorage rather than a parameter: the loaders
 * between `generate` and esbuild stay as they are, and a plain `generate` never sees a session.
 */
export const incrementalBuildSession = new AsyncLocalStorage<IncrementalBuilds>();

/** esbuild's `build`, or inside a session a rebuild of the context kept for the same `key`. */
export function buildInSession<O extends BuildOptions>(key: string, options: Exactly<O>): Promise<BuildResult<O>> {
  const session = incrementalBuildSession.getStore();
  return session ? session.build(key, options) : build(options);
}
