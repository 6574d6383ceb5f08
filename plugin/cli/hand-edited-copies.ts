// Which stale outputs are runtime copies someone edited by hand, for `generate --check` to say so.
import { readFile } from 'node:fs/promises';
import { isHandEditedRuntimeCopy } from '../render/renderers/runtime.js';

const readText = (file: string) => readFile(file, 'utf8');

/** Of the stale runtime copies, those whose code no longer has its header's hash; read one at a time. */
export async function handEditedCopies(
  stale: readonly string[],
  read: (file: string) => Promise<string> = readText,
): Promise<Set<string>> {
  const edited = new Set<string>();
  for (const file of stale) {
    const text = await read(file).catch(() => '');
    if (isHandEditedRuntimeCopy(text)) edited.add(file);
  }
  return edited;
}
