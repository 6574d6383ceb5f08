// policy.md's "offered to the model" tables: per runtime configuration (and per subagent) the tools
// offered in some context, their state per context, and why the others are left out. Built once per
// fact: a tool's key and names cells once per tool (shared by every table it is in), a row's cells
// once per pattern of states (thousands of rows share a few dozen), and in a watch session an
// unchanged tool keeps its rows.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import type { RuntimeOffers } from '../../policy/offer-matrix.js';
import type { OfferState, SessionOffer } from '../../runtime/offer.js';
import { derivedPer, keepsLast, kept, memoSlot } from '../../session-memory.js';
import { mdCode, mdCodeList, mdText } from '../../text/escape.js';

// A row's cells after its first columns are joined here, not walked by the template: policy.md has
// thousands of rows, and a nested `{{#each}}` per row cost more than the rest of the row.
const STATE_CELL = { direct: ' direct |', deferred: ' deferred |', absent: ' — |' } as const;
const STATE_CODE: Readonly<Record<OfferState, number>> = { direct: 0, deferred: 1, absent: 2 };

/** Beyond this many contexts a row's code (base 3) would no longer be an exact number: cells not shared. */
const MAX_CODED = 33;

interface OfferRow {
  readonly key: string;
  readonly names: string;
  readonly cells: string;
}

const namesCell = (t: ToolModel) =>
  t.nameSource.kind !== 'static' || t.names.length === 0
    ? '(names known at run time)'
    : mdCodeList(t.names);

/** A tool's first two cells, escaped once per tool model (watch mode keeps an unchanged tool's object). */
const firstCells = derivedPer('policy.md offer row cells of a tool', (t: ToolModel) => ({
  key: mdCode(t.key),
  names: namesCell(t),
}));

/** A watch session's rows per tool, by their cells: an unchanged tool's row is the same object. */
const ROWS = memoSlot<ToolModel, Map<string, OfferRow>>('policy.md offer rows of a tool');

/**
 * The rows of one table: `stateOf(offer, i)` is tool `i`'s state in one context. Tools absent in
 * every context have no row.
 */
function tableRows(
  tools: readonly ToolModel[],
  offers: readonly SessionOffer[],
  stateOf: (offer: SessionOffer, i: number) => OfferState,
  cellsOf: (states: readonly OfferState[], code: number) => string,
): OfferRow[] {
  const lasting = keepsLast();
  const rows: OfferRow[] = [];
  const states: OfferState[] = new Array(offers.length);
  for (let i = 0; i < tools.length; i++) {
    let code = 0;
    let offered = false;
    for (let c = 0; c < offers.length; c++) {
      const state = stateOf(offers[c]!, i);
      states[c] = state;
      code = code * 3 + STATE_CODE[state];
      if (state !== 'absent') offered = true;
    }
    if (!offered) continue;
    const t = tools[i]!;
    const cells = cellsOf(states, code);
    if (!lasting) {
      const { key, names } = firstCells(t);
      rows.push({ key, names, cells });
      continue;
    }
    const known = kept(ROWS, t, () => new Map<string, OfferRow>());
    let row = known.get(cells);
    if (!row) {
      const { key, names } = firstCells(t);
      row = { key, names, cells };
      known.set(cells, row);
    }
    rows.push(row);
  }
  return rows;
}

/** Cells by the code of their states, laid out once per pattern in one render. */
function cellsByPattern(width: number): (states: readonly OfferState[], code: number) => string {
  const laid = (states: readonly OfferState[]) => states.map((s) => STATE_CELL[s]).join('');
  if (width > MAX_CODED) return laid;
  const known = new Map<number, string>();
  return (states, code) => {
    let cells = known.get(code);
    if (cells === undefined) {
      cells = laid(states);
      known.set(code, cells);
    }
    return cells;
  };
}

/** The tools the runtime leaves out in every context, by why (insertion order: first tool's). */
function absentByReason(model: CatalogModel, offers: readonly SessionOffer[]) {
  const byReason = new Map<string, string[]>();
  for (let i = 0; i < model.tools.length; i++) {
    let reason: string | undefined;
    let everywhere = offers.length > 0;
    for (const o of offers) {
      const offer = o.tools[i]!;
      if (offer.absentBy !== 'runtime') {
        everywhere = false;
        break;
      }
      reason ??= offer.detail ?? 'left out by the runtime';
    }
    if (!everywhere) continue;
    const keys = byReason.get(reason!);
    if (keys) keys.push(model.tools[i]!.key);
    else byReason.set(reason!, [model.tools[i]!.key]);
  }
  return [...byReason].map(([reason, keys]) => ({ label: mdText(reason), keys: keys.map(mdCode) }));
}

/** One runtime configuration's offer table: the tools offered in some context, and why the others are left out. */
export function runtimeOfferView(model: CatalogModel, runtime: RuntimeOffers) {
  const { surface, offers } = runtime;
  const declared = model.runtimes.find((r) => r.name === surface.name);
  const cellsOf = cellsByPattern(offers.length);
  const rows = tableRows(model.tools, offers, (o, i) => o.tools[i]!.state, cellsOf);
  const agents = model.agents.map((agent, k) => ({
    name: mdCode(agent.name),
    description: mdText(agent.description),
    rows: tableRows(model.tools, offers, (o, i) => o.agents[k]!.tools[i]!.state, cellsOf),
  }));
  const recorded = surface.recorded
    ? `Recorded for ${surface.recorded}${surface.toolSearch ? '; tool search is on' : '; tool search is off'}.`
    : 'Nothing is recorded for this configuration yet (`tool-catalog verify ' +
      '--update`): every allowed tool counts as direct.';
  return {
    name: mdCode(surface.name),
    description: declared?.description ? mdText(declared.description) : '',
    recorded: mdText(recorded),
    rows,
    absent: absentByReason(model, offers),
    agents,
  };
}
