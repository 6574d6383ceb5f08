// Types of precompile-templates.mjs, for the tests that import it.
export declare const COMPILE_OPTIONS: { readonly noEscape: true; readonly strict: true };
export declare function precompiledTemplatesSource(templatesDir: string): string;
