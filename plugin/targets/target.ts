// What a target is: one agent SDK a catalog compiles for. The policy, callers, conditions and opt-outs
// are computed once, by the runtime's `computeOffer` (runtime/offer.ts); a target only turns that
// offer into its SDK's options and proves them on its SDK. It never decides what is offered.
//
// A target lives in `plugin/targets/<name>/`: `index.ts` (this interface), its renderers (the files
// it writes into the catalog's output folder, laid out by templates in `templates/`), `runtime/`
// (the code it copies beside the generated files; it imports the core runtime only through
// `runtime/index.ts`) and its `verify` (run with `tool-catalog verify --target <name>`).
import type { TargetName } from '../language/targets.js';
import type { CatalogModel } from '../model/catalog-model.js';
import type { Renderer } from '../render/renderer.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import type { SessionOffer } from '../runtime/offer.js';
import type { TargetVerifier } from './target-verify.js';

/** One catalog tool as a target offers it in a session. */
interface TargetToolOffer {
  readonly key: string;
  /** Its names in the target's SDK (empty for names known only at run time). */
  readonly names: readonly string[];
  readonly offered: boolean;
  /** Why it is not offered (or, offered, how: `deferred behind ToolSearch`). */
  readonly detail?: string;
}

/** A session's offer in a target's terms: what `resolve --target` and `explain --target` print. */
export interface TargetOffer {
  /** Every catalog tool the target can have, in catalog order. */
  readonly tools: readonly TargetToolOffer[];
  /** Each declared subagent the target can start: offered or not, and the names of its tools. */
  readonly subagents: readonly {
    readonly name: string;
    readonly offered: boolean;
    readonly tools: readonly string[];
  }[];
  /** Catalog tools the target cannot have at all (Claude runtime built-ins, for another SDK), with why. */
  readonly leftOut: readonly { readonly key: string; readonly why: string }[];
}

export interface Target {
  /** As the config names it. */
  readonly name: TargetName;
  /** The SDK, as messages and docs name it. */
  readonly sdk: string;
  /**
   * What it writes into the catalog's output folder, its runtime copy included. A declaration it
   * cannot express is a renderer's diagnostic (TC321), naming the tool and the target, so `generate`
   * fails and writes nothing.
   */
  renderers(model: CatalogModel): readonly Renderer[];
  /** One session's offer (the one `computeOffer` gives) in this target's names. */
  offerOf(model: CatalogModel, tables: PolicyTables, offer: SessionOffer): TargetOffer;
  /**
   * `tool-catalog verify --target <name>` on the SDK's own test model; loaded only when that command
   * runs. Absent for the Claude Agent SDK, whose verify starts its real runtime (plugin/verify/).
   */
  readonly loadVerifier?: () => Promise<TargetVerifier>;
}
