// What a watch session keeps between evaluations: each entry module's exports, together with the
// text of every module they were computed from. An entry is evaluated again only when one of those
// texts changed, so an edit re-runs the edited file (and what imports it), not the whole catalog.

export type ModuleSources = ReadonlyMap<string, string>;

interface Entry {
  readonly sources: ModuleSources;
  readonly exports: Readonly<Record<string, unknown>>;
}

const sameSources = (a: ModuleSources, b: ModuleSources) => a.size === b.size && [...a].every(([file, text]) => b.get(file) === text);

export class EvaluationCache {
  private readonly entries = new Map<string, Entry>();

  /** The exports `file` evaluated to from exactly these sources, if known. */
  get(file: string, sources: ModuleSources): Readonly<Record<string, unknown>> | undefined {
    const entry = this.entries.get(file);
    return entry && sameSources(entry.sources, sources) ? entry.exports : undefined;
  }

  set(file: string, sources: ModuleSources, exports: Readonly<Record<string, unknown>>): void {
    this.entries.set(file, { sources, exports });
  }
}

/** The texts of `file` and every module it imports, directly or not. */
export function sourcesOf(file: string, imports: ReadonlyMap<string, readonly string[]>, texts: ReadonlyMap<string, string>): Map<string, string> {
  const sources = new Map<string, string>();
  const visit = (f: string) => {
    if (sources.has(f)) return;
    sources.set(f, texts.get(f) ?? '');
    for (const dep of imports.get(f) ?? []) visit(dep);
  };
  visit(file);
  return sources;
}
