// Pure: how the runtime's own offer changes between two versions, per runtime configuration — each
// built-in that moves between direct, deferred and absent with every tool allowed, and the facts
// behind it (the model the runtime asks for, tool search, how in-process MCP tools are loaded).
import type { RecordedConfiguration, RecordedState } from '../load/surface-lock.js';
import type { CatalogModel } from '../model/catalog-model.js';
import type { SideSurface } from './surfaces.js';
import type { ToolRow } from './tool-changes.js';

export interface OfferRow {
  readonly runtime: string;
  /** The runtime name in the target (a renamed tool's new name). */
  readonly name: string;
  readonly key?: string;
  readonly was: RecordedState;
  readonly now: RecordedState;
  /**
   * The catalog never lets the model have it (disabled, or a new tool an upgrade adds disabled):
   * the change does not reach the model.
   */
  readonly blocked: boolean;
}

interface RuntimeFactChange {
  readonly runtime: string;
  /** `tool search`, `model`, `in-process MCP tools`, `placeholders`. */
  readonly fact: string;
  readonly was: string;
  readonly now: string;
}

export interface OfferChanges {
  readonly rows: readonly OfferRow[];
  readonly facts: readonly RuntimeFactChange[];
  /** Configurations one side has no surface for (the report says why). */
  readonly unmeasured: readonly string[];
}

function factChanges(
  runtime: string,
  was: RecordedConfiguration,
  now: RecordedConfiguration,
): RuntimeFactChange[] {
  const out: RuntimeFactChange[] = [];
  const add = (fact: string, a: string, b: string) =>
    a !== b && out.push({ runtime, fact, was: a, now: b });
  add('model', was.model || '(none)', now.model || '(none)');
  add('tool search', was.toolSearch ? 'on' : 'off', now.toolSearch ? 'on' : 'off');
  add('in-process MCP tools', was.inProcess ?? 'not measured', now.inProcess ?? 'not measured');
  add('placeholders', was.placeholders.join(', ') || 'none', now.placeholders.join(', ') || 'none');
  return out;
}

/**
 * `names`: the built-ins to compare, by their name in the target; `formerName` gives a renamed
 * tool's name in the current runtime.
 */
export function offerChanges(
  model: CatalogModel,
  current: SideSurface,
  target: SideSurface,
  names: readonly string[],
  toolRows: readonly ToolRow[],
): OfferChanges {
  const formerName = new Map(
    toolRows.filter((r) => r.change === 'renamed').map((r) => [r.name, r.was!]),
  );
  const keyOf = new Map(
    model.tools.flatMap((t) => (t.kind === 'sdk' ? t.names.map((n) => [n, t] as const) : [])),
  );
  const rows: OfferRow[] = [];
  const facts: RuntimeFactChange[] = [];
  const unmeasured: string[] = [];
  for (const c of model.runtimes) {
    const was = current.configurations[c.name];
    const now = target.configurations[c.name];
    if (!was || !now) {
      unmeasured.push(c.name);
      continue;
    }
    facts.push(...factChanges(c.name, was, now));
    for (const name of names) {
      const before = formerName.get(name) ?? name;
      const tool = keyOf.get(before) ?? keyOf.get(name);
      const a = was.builtins[before] ?? was.builtins[name];
      const b = now.builtins[name] ?? now.builtins[before];
      // A name one side never asked about (a tool the catalog does not declare yet) says nothing.
      if (a === undefined || b === undefined || a === b) continue;
      rows.push({
        runtime: c.name,
        name,
        ...(tool ? { key: tool.key } : {}),
        was: a,
        now: b,
        blocked: !tool || tool.exposure === 'disabled',
      });
    }
  }
  return { rows, facts, unmeasured };
}
