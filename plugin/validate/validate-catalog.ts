// Every problem in a loaded catalog, in one run: what loading found, then the vocabulary, then
// each tool against the vocabulary and the others.
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { RawCatalog } from '../load/load-catalog.js';
import { validateTools } from './validate-tools.js';
import { validateVocabulary, vocabularyNames } from './validate-vocabulary.js';

export function validateCatalog(raw: RawCatalog): PendingDiagnostic[] {
  const diagnostics: PendingDiagnostic[] = [...raw.diagnostics];
  if (raw.vocabulary && raw.definitionFile) diagnostics.push(...validateVocabulary(raw.vocabulary, raw.definitionFile));
  if (raw.vocabulary) diagnostics.push(...validateTools(raw.tools, vocabularyNames(raw.vocabulary)));
  return diagnostics;
}
