// Pure: which tools that disappeared were probably renamed to tools that appeared, one to one,
// from the evidence at hand — the input schema (hash, then property paths and types), the name,
// and the description. Only ever a proposal: drift shows it, a person decides. Bounded: past a few
// hundred tools each side, only pairs that share something rare are compared, within a budget.
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

/** How much of the search was done: every pair, or the most alike ones (`compared` < `possible`). */
export interface RenameSearch {
  readonly compared: number;
  readonly possible: number;
}

/** Below this score a pair is not proposed. */
const THRESHOLD = 0.55;
/** Up to this many pairs, every gone tool is compared with every new one. */
const EVERY_PAIR_UP_TO = 40_000;
/** Past that, each gone tool is compared with at most this many new tools: those sharing the rarest traits with it. */
const CANDIDATES_PER_TOOL = 20;
/**
 * A trait more than this many new tools share (a word like `get`, a common property) tells them
 * apart too little to pick by.
 */
const COMMON_TRAIT = 50;
/** Pairs compared at most, and the time they may take: past either, the search ends with what it has. */
const MAX_PAIRS = 250_000;
const MAX_MS = 10_000;

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

function similarity(
  x: string,
  y: string,
  xWords: ReadonlySet<string>,
  yWords: ReadonlySet<string>,
): number {
  const edits = 1 - distance(x, y) / Math.max(x.length, y.length, 1);
  return Math.max(edits, jaccard(xWords, yWords));
}

/** What is compared of one tool, computed once. */
interface Traits {
  readonly tool: RenameCandidate;
  readonly name: string;
  readonly nameWords: ReadonlySet<string>;
  readonly descriptionWords?: ReadonlySet<string>;
  readonly properties?: ReadonlySet<string>;
  readonly summaryText?: string;
}

function traitsOf(tool: RenameCandidate): Traits {
  const name = normalName(tool.name);
  return {
    tool,
    name,
    nameWords: new Set(name.split('_')),
    ...(tool.description === undefined ? {} : { descriptionWords: words(tool.description) }),
    ...(tool.summary
      ? {
          properties: new Set(
            Object.entries(tool.summary)
              .filter(([p]) => p !== ROOT_PATH)
              .map(([p, info]) => `${p}:${info.type}`),
          ),
          summaryText: canonicalJson(tool.summary),
        }
      : {}),
  };
}

/**
 * How alike two input schemas are, and whether that says much: a schema without properties matches
 * every other such schema.
 */
function schemaEvidence(
  a: Traits,
  b: Traits,
): { score: number; words: string; weak: boolean } | undefined {
  if (!a.properties || !b.properties)
    return a.tool.hash !== undefined && a.tool.hash === b.tool.hash
      ? { score: 1, words: 'identical input schema', weak: false }
      : undefined;
  const weak = a.properties.size === 0 && b.properties.size === 0;
  if (a.tool.hash !== undefined && a.tool.hash === b.tool.hash)
    return {
      score: 1,
      words: `identical input schema${weak ? ' (no properties, so weak evidence)' : ''}`,
      weak,
    };
  if (a.summaryText === b.summaryText)
    return {
      score: 0.9,
      words: `same properties, types and constraints${weak ? ' (none, so weak evidence)' : ''}`,
      weak,
    };
  const share = jaccard(a.properties, b.properties);
  return {
    score: share,
    words: `${Math.round(share * 100)}% of property paths and types shared`,
    weak,
  };
}

/** The score of a pair, and (when asked) the evidence in words. */
function scorePair(a: Traits, b: Traits, hashCount: ReadonlyMap<string, number>, explain: boolean) {
  const schema = schemaEvidence(a, b);
  const name = similarity(a.name, b.name, a.nameWords, b.nameWords);
  const hasDescriptions = a.descriptionWords !== undefined && b.descriptionWords !== undefined;
  const description = hasDescriptions ? jaccard(a.descriptionWords!, b.descriptionWords!) : 0;
  // A schema several tools share (no arguments, say) cannot tell them apart: the name decides.
  const shared =
    schema?.score === 1 && a.tool.hash !== undefined && (hashCount.get(a.tool.hash) ?? 0) > 2;
  const schemaWeight = !schema ? 0 : schema.weak || shared ? 0.15 : 0.55;
  const descriptionWeight = hasDescriptions ? 0.15 : 0;
  const score =
    schemaWeight * (schema?.score ?? 0) +
    descriptionWeight * description +
    (1 - schemaWeight - descriptionWeight) * name;
  const evidence = explain
    ? [
        ...(schema
          ? [`${schema.words}${shared ? ' (shared by several tools, so weak evidence)' : ''}`]
          : []),
        `name similarity ${name.toFixed(2)}`,
        ...(hasDescriptions ? [`description overlap ${description.toFixed(2)}`] : []),
      ]
    : [];
  return { score: Math.round(score * 100) / 100, evidence };
}

