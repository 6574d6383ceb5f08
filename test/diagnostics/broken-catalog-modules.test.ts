// Every kind of broken or hostile catalog module gives exactly one kind of answer
// (broken-input-check.ts): a coded diagnostic where it went wrong, and nothing written.
import { afterAll, describe, it } from 'vitest';
import { CATALOG_MODULE_CASES } from './broken-catalog-modules.cases';
import { checkBrokenInput } from './broken-input-check';
import { removeTempDirs } from '../support/files';

afterAll(removeTempDirs);

describe('broken and hostile input', () => {
  it.each(CATALOG_MODULE_CASES)('$kind: $code, located, nothing written', checkBrokenInput);
});
