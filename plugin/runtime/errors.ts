// The errors the runtime throws, recognised by `instanceof` across copies of the runtime: the
// generated output folder holds its own copy, and an app may import the package's too, so each
// class matches by a registered symbol.

/** Registered symbols survive module copies and bundles: every copy of the runtime gets the same symbol. */
const DUPLICATE_TOOL = Symbol.for('agent-tool-catalog.DuplicateToolError');
const BUILT_NAME_MISMATCH = Symbol.for('agent-tool-catalog.BuiltNameMismatchError');

/**
 * `value instanceof cls` for a branded class: any object carrying the brand, whichever copy of the
 * runtime made it. A subclass keeps the ordinary prototype check, so `instanceof Sub` stays exact.
 */
function isBranded(self: unknown, cls: unknown, brand: symbol, value: unknown): boolean {
  if (self !== cls) return Function.prototype[Symbol.hasInstance].call(self, value);
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
}

/** Thrown at start-up when a catalog registers a key or runtime name twice, or builds two tools with one name. */
export class DuplicateToolError extends Error {
  override name = 'DuplicateToolError';
  readonly [DUPLICATE_TOOL] = true;
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class `instanceof` was asked about: a subclass, or this one.
    // biome-ignore lint/complexity/noThisInStatic: the subclass is the point
    return isBranded(this, DuplicateToolError, DUPLICATE_TOOL, value);
  }
}

/** A builder built tools under names other than the ones its catalog entry declares. */
export interface BuiltNameMismatch {
  /** The tool's catalog key. */
  readonly tool: string;
  /** Runtime names the catalog declares for it. */
  readonly declared: readonly string[];
  /** Runtime names of what its builder built (`(no name)` for a tool without a string name). */
  readonly built: readonly string[];
}

/** Thrown by `buildTools` when a builder's tools are not named as its catalog entry declares. */
export class BuiltNameMismatchError extends Error {
  override name = 'BuiltNameMismatchError';
  readonly [BUILT_NAME_MISMATCH] = true;
  readonly tool: string;
  readonly declared: readonly string[];
  readonly built: readonly string[];
  constructor(mismatch: BuiltNameMismatch) {
    const list = (names: readonly string[]) => (names.length === 0 ? '(none)' : names.join(', '));
    super(
      `Tool '${mismatch.tool}' declares the runtime names ` +
        `${list(mismatch.declared)}, but its builder built ` +
        `${list(mismatch.built)}; ` +
        `make the builder's tool names match, or change the tool's wire / fullNames in the catalog.`,
    );
    this.tool = mismatch.tool;
    this.declared = mismatch.declared;
    this.built = mismatch.built;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class `instanceof` was asked about: a subclass, or this one.
    // biome-ignore lint/complexity/noThisInStatic: the subclass is the point
    return isBranded(this, BuiltNameMismatchError, BUILT_NAME_MISMATCH, value);
  }
}

const OPT_OUT_LIST = Symbol.for('agent-tool-catalog.OptOutListError');

/**
 * Thrown when a stored opt-out list is not a list: a string, a number or an object where an array of
 * names belongs. Read as names, such a value would switch nothing off (`'Bash'` would be four
 * one-letter names), so it is refused instead; `given` says what it was.
 */
export class OptOutListError extends Error {
  override name = 'OptOutListError';
  readonly [OPT_OUT_LIST] = true;
  /** What was given instead of a list, in words: `a string 'Bash'`. */
  readonly given: string;
  constructor(given: string, hint: string) {
    super(
      `An opt-out list (disabledTools) must be an array of tool names, or null for none; ` +
        `got ${given}.${hint}`,
    );
    this.given = given;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class `instanceof` was asked about: a subclass, or this one.
    // biome-ignore lint/complexity/noThisInStatic: the subclass is the point
    return isBranded(this, OptOutListError, OPT_OUT_LIST, value);
  }
}
