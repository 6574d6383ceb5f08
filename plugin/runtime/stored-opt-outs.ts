// The door of every reader of a stored opt-out list: a list (or nothing) goes in, anything else is
// refused with what it was. A value is described without calling into it (no `toString`, no getters
// of its own), so a hostile or odd stored value cannot throw from inside the description.
import { OptOutListError } from './errors.js';

/** The longest piece of a stored value a message quotes. */
const QUOTE_LIMIT = 60;

/** Text that can be quoted as it is: no quote, backslash or control character, and short. */
const PLAIN = /^[\w$.:@/ +*-]{0,60}$/;

const quote = (text: string) => {
  if (PLAIN.test(text)) return `'${text}'`;
  const json = JSON.stringify(text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text);
  return `'${json.slice(1, -1).replace(/'/g, "\\'")}'`;
};

/** The names of an object's own keys, or undefined when reading them throws (a proxy). */
function ownKeys(value: object): string[] | undefined {
  try {
    return Object.keys(value);
  } catch {
    return undefined;
  }
}

/** What a stored value is, in words: `a string 'Bash'`, `the number 5`, `an object with the key disabledTools`. */
function describeStored(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `a string ${quote(value)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof value} ${String(value)}${typeof value === 'bigint' ? 'n' : ''}`;
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  const keys = ownKeys(value as object);
  if (keys === undefined || keys.length === 0) return 'an object';
  const shown = keys.slice(0, 3).map(quote).join(', ');
  return `an object with the key${keys.length === 1 ? '' : 's'} ${shown}${keys.length > 3 ? ', …' : ''}`;
}

/** What to write instead, when it is plain. */
function hint(value: unknown): string {
  if (typeof value === 'string')
    return ` Store it as [${quote(value)}] to switch that one tool off; a string is never read as a list of names.`;
  if (typeof value === 'object' && value !== null && ownKeys(value)?.includes('disabledTools'))
    return " This looks like an agent's settings: pass its disabledTools field instead.";
  return '';
}

/**
 * The entries of a stored opt-out list: its elements when it is an array, none when it is null or
 * undefined. Anything else throws `OptOutListError` naming what it was.
 */
export function storedOptOutEntries(value: unknown): readonly unknown[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  throw new OptOutListError(describeStored(value), hint(value));
}
