// What the real runtimes did with the default catalog, as `verify --update` recorded it for both
// pinned SDKs: the facts that differ between them are the reason the product models the runtime.
// Re-recording a runtime that behaves otherwise fails here, naming the fact that moved.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfaceLockProblem, type SurfaceLock } from '../../plugin/load/surface-lock';
import { REPO } from '../support/paths';

const lock = JSON.parse(
  readFileSync(path.join(REPO, 'generated/claude/runtime-surface.lock.json'), 'utf8'),
) as SurfaceLock;
const newest = lock.runtimes['0.3.333']!;
const oldest = lock.runtimes['0.3.168']!;

describe('the recorded runtime surface of the default catalog', () => {
  it('is a valid lock pinned to the newest SDK, with a record of both ends of the range', () => {
    expect(surfaceLockProblem(lock, 'claude')).toBeUndefined();
    expect(lock.pinned).toBe('0.3.333');
    expect(Object.keys(lock.runtimes)).toEqual(['0.3.168', '0.3.333']);
    expect(newest.claudeCode).toBe('2.1.333');
    expect(oldest.claudeCode).toBe('2.1.168');
  });

  it('records the SDK name tables where the SDK exports them (0.3.301 and later)', () => {
    expect(newest.aliases).toMatchObject({
      Task: 'Agent',
      KillShell: 'TaskStop',
      ProposeGoal: 'SetGoal',
    });
    expect(newest.builtinNames).toContain('ListAgents');
    expect(oldest.aliases).toEqual({});
    expect(oldest.builtinNames).toBeUndefined();
  });

  it('has tool search on by default on the newest runtime and off on the oldest (on a loopback API)', () => {
    for (const c of ['desktop', 'headless']) {
      expect(newest.configurations[c]!.toolSearch, c).toBe(true);
      expect(oldest.configurations[c]!.toolSearch, c).toBe(false);
    }
    expect(newest.configurations.desktop!.placeholders).toEqual(['DeferredToolPlaceholder']);
    expect(oldest.configurations.desktop!.placeholders).toEqual([]);
  });

  it('offers questions and plan mode without a permission callback only on the oldest runtime', () => {
    for (const name of ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode']) {
      expect(newest.configurations.headless!.builtins[name], name).toBe('absent');
      expect(newest.configurations.desktop!.builtins[name], name).not.toBe('absent');
      expect(oldest.configurations.headless!.builtins[name], name).toBe('direct');
    }
  });

  it('knows the tools that came and went between the two: TaskOutput, SendMessage, ListAgents', () => {
    expect(newest.configurations.desktop!.builtins.TaskOutput).toBe('absent');
    expect(oldest.configurations.desktop!.builtins.TaskOutput).toBe('direct');
    expect(newest.configurations.desktop!.builtins.SendMessage).toBe('deferred');
    expect(oldest.configurations.desktop!.builtins.SendMessage).toBe('absent');
    expect(newest.configurations.desktop!.builtins.ListAgents).toBe('direct');
    expect(oldest.configurations.desktop!.builtins.ListAgents).toBe('absent');
  });

  it('defers in-process MCP tools under tool search unless the catalog asks for them directly', () => {
    expect(newest.configurations.desktop!.inProcess).toBe('deferred');
    expect(oldest.configurations.desktop!.inProcess).toBe('direct');
  });
});
