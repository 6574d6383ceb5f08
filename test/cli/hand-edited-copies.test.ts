// `generate --check` reads the stale outputs to tell a runtime copy edited by hand; it reads one at a
// time, so that when every output is stale (tens of megabytes at 20,000 tools) they are not all held
// at once. The read answers on a later turn of the event loop, so reads started together are seen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handEditedCopies } from '../../plugin/cli/hand-edited-copies';
import { repoPath } from '../support/paths';

const RUNTIME = repoPath('examples/agent-settings/src/generated/claude/runtime');

describe('the hand-edited runtime copies among stale outputs', () => {
  it('are found reading one file at a time', async () => {
    const texts = new Map<string, string>();
    for (const name of readdirSync(RUNTIME).sort().slice(0, 6)) {
      const text = readFileSync(path.join(RUNTIME, name), 'utf8');
      texts.set(`/out/runtime/${name}`, text);
      texts.set(`/out/edited/${name}`, text.replace('export ', 'export  '));
    }
    texts.set('/out/registry.ts', 'export const registry = {};\n');
    let inFlight = 0;
    let most = 0;
    const read = async (file: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      const text = texts.get(file);
      if (text === undefined) throw new Error(`no file ${file}`);
      return text;
    };
    const stale = [...texts.keys(), '/out/removed.ts'];
    const edited = await handEditedCopies(stale, read);
    expect([...edited].sort()).toEqual(
      [...texts.keys()].filter((file) => file.startsWith('/out/edited/')).sort(),
    );
    expect(edited.size).toBe(6);
    expect(most).toBe(1);
  });
});
