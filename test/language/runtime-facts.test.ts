// The catalog language's runtime facts: runtime configurations (`runtimes` in defineCatalog), a tool's
// `offer`, and an SDK tool's `addedIn`/`removedIn` reach the model; a wrong value is a located error.
import { describe, expect, it } from 'vitest';
import { demoModel } from '../support/catalog-model';

describe('runtime facts in the catalog language', () => {
  it('reach the model, with defaults: one configuration, `default`, when none is declared', () => {
    const model = demoModel(
      {
        servers: { app: {} },
        runtimes: {
          desktop: {
            description: 'with approvals',
            permissionCallback: true,
            model: 'claude-test',
          },
          batch: { toolSearch: false, env: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1' } },
        },
      },
      {
        Read: { kind: 'sdk', addedIn: '0.3.170', removedIn: '0.3.300' },
        notes: { kind: 'mcp', server: 'app', offer: 'direct' },
      },
    );
    expect(model.runtimes).toEqual([
      {
        name: 'desktop',
        description: 'with approvals',
        model: 'claude-test',
        permissionCallback: true,
        env: {},
      },
      {
        name: 'batch',
        description: '',
        permissionCallback: false,
        toolSearch: false,
        env: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1' },
      },
    ]);
    expect(model.tools.map((t) => [t.key, t.addedIn, t.removedIn, t.offer])).toEqual([
      ['Read', '0.3.170', '0.3.300', undefined],
      ['notes', undefined, undefined, 'direct'],
    ]);
    expect(demoModel({}, { Read: { kind: 'sdk' } }).runtimes).toEqual([
      { name: 'default', description: '', permissionCallback: false, env: {} },
    ]);
  });

  it.each([
    [
      { Read: { kind: 'sdk', addedIn: 'soon' } },
      /'addedIn' must be an SDK version such as '0\.3\.196', not "soon"/,
    ],
    [
      { Read: { kind: 'sdk', addedIn: '0.3.200', removedIn: '0.3.200' } },
      /removed in 0\.3\.200, which is not after it was added \(0\.3\.200\)/,
    ],
    [
      { x: { kind: 'external', channel: 'docs', wires: ['a'], offer: 'direct' } },
      /'offer' applies to built-in and in-process tools/,
    ],
    [{ Read: { kind: 'sdk', offer: 'sometimes' } }, /'offer' must be one of 'direct', 'deferred'/],
    [{ notes: { kind: 'mcp', server: 'app', addedIn: '0.3.200' } }, /unknown field 'addedIn'/],
  ])('reject a wrong tool fact: %j', (tools, message) => {
    expect(() =>
      demoModel({ servers: { app: {} }, channels: { docs: {} } }, tools as never),
    ).toThrow(message);
  });

  it.each([
    [
      { desktop: { permissionCallbak: true } },
      /Runtime configuration 'desktop' has an unknown field 'permissionCallbak'. Did you mean 'permissionCallback'\?/,
    ],
    [
      { desktop: { toolSearch: 'yes' } },
      /Runtime configuration 'desktop': 'toolSearch' must be a boolean/,
    ],
    [
      { desktop: { env: { 'NOT-A-NAME': '1' } } },
      /env maps variable names \(letters, digits and '_'\) to strings; fix 'NOT-A-NAME'/,
    ],
    [{ desktop: 'on' }, /Runtime configuration 'desktop' must be an object/],
  ])('reject a wrong runtime configuration: %j', (runtimes, message) => {
    expect(() => demoModel({ runtimes } as never, { Read: { kind: 'sdk' } })).toThrow(message);
  });
});
