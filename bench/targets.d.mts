// Types of targets.mjs, for the tests that import it.
export interface Limit {
  readonly label: string;
  readonly value: number | undefined;
  readonly max: number;
  readonly unit: string;
  readonly reason?: string;
}
export interface TargetRow {
  readonly measure: string;
  readonly target: string;
  readonly measured: string;
  readonly tanstack: string;
  verdict: string;
}
export declare function limit(
  label: string,
  value: number | undefined,
  max: number,
  unit: string,
  reason?: string,
): Limit;
export declare function verdict(limits: readonly Limit[]): string;
export declare function whyMissing(
  results: unknown,
  size: number | undefined,
  measurement: unknown,
): string;
export declare function targetRows(results: unknown): TargetRow[];
