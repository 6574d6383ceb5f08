// What is read from a locale file is kept for the next run of a watch session (which finds the same
// text and reuses it), and by nothing else: a single `generate` or `--check` lets it go as soon as the
// locale's file is made (at 20,000 tools, megabytes per locale held through the rest of the run).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseLocale } from '../../plugin/render/renderers/i18n-locale-text';
import { runInOneMemory, runWithMemory, SessionMemory } from '../../plugin/session-memory';

const FILE = '/project/generated/i18n/zh-CN.json';
const text = (n: number) =>
  JSON.stringify({
    agent: {
      tools: Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`Tool${i}`, { label: `工具 ${i}` }]),
      ),
    },
  });

describe('the translations read from a locale file', () => {
  it('are kept by a watch session, for its next run that reads the same text', () => {
    const session = new SessionMemory(true);
    const source = text(3);
    const first = runWithMemory(session, () => parseLocale(FILE, source, true));
    const again = runWithMemory(session, () => parseLocale(FILE, `${source}`, true));
    expect(first.translations.get('agent.tools.Tool2.label')).toBe('工具 2');
    expect(again.translations).toBe(first.translations);
  });

  it('are not held by a single run once its caller lets go of them', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    await runInOneMemory(async () => {
      // Only a weak reference leaves this function: the caller lets go of what was read.
      const read = () => new WeakRef(parseLocale(FILE, text(1000), true).translations);
      const translations = read();
      // A weak reference keeps its target until the current job ends: collected after a turn.
      await new Promise((resolve) => setImmediate(resolve));
      collect();
      expect(translations.deref()).toBeUndefined();
    });
  });
});
