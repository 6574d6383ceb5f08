// What the generator and the evaluation process say to each other: a request (the compiled modules,
// the entries, the modules whose end is reported, a time limit) and each way it can end, as the
// generator reads the process's frames.
import type { GraphModule } from './module-graph.js';

export interface EvaluationRequest {
  /** Every module the entries reach, compiled. */
  readonly compiled: readonly GraphModule[];
  /** The modules whose exports come back, in order. */
  readonly entries: readonly string[];
  /** The modules whose end is reported, in the order their bodies run. */
  readonly modules: readonly string[];
  readonly timeoutMs: number;
  /**
   * Entry → the token of the exports the generator holds for it from this process: an entry whose
   * exports are still the same comes back as its token (only in a watch session).
   */
  readonly known?: Readonly<Record<string, string>>;
  /** The package's own modules (its authoring API), which hold no catalog's data. */
  readonly trusted?: readonly string[];
}

/** What a module threw or rejected with, as the evaluation process read it. */
export interface ThrownValue {
  readonly isError: boolean;
  readonly message: string;
  readonly stack?: string;
}

export type EvaluationOutcome = (
  | { readonly kind: 'result'; readonly json: string }
  | { readonly kind: 'rejected'; readonly error: ThrownValue }
  | {
      readonly kind: 'syntax';
      readonly message: string;
      /** The module V8 could not compile. */
      readonly file: string;
      readonly line: number;
      readonly column: number;
    }
  /** The time limit stopped it (in the process, or the process was killed at the deadline). */
  | { readonly kind: 'timeout' }
  | {
      readonly kind: 'memory';
      /**
       * It ran out while this request's modules ran, from a start that left most of the limit: no
       * earlier request's code can have used it.
       */
      readonly whileRunning: boolean;
    }
  /** The modules replaced objects the loader relies on, so nothing can be read. */
  | { readonly kind: 'tampered' }
  | { readonly kind: 'crashed'; readonly detail: string }
) & {
  /** The modules whose body ended, in order. */
  readonly left: readonly string[];
  /** The entry whose exports were being read, once every module ended. */
  readonly reading?: number;
  /** Ended by the generator (the deadline), not by the process's own report. */
  readonly killed?: boolean;
  /** The modules ran in the context an earlier request of the watch session used (it was as made). */
  readonly reused?: boolean;
};

export const isThrownValue = (v: unknown): v is ThrownValue =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ThrownValue).isError === 'boolean' &&
  typeof (v as ThrownValue).message === 'string' &&
  ((v as ThrownValue).stack === undefined || typeof (v as ThrownValue).stack === 'string');
