// Types of stats.mjs, for the tests that import it.
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}
export declare function summarise(values: readonly number[]): Summary;
export declare class Unavailable extends Error {}
export declare function timeNode(
  args: readonly string[],
  options?: { cwd?: string; env?: Record<string, string>; expectExit?: number | null },
): { ms: number; stdout: string; stderr: string };
export declare function peakRssMb(args: readonly string[], options?: { cwd?: string }): number;
export declare function repeat(
  runs: number,
  fn: () => number,
  before?: () => void,
  budgetMs?: number,
): Summary;
export declare function repeatAsync(
  runs: number,
  fn: () => Promise<number>,
  before?: () => unknown,
  budgetMs?: number,
): Promise<Summary>;
export declare function interleave<K extends string>(
  runs: number,
  commands: Record<K, { fn: () => number; before?: () => void }>,
  budgetMs?: number,
  options?: { warmup?: boolean },
): Record<K, Summary>;
