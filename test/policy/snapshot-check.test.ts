// The policy snapshot (policy.md) and generated policy.ts are emitted files: a copy of the default
// catalog regenerates them byte for byte, and `generate --check` fails once a catalog edit re-grants WebSearch.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { uniqueArtifactDir } from '../support/files';
import { REPO } from '../support/paths';

const app = uniqueArtifactDir('policy-snapshot');
afterAll(() => rmSync(app, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCli(argv, app);

describe('policy snapshot guarded by generate --check', () => {
  it('is regenerated identically, and a re-granted WebSearch makes --check fail on policy.md', async () => {
    cpSync(path.join(REPO, 'catalog'), path.join(app, 'catalog'), { recursive: true });
    cpSync(path.join(REPO, 'tool-catalog.config.ts'), path.join(app, 'tool-catalog.config.ts'));
    // The existing translations come along: the locale renderer requires every locale to be complete.
    cpSync(path.join(REPO, 'generated/claude/i18n'), path.join(app, 'generated/claude/i18n'), {
      recursive: true,
    });
    // And the recorded runtime surface, which decides what policy.md says the model is offered.
    cpSync(
      path.join(REPO, 'generated/claude/runtime-surface.lock.json'),
      path.join(app, 'generated/claude/runtime-surface.lock.json'),
    );
    expect((await cli('generate')).code).toBe(0);
    const snapshot = readFileSync(path.join(app, 'generated/claude/policy.md'), 'utf8');
    expect(snapshot).toBe(readFileSync(path.join(REPO, 'generated/claude/policy.md'), 'utf8'));
    expect(readFileSync(path.join(app, 'generated/claude/policy.ts'), 'utf8')).toBe(
      readFileSync(path.join(REPO, 'generated/claude/policy.ts'), 'utf8'),
    );
    expect(snapshot).toContain('| `WebSearch` | `WebSearch` | disabled | ✗ | ✗ | ✗ | ✗ |');
    expect((await cli('generate', '--check')).code).toBe(0);

    const toolFile = path.join(app, 'catalog/tools/context.catalog.ts');
    const source = readFileSync(toolFile, 'utf8');
    const regranted = source.replace(
      "WebSearch: {\n    kind: 'sdk', category: 'context', exposure: 'disabled'",
      "WebSearch: {\n    kind: 'sdk', category: 'context', exposure: 'user'",
    );
    expect(regranted).not.toBe(source);
    writeFileSync(toolFile, regranted);

    const check = await cli('generate', '--check');
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('stale: generated/claude/policy.md');
    expect(check.stderr).toContain('stale: generated/claude/policy.ts');
    expect((await cli('generate')).code).toBe(0);
    const after = readFileSync(path.join(app, 'generated/claude/policy.md'), 'utf8');
    const changed = after.split('\n').filter((line) => !snapshot.split('\n').includes(line));
    expect(changed).toContain('| `WebSearch` | `WebSearch` | user | ✓ | ✓ | ✓ | ✓ |');
    // What the model sees changes too, without running the runtime: the recorded surface defers it.
    expect(changed).toContain(
      '| `WebSearch` | `WebSearch` | deferred | deferred | deferred | deferred |',
    );
  });
});
