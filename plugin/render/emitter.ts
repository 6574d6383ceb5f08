// The contract every emitted file follows: one emitter, one template, one pure render function
// from the catalog model (and the current content of files it must preserve) to file contents.
import type { CatalogModel } from '../model/catalog-model';
import type { PendingDiagnostic } from '../validate/diagnostics';
import type { TemplateSet } from './templates';

export interface EmittedFile {
  readonly content: string;
  /** Written only when the file does not exist yet (app-owned files such as the binding file). */
  readonly createOnly?: boolean;
}

export interface EmitContext {
  readonly model: CatalogModel;
  readonly templates: TemplateSet;
  /** Current content of the files the emitter asked to read (absolute path → content, undefined if absent). */
  readonly existing: ReadonlyMap<string, string | undefined>;
  /** The shared `@generated` header, in `//` comments. */
  readonly header: string;
}

export interface EmitResult {
  /** Absolute path → file. */
  readonly files: ReadonlyMap<string, EmittedFile>;
  readonly diagnostics?: readonly PendingDiagnostic[];
}

export interface Emitter {
  readonly name: string;
  /** Absolute paths whose current content the emitter needs (translations to keep, app files to leave alone). */
  reads?(model: CatalogModel): readonly string[];
  emit(context: EmitContext): EmitResult;
}
