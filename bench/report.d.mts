// Types of report.mjs, for the tests that import it.
export declare function renderReport(results: unknown): string;
