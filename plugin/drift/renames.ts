// Pure: which tools that disappeared were probably renamed to tools that appeared, one to one,
// from the evidence at hand — the input schema (hash, then property paths and types), the name,
// and the description. Only ever a proposal: drift shows it, a person decides.
import { distance } from 'fastest-levenshtein';
import { canonicalJson } from '../mcp/canonical-json.js';
import { ROOT_PATH, type SchemaSummary } from '../mcp/schema-summary.js';

export interface RenameCandidate {
  readonly name: string;
  readonly description?: string;
  /** The input schema's hash, when known (the lock, a live listing). */
  readonly hash?: string;
  /** The input schema's summary, when known. */
  readonly summary?: SchemaSummary;
}

export interface ProbableRename {
  readonly from: string;
  readonly to: string;
  /** 0…1 */
  readonly score: number;
  /** What made it likely, in words: `identical input schema`, `name similarity 0.50`. */
  readonly evidence: readonly string[];
}

/** Below this score a pair is not proposed. */
const THRESHOLD = 0.55;

/** `getSum`, `get_sum`, `get-sum` are one name. */
const normalName = (n: string) =>
  n
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[-.\s]+/g, '_');
const words = (s: string | undefined) =>
  new Set(
    (s ?? '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1),
  );

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The better of edit distance and shared words, over normalized names (`get_sum` and `sum_get` share both words). */
function nameSimilarity(a: string, b: string): number {
  const x = normalName(a);
  const y = normalName(b);
  const edits = 1 - distance(x, y) / Math.max(x.length, y.length, 1);
  return Math.max(edits, jaccard(new Set(x.split('_')), new Set(y.split('_'))));
}

const propertySet = (s: SchemaSummary) =>
  new Set(
    Object.entries(s)
      .filter(([p]) => p !== ROOT_PATH)
      .map(([p, info]) => `${p}:${info.type}`),
  );

/** How alike two input schemas are, and whether that says much: a schema without properties matches every other such schema. */
function schemaEvidence(
  a: RenameCandidate,
  b: RenameCandidate,
): { score: number; words: string; weak: boolean } | undefined {
  if (!a.summary || !b.summary)
    return a.hash !== undefined && a.hash === b.hash
      ? { score: 1, words: 'identical input schema', weak: false }
      : undefined;
  const x = propertySet(a.summary);
  const y = propertySet(b.summary);
  const weak = x.size === 0 && y.size === 0;
  if (a.hash !== undefined && a.hash === b.hash)
    return { score: 1, words: `identical input schema${weak ? ' (no properties, so weak evidence)' : ''}`, weak };
  if (canonicalJson(a.summary) === canonicalJson(b.summary))
    return {
      score: 0.9,
      words: `same properties, types and constraints${weak ? ' (none, so weak evidence)' : ''}`,
      weak,
    };
  const share = jaccard(x, y);
  return { score: share, words: `${Math.round(share * 100)}% of property paths and types shared`, weak };
}

/** Probable renames from `gone` to `appeared`, best first, each tool in at most one pair. */
export function probableRenames(
  gone: readonly RenameCandidate[],
  appeared: readonly RenameCandidate[],
): ProbableRename[] {
  const hashCount = new Map<string, number>();
  for (const t of [...gone, ...appeared]) if (t.hash) hashCount.set(t.hash, (hashCount.get(t.hash) ?? 0) + 1);
  const pairs: ProbableRename[] = [];
  for (const a of gone) {
    for (const b of appeared) {
      const schema = schemaEvidence(a, b);
      const name = nameSimilarity(a.name, b.name);
      const hasDescriptions = a.description !== undefined && b.description !== undefined;
      const description = hasDescriptions ? jaccard(words(a.description), words(b.description)) : 0;
      // A schema several tools share (no arguments, say) cannot tell them apart: the name decides.
      const shared = schema?.score === 1 && a.hash !== undefined && (hashCount.get(a.hash) ?? 0) > 2;
      const schemaWeight = !schema ? 0 : schema.weak || shared ? 0.15 : 0.55;
      const descriptionWeight = hasDescriptions ? 0.15 : 0;
      const score =
        schemaWeight * (schema?.score ?? 0) +
        descriptionWeight * description +
        (1 - schemaWeight - descriptionWeight) * name;
      const evidence = [
        ...(schema ? [`${schema.words}${shared ? ' (shared by several tools, so weak evidence)' : ''}`] : []),
        `name similarity ${name.toFixed(2)}`,
        ...(hasDescriptions ? [`description overlap ${description.toFixed(2)}`] : []),
      ];
      pairs.push({ from: a.name, to: b.name, score: Math.round(score * 100) / 100, evidence });
    }
  }
  pairs.sort(
    (x, y) =>
      y.score - x.score || (x.from < y.from ? -1 : x.from > y.from ? 1 : x.to < y.to ? -1 : x.to > y.to ? 1 : 0),
  );
  const used = new Set<string>();
  const out: ProbableRename[] = [];
  for (const p of pairs) {
    if (p.score < THRESHOLD || used.has(`-${p.from}`) || used.has(`+${p.to}`)) continue;
    used.add(`-${p.from}`).add(`+${p.to}`);
    out.push(p);
  }
  return out;
}
