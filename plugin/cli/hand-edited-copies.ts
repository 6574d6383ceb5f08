// Which stale outputs are runtime copies someone edited by hand, for `generate --check` to say so.
import { readFile } from 'node:fs/promises';
import { isHandEditedRuntimeCopy } from '../render/renderers/runtime.js';

const readText = (file: string) => readFile(file, 'utf8');

/**
 * The stale files whose code no longer has its header's hash. Read one at a time: when every
 * output is stale (20,000 tools), all of them at once were about 40 MB held together.
 */
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
