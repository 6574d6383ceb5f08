// Stored opt-out lists as they come back from a database or a settings file: whatever the value, every
// reader (migrate, validate, the session, the policy) either reads a list or refuses the value with
// what it was. A string is never read as letters, an entry that is not a string switches nothing, and
// names that are also Object.prototype members are plain unknown names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claudeSessionOptions,
  migrateClaudeOptOuts,
  OptOutListError,
  resolveClaudeToolPolicy,
  validateClaudeOptOuts,
} from '../../generated/claude';

const context = { workspaceHasGit: true, agentHasChannel: true };

/** Every reader of a stored list, as an app calls it. */
const readers = {
  migrate: (stored: unknown) => migrateClaudeOptOuts(stored),
  validate: (stored: unknown) => validateClaudeOptOuts(stored),
  session: (stored: unknown) =>
    claudeSessionOptions({ context, agent: { disabledTools: stored as never } }),
  policy: (stored: unknown) => resolveClaudeToolPolicy({ disabledTools: stored as never }, context),
};

/** What a reader threw, or undefined. */
function thrown(read: () => unknown): unknown {
  try {
    read();
    return undefined;
  } catch (error) {
    return error;
  }
}

const OBJECT_MEMBERS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

describe('a stored opt-out list that is not a list', () => {
  it.each([
    ['Bash', "got a string 'Bash'. Store it as ['Bash']"],
    ['', "got a string ''"],
    [5, 'got the number 5.'],
    [true, 'got the boolean true.'],
    [{}, 'got an object.'],
    [{ disabledTools: ['Bash'] }, "got an object with the key 'disabledTools'. This looks like"],
    [Object.create(null), 'got an object.'],
    [new Set(['Bash']), 'got an object.'],
  ])('%j is refused by every reader, naming what it was', (value, says) => {
    for (const [name, read] of Object.entries(readers)) {
      const error = thrown(() => read(value));
      expect(error, name).toBeInstanceOf(OptOutListError);
      expect((error as Error).message, name).toContain(says);
      expect((error as Error).message, name).toMatch(/^An opt-out list \(disabledTools\) must be/);
    }
  });

  it('null and undefined are empty lists', () => {
    for (const value of [null, undefined]) {
      expect(migrateClaudeOptOuts(value)).toEqual({ optOuts: [], changes: [], unknown: [] });
      expect(validateClaudeOptOuts(value)).toEqual([]);
      expect(readers.session(value).ignoredOptOuts).toEqual([]);
    }
  });

  it('a long string is quoted short', () => {
    const error = thrown(() => migrateClaudeOptOuts('Bash'.repeat(10_000))) as Error;
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).toContain("got a string 'BashBash");
  });
});