/**
 * Traits a rename is likely to keep: its schema's hash, its name's words and three-letter pieces,
 * its property paths.
 */
function markers(t: Traits): string[] {
  const out = new Set<string>();
  if (t.tool.hash) out.add(`h ${t.tool.hash}`);
  for (const w of t.nameWords) if (w) out.add(`w ${w}`);
  const letters = t.name.replace(/_/g, '');
  for (let i = 0; i + 3 <= letters.length; i++) out.add(`t ${letters.slice(i, i + 3)}`);
  for (const p of t.properties ?? []) out.add(`p ${p}`);
  return [...out];
}

/**
 * For each gone tool, the new tools worth comparing: every one, or (many on both sides) those
 * sharing its rarest markers.
 */
function candidatePairs(
  gone: readonly Traits[],
  appeared: readonly Traits[],
): Iterable<[number, number]> {
  if (gone.length * appeared.length <= EVERY_PAIR_UP_TO)
    return (function* () {
      for (let g = 0; g < gone.length; g++) for (let a = 0; a < appeared.length; a++) yield [g, a];
    })();
  const holders = new Map<string, number[]>();
  appeared.forEach((t, a) => {
    for (const m of markers(t)) {
      const list = holders.get(m);
      if (list) list.push(a);
      else holders.set(m, [a]);
    }
  });
  return (function* () {
    for (let g = 0; g < gone.length; g++) {
      const weight = new Map<number, number>();
      for (const m of markers(gone[g]!)) {
        const list = holders.get(m);
        if (!list || list.length > COMMON_TRAIT) continue;
        for (const a of list) weight.set(a, (weight.get(a) ?? 0) + 1 / list.length);
      }
      const best = [...weight]
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, CANDIDATES_PER_TOOL);
      for (const [a] of best) yield [g, a] as [number, number];
    }
  })();
}

/**
 * Probable renames from `gone` to `appeared`, best first, each tool in at most one pair, and how
 * much of the search was done. Every pair is compared while there are few; past that, the pairs
 * that share rare traits, up to a budget of pairs and time (`maxMs`, 10 s), so thousands of tools end
 * in seconds.
 */
export function searchRenames(
  gone: readonly RenameCandidate[],
  appeared: readonly RenameCandidate[],
  limits: { readonly maxMs?: number; readonly now?: () => number } = {},
): { renames: ProbableRename[]; search: RenameSearch } {
  const { maxMs = MAX_MS, now = Date.now } = limits;
  const hashCount = new Map<string, number>();
  for (const t of [...gone, ...appeared])
    if (t.hash) hashCount.set(t.hash, (hashCount.get(t.hash) ?? 0) + 1);
  const from = gone.map(traitsOf);
  const to = appeared.map(traitsOf);
  const kept: { g: number; a: number; score: number }[] = [];
  const started = now();
  let compared = 0;
  for (const [g, a] of candidatePairs(from, to)) {
    if (compared === MAX_PAIRS || (compared % 1000 === 0 && now() - started > maxMs)) break;
    compared++;
    const { score } = scorePair(from[g]!, to[a]!, hashCount, false);
    if (score >= THRESHOLD) kept.push({ g, a, score });
  }
  const name = (x: { g: number; a: number }) => [gone[x.g]!.name, appeared[x.a]!.name] as const;
  kept.sort((x, y) => {
    const [xf, xt] = name(x);
    const [yf, yt] = name(y);
    return y.score - x.score || (xf < yf ? -1 : xf > yf ? 1 : xt < yt ? -1 : xt > yt ? 1 : 0);
  });
  // By name: a name listed twice is still one tool.
  const usedFrom = new Set<string>();
  const usedTo = new Set<string>();
  const renames: ProbableRename[] = [];
  for (const p of kept) {
    const [f, t] = name(p);
    if (usedFrom.has(f) || usedTo.has(t)) continue;
    usedFrom.add(f);
    usedTo.add(t);
    const { score, evidence } = scorePair(from[p.g]!, to[p.a]!, hashCount, true);
    renames.push({ from: gone[p.g]!.name, to: appeared[p.a]!.name, score, evidence });
  }
  return { renames, search: { compared, possible: gone.length * appeared.length } };
}

/** Probable renames from `gone` to `appeared`, best first, each tool in at most one pair. */
export const probableRenames = (
  gone: readonly RenameCandidate[],
  appeared: readonly RenameCandidate[],
) => searchRenames(gone, appeared).renames;
