// The per-invocation context: each predicate runs at most once per context, shared by
// buildTools and toolNames, with false and undefined results memoized too.
import { describe, expect, it, vi, type Mock } from 'vitest';
import {
  buildThemisTools,
  createThemisToolContext,
  THEMIS_CALLERS,
  themisToolNames,
  type ThemisToolPredicate,
  type ThemisToolPredicates,
} from '../generated/themis';
import { ChannelRegistry } from '../app/channel-registry';
import { themisPredicates } from '../app/context';
import { analyst, bareSpace, conversation, emptyQueue, guest, teamSpace } from './fixtures';

/** The app's predicates, each wrapped in a spy that counts its calls. */
function spiedPredicates() {
  const spies = Object.fromEntries(
    Object.entries(themisPredicates).map(([name, impl]) => [
      name,
      vi.fn(impl as ThemisToolPredicate),
    ]),
  ) as Record<keyof ThemisToolPredicates, Mock<ThemisToolPredicate>>;
  return { predicates: spies as unknown as ThemisToolPredicates, spies };
}

describe('predicate memoization', () => {
  it('runs every predicate once per context across buildTools and toolNames', () => {
    const { predicates, spies } = spiedPredicates();
    const context = createThemisToolContext({
      predicates,
      data: { space: teamSpace, user: analyst, conversation },
    });
    const include = THEMIS_CALLERS.CHAT;
    buildThemisTools(context, { include });
    themisToolNames(context, { include, channels: new ChannelRegistry(teamSpace) });
    buildThemisTools(context, { include });
    themisToolNames(context, { include, channels: new ChannelRegistry(teamSpace) });
    const counts = Object.fromEntries(
      Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]),
    );
    expect(counts).toEqual({
      canQueryThemis: 1,
      sentryConfigured: 1,
      linearConfigured: 1,
      metabaseConfigured: 1,
      skillsEnabled: 1,
      automationsEnabled: 1,
      googleDriveAvailable: 1,
      hasMessageQueue: 1,
    } satisfies Record<keyof ThemisToolPredicates, number>);
  });

  it('memoizes false and undefined results (the `defined?` pitfall, not `||=`)', () => {
    let runs = 0;
    const context = createThemisToolContext({
      predicates: {
        ...themisPredicates,
        canQueryThemis: () => {
          runs++;
          return false;
        },
        googleDriveAvailable: () => {
          runs++;
          return undefined;
        },
      },
      data: { space: bareSpace, user: guest },
    });
    for (let i = 0; i < 3; i++)
      themisToolNames(context, {
        include: THEMIS_CALLERS.CHAT,
        channels: new ChannelRegistry(bareSpace),
      });
    expect(runs).toBe(2);
    expect(context.evaluations.get('canQueryThemis')).toBe(1);
    expect(context.evaluations.get('googleDriveAvailable')).toBe(1);
  });

  it('runs the one-off availability check once per context too', () => {
    const context = createThemisToolContext({
      predicates: themisPredicates,
      data: { space: bareSpace, user: guest },
    });
    buildThemisTools(context, { include: ['chat_only'] });
    themisToolNames(context, { include: ['chat_only'] });
    expect(context.evaluations.get('available:personal_tasks')).toBe(1);
  });

  it('a new context re-evaluates: availability follows the invocation', () => {
    const names = (user: typeof analyst) =>
      themisToolNames(
        createThemisToolContext({ predicates: themisPredicates, data: { space: teamSpace, user } }),
        {
          include: ['core'],
        },
      );
    expect(names(analyst)).toContain('mcp__themis__query_themis_data');
    expect(names(guest)).not.toContain('mcp__themis__query_themis_data');
  });

  it('gates on the presence of a message queue, not on it being non-empty (an empty queue still takes follow-ups)', () => {
    const withQueue = createThemisToolContext({
      predicates: themisPredicates,
      data: { space: teamSpace, user: guest, messageQueue: emptyQueue() },
    });
    const withoutQueue = createThemisToolContext({
      predicates: themisPredicates,
      data: { space: teamSpace, user: guest },
    });
    expect(themisToolNames(withQueue, { include: ['core'] })).toContain(
      'mcp__themis__enqueue_followup',
    );
    expect(themisToolNames(withoutQueue, { include: ['core'] })).not.toContain(
      'mcp__themis__enqueue_followup',
    );
  });
});