describe('entries of a stored list', () => {
  it('names that are Object.prototype members are plain unknown names, under a server too', () => {
    const entries = [
      ...OBJECT_MEMBERS,
      'mcp____proto__',
      'mcp__constructor',
      'mcp__toString__x',
      'mcp__cherry-tools__constructor', // tool-catalog-ignore-stale-ref: a hostile name on purpose
    ];
    const migration = migrateClaudeOptOuts(entries);
    expect(migration.optOuts).toEqual([]);
    expect(migration.unknown.map((u) => u.entry)).toEqual(entries);
    for (const u of migration.unknown)
      expect(u.reason).toMatch(/^(no tool|the catalog declares no|a runtime name)/);
    const session = readers.session(entries);
    expect(session.ignoredOptOuts.map((u) => u.entry)).toEqual(entries);
    // Nothing was switched off or passed through: the same lists as no opt-outs at all.
    expect(session.disallowedTools).toEqual(readers.session([]).disallowedTools);
  });

  it('numbers, objects, nested lists and null are reported, switch nothing, and leave the strings beside them working', () => {
    const entries = [5, 'Bash', { name: 'Grep' }, ['Grep'], null, Object.create(null), 'Bassh'];
    const migration = migrateClaudeOptOuts(entries);
    expect(migration.optOuts).toEqual(['Bash']);
    expect(migration.unknown).toEqual([
      { entry: '5', reason: 'an opt-out must be a string, not a number' },
      { entry: '(an object)', reason: 'an opt-out must be a string, not an object' },
      { entry: '(a list)', reason: 'an opt-out must be a string, not a list' },
      { entry: 'null', reason: 'an opt-out must be a string, not null' },
      { entry: '(an object)', reason: 'an opt-out must be a string, not an object' },
      {
        entry: 'Bassh',
        reason: 'no tool of the catalog has this key or runtime name',
        suggestion: 'Bash',
      },
    ]);
    const session = readers.session(entries);
    expect(session.disallowedTools).toEqual(readers.session(['Bash']).disallowedTools);
    expect(session.disallowedTools).toContain('Bash');
    expect(session.disallowedTools).not.toContain('Grep');
  });

  it('a number beside a string that reads the same does not take the string with it', () => {
    const session = readers.session(['Bash', 5, '5']);
    expect(session.disallowedTools).toContain('Bash');
    expect(session.ignoredOptOuts.map((u) => u.entry)).toEqual(['5', '5']);
  });

  it('reads a list of 200,000 entries correctly: each known name once, every unknown one reported', () => {
    const entries: unknown[] = [];
    for (let i = 0; i < 50_000; i++) entries.push('Bash', `unknown-${i}`, 'mcp__claw__cron', i);
    const migration = migrateClaudeOptOuts(entries);
    expect(migration.optOuts).toEqual(['Bash', 'CherryCron']);
    expect(migration.changes).toHaveLength(50_000);
    expect(migration.unknown).toHaveLength(100_000);
    const policy = readers.policy(entries);
    expect(policy.disallowedTools).toEqual(
      readers.policy(['Bash', 'mcp__claw__cron']).disallowedTools,
    );
  });
});

/** Any JSON value, with real names of the catalog and Object.prototype members mixed into its strings. */
const storedValue = fc.letrec((tie) => ({
  name: fc.oneof(
    fc.constantFrom('Bash', 'Grep', 'mcp__*', 'mcp__claw__cron', 'Task', ...OBJECT_MEMBERS),
    fc.string(),
  ),
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue(),
    tie('name'),
    fc.array(fc.oneof(tie('name'), fc.jsonValue()), { maxLength: 12 }),
  ),
})).value;

describe('any stored JSON value (property)', () => {
  it('is read as a list of names or refused with OptOutListError, by every reader alike', () => {
    fc.assert(
      fc.property(storedValue, (value) => {
        const isList = value === null || Array.isArray(value);
        for (const [name, read] of Object.entries(readers)) {
          const error = thrown(() => read(value));
          if (isList) expect(error, name).toBeUndefined();
          else {
            expect(error, name).toBeInstanceOf(OptOutListError);
            expect((error as Error).message).not.toMatch(/is not (a function|iterable)/);
          }
        }
        if (!Array.isArray(value)) return;
        const strings = value.filter((v): v is string => typeof v === 'string');
        const others = value.length - strings.length;
        // Entries that are not strings are reported one each and switch nothing.
        const migration = migrateClaudeOptOuts(value);
        expect(
          migration.unknown.filter((u) => u.reason.startsWith('an opt-out must be a string')),
        ).toHaveLength(others);
        expect(migration).toEqual({
          ...migrateClaudeOptOuts(strings),
          unknown: expect.any(Array),
        });
        expect(readers.session(value).disallowedTools).toEqual(
          readers.session(strings).disallowedTools,
        );
        // No entry is read letter by letter: every reported string is one of the list's own strings.
        for (const u of migration.unknown)
          if (!u.reason.startsWith('an opt-out must be a string'))
            expect(strings).toContain(u.entry);
      }),
      { numRuns: 300 },
    );
  });
});
