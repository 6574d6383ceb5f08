// Types of synthetic-catalog.mjs, for the tests that import it.
export declare const TOOLS_PER_FILE: number;
export interface SyntheticCatalog {
  readonly dir: string;
  readonly n: number;
  readonly files: number;
  readonly config: string;
}
export declare function toolKey(i: number): string;
export declare function toolSource(i: number, n: number, variant?: number): string;
export declare function toolsFilePath(dir: string, file: number): string;
export declare function writeSyntheticCatalog(dir: string, n: number): SyntheticCatalog;
export declare function scenarioEdits(catalog: Pick<SyntheticCatalog, 'dir' | 'n' | 'files'>): {
  readonly file: string;
  edit(): void;
  add(): void;
  remove(): void;
  restore(): void;
};
export declare function scenarioErrors(catalog: Pick<SyntheticCatalog, 'dir' | 'n' | 'files'>): {
  readonly file: string;
  unknownCategory(): void;
  syntaxError(): void;
  restore(): void;
};
