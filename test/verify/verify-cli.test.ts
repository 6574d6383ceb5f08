// `tool-catalog verify` on the command line: flags, exit codes (0 equal, 1 differs, 2 bad usage),
// `--json`, and the small parsers and helpers behind it.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnvFlags, readMcpConfig } from '../../plugin/cli/commands/verify';
import { sampleInput } from '../../plugin/verify/fake-api';
import { announcedDeferred as deferredTools, readOffer } from '../../plugin/verify/read-offer';
import { json, runBin, runCli } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';
import { DOCS_SERVER, VERIFY_FIXTURE } from '../support/verify';

afterAll(removeTempDirs);

describe('tool-catalog verify', () => {
  it('exits 0 and prints each context when the offer equals the policy', async () => {
    const run = await runBin(['verify', '--ctx', 'has-git=false'], VERIFY_FIXTURE);
    // stderr holds the progress lines only: the start, the surface run, the one context.
    expect(run.stderr).toMatch(
      /^verify: catalog desk: .*…\nverify: runtime default, every tool allowed: .*\nverify: \[1\/1\] default given \(has-git=false\): equals the policy \(\d+\.\d s\)\n$/,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^catalog desk: 1 runtime surface and 1 context on Claude Code \d+\.\d+\.\d+ \(SDK \d+\.\d+\.\d+\), in 2 runs, \d+ at once\n\nruntime default, every tool allowed: not recorded in the runtime-surface lock yet/,
    );
    expect(run.stdout).toMatch(
      /\ndefault given \(has-git=false\): equals the policy — 4 offered, \d+\.\d s\n {2}offered: Bash, Read, mcp__notes__pin, mcp__notes__search\n( {2}note: .*\n)* {2}note: mcp__notes__stray: built by the app/,
    );
    expect(run.stdout).toMatch(
      /\nverify: what the model is offered equals the policy in the one context \(\d+\.\d s\)\.\n$/,
    );
  });

  it('exits 1 naming each tool an undeclared external server adds; --json carries the same findings', async () => {
    const config = path.join(await tempDir('verify-cli'), 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({ mcpServers: { docs: { command: process.execPath, args: [DOCS_SERVER] } } }),
    );
    const run = await runBin(
      ['verify', '--ctx', 'has-git=true', '--mcp-config', config, '--json'],
      VERIFY_FIXTURE,
    );
    expect(run.code).toBe(1);
    const report = json(run);
    expect(report).toMatchObject({
      catalog: 'desk',
      ok: false,
      runs: [{ context: 'given', conditions: { 'has-git': true } }],
    });
    expect(report.runs[0].findings).toMatchObject({
      offeredButDisallowed: [],
      allowedButNotOffered: [],
      offeredNotInCatalog: ['mcp__docs__delete_doc', 'mcp__docs__search_docs'],
    });
  });

  it('exits 2 on bad usage, with the reason', async () => {
    const cases: [string[], RegExp][] = [
      [['verify', '--env', 'NOPE'], /--env 'NOPE' must be NAME=VALUE/],
      [['verify', '--caller', 'CHAT'], /--caller 'CHAT': catalog 'desk' declares no callers/],
      [['verify', '--ctx', 'has-gti=true'], /has no condition 'has-gti'/],
      [
        ['verify', '--mcp-config', 'missing.json'],
        /--mcp-config .*missing\.json: the file does not exist/,
      ],
      [['verify', 'Bash'], /verify takes no arguments/],
      [
        ['verify', '--env', 'ANTHROPIC_BASE_URL=http://example.com'],
        /--env ANTHROPIC_BASE_URL: verify sets it .* --allow-env-override/,
      ],
      [
        ['verify', '--runtime', 'desktp'],
        /--runtime 'desktp': catalog 'desk' declares the runtime configurations default/,
      ],
      [['verify', '--sdk', 'no-such-sdk'], /--sdk no-such-sdk: no Claude Agent SDK there/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, VERIFY_FIXTURE);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});

describe('the helpers', () => {
  it('reads --env flags and MCP config files', async () => {
    expect(parseEnvFlags(['A=1', 'B=x=y', 'C='])).toEqual({ A: '1', B: 'x=y', C: '' });
    const dir = await tempDir('verify-helpers');
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ mcpServers: { docs: { args: [] } } }));
    await expect(readMcpConfig(bad)).rejects.toThrow(
      /server 'docs' needs a "command" \(stdio\) or a "url"/,
    );
    await writeFile(bad, '{');
    await expect(readMcpConfig(bad)).rejects.toThrow(/not valid JSON/);
  });

  it('makes an input that satisfies a tool schema, so an emitted call reaches the handler', () => {
    expect(
      sampleInput({
        type: 'object',
        properties: {
          q: { type: 'string' },
          n: { type: 'integer', minimum: 3 },
          opt: { type: 'string' },
          mode: { enum: ['a', 'b'] },
        },
        required: ['q', 'n', 'mode'],
      }),
    ).toEqual({ q: 'verify', n: 3, mode: 'a' });
    expect(sampleInput({ anyOf: [{ type: 'boolean' }, { type: 'string' }] })).toBe(false);
    expect(sampleInput(undefined)).toEqual({});
  });

  it('reads the deferred tools the runtime announces in tool-search mode', () => {
    const text =
      'The following deferred tools are now available via ToolSearch:\nCronList\nmcp__notes__pin\n\nMore text';
    expect(
      deferredTools({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'system', content: [{ type: 'text', text }] },
        ],
      }),
    ).toEqual(['CronList', 'mcp__notes__pin']);
    expect(deferredTools({ messages: [{ role: 'user', content: 'hi' }] })).toEqual([]);
  });

  it('stops the deferred list at the first line that is not a tool name (a closing system-reminder tag)', () => {
    const text =
      '<system-reminder>\nThe following deferred tools are now available via ToolSearch. Use ToolSearch:\nCronList\nWebFetch\n</system-reminder>';
    expect(
      deferredTools({ messages: [{ role: 'user', content: [{ type: 'text', text }] }] }),
    ).toEqual(['CronList', 'WebFetch']);
  });

  it('tells deferred tools, direct ones and the runtime placeholder apart in one request', () => {
    const announcement =
      'The following deferred tools are now available via ToolSearch:\nWebFetch\n\n';
    const turn = {
      messages: [{ role: 'system', content: announcement }],
      tools: [
        {
          name: 'Read',
          input_schema: { type: 'object', properties: { file_path: { type: 'string' } } },
        },
        {
          name: 'DeferredToolPlaceholder',
          input_schema: { type: 'object', properties: {} },
          defer_loading: true,
        },
        {
          name: 'mcp__app__notes',
          input_schema: { type: 'object', properties: {} },
          defer_loading: true,
        },
      ],
    };
    const asked = (name: string) => name !== 'DeferredToolPlaceholder';
    expect(readOffer(turn as never, asked)).toEqual({
      direct: ['Read'],
      deferred: ['WebFetch', 'mcp__app__notes'],
      placeholders: ['DeferredToolPlaceholder'],
    });
    // Nobody asked for it and it has no parameters: a placeholder, even under another name.
    expect(readOffer(turn as never, () => false).placeholders).toEqual([
      'DeferredToolPlaceholder',
      'mcp__app__notes',
    ]);
  });
});
