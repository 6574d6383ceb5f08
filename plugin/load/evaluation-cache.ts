// Evaluated exports kept for the next run, so only catalog files whose text (or that of a file they
// import) changed run again. Two layers, checked in this order:
// - in the session's memory (`session-memory.ts`), for a watch session: the exports with the very
//   texts they came from;
// - on disk, under `node_modules/.cache/agent-tool-catalog/`, for the next process: the exports with
//   a hash of each text. A `generate` whose sources did not change then neither starts esbuild nor
//   runs a module. Set TOOL_CATALOG_CACHE=0 to do without it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';

export type ModuleSources = ReadonlyMap<string, string>;
export type Exports = Readonly<Record<string, unknown>>;

/** Reads each file once per evaluation; undefined for a file that is gone. */
export class SourceReader {
  private readonly texts = new Map<string, string | undefined>();

  read(file: string): string | undefined {
    if (!this.texts.has(file)) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file);
  }
}

interface Entry {
  readonly sources: ModuleSources;
  readonly exports: Exports;
}

/** Per entry file: what it evaluated to last, with the texts it was computed from. */
const EVALUATED = memoSlot<string, Entry>('evaluated catalog module');

/** What `file` evaluated to earlier in this session, if every text it was computed from is still the same. */
export function keptEvaluation(file: string, reader: SourceReader): Entry | undefined {
  const entry = lastKept(EVALUATED, file);
  if (!entry) return undefined;
  for (const [source, text] of entry.sources) if (reader.read(source) !== text) return undefined;
  return entry;
}

export const keepEvaluation = (file: string, sources: ModuleSources, exports: Exports): void =>
  keepLast(EVALUATED, file, { sources, exports });

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex');
/** Store folders pruned by this run or session. */
const PRUNED = memoSlot<string, true>('pruned evaluation store');

interface StoredRecord {
  readonly format: string;
  readonly entry: string;
  /** Each source file and the hash of its text. */
  readonly sources: readonly (readonly [string, string])[];
  readonly exports: Exports;
}

/** The on-disk layer: one JSON record per entry file. */
export class EvaluationStore {
  /** `format` changes whenever what a record means does (the sandbox's serializer, say). */
  constructor(
    private readonly dir: string,
    private readonly format: string,
  ) {}

  /** The store of the project at `rootDir`: in the nearest `node_modules/.cache`, if there is a node_modules. */
  static near(rootDir: string, format: string): EvaluationStore | undefined {
    if (process.env.TOOL_CATALOG_CACHE === '0') return undefined;
    for (let dir = rootDir; ; dir = path.dirname(dir)) {
      if (statSync(path.join(dir, 'node_modules'), { throwIfNoEntry: false })?.isDirectory())
        return new EvaluationStore(path.join(dir, 'node_modules', '.cache', 'agent-tool-catalog'), format);
      if (path.dirname(dir) === dir) return undefined;
    }
  }

  private recordFile(entry: string): string {
    return path.join(this.dir, `${hashOf(entry)}.json`);
  }

  /** What `file` evaluated to in an earlier run, if the texts of all its sources hash the same now. */
  get(file: string, reader: SourceReader): Entry | undefined {
    let record: StoredRecord;
    try {
      record = JSON.parse(readFileSync(this.recordFile(file), 'utf8')) as StoredRecord;
    } catch {
      return undefined;
    }
    if (record.format !== this.format || record.entry !== file || !Array.isArray(record.sources)) return undefined;
    const sources = new Map<string, string>();
    for (const [source, hash] of record.sources) {
      const text = reader.read(source);
      if (text === undefined || hashOf(text) !== hash) return undefined;
      sources.set(source, text);
    }
    return { sources, exports: record.exports };
  }

  /** Records what `file` evaluated to; a cache that cannot be written is simply not used. */
  set(file: string, sources: ModuleSources, exports: Exports): void {
    const record: StoredRecord = {
      format: this.format,
      entry: file,
      sources: [...sources].map(([source, text]) => [source, hashOf(text)] as const),
      exports,
    };
    const target = this.recordFile(file);
    const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true });
      if (!lastKept(PRUNED, this.dir)) this.prune();
      writeFileSync(temp, JSON.stringify(record));
      renameSync(temp, target);
    } catch {
      rmSync(temp, { force: true });
    }
  }

  /** Once per run or session: records of files not evaluated for a month (moved, deleted, renamed) go. */
  private prune(): void {
    keepLast(PRUNED, this.dir, true);
    const monthAgo = Date.now() - 30 * 24 * 3600_000;
    for (const name of readdirSync(this.dir)) {
      const file = path.join(this.dir, name);
      if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < monthAgo) rmSync(file, { force: true });
    }
  }
}

/** The texts of `file` and every module it imports, directly or not. */
export function sourcesOf(
  file: string,
  imports: ReadonlyMap<string, readonly string[]>,
  texts: ReadonlyMap<string, string>,
): Map<string, string> {
  const sources = new Map<string, string>();
  const visit = (f: string) => {
    if (sources.has(f)) return;
    sources.set(f, texts.get(f) ?? '');
    for (const dep of imports.get(f) ?? []) visit(dep);
  };
  visit(file);
  return sources;
}
