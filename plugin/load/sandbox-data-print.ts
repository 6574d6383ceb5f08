// A print of what a module exports, made inside the evaluation context, that a watch session uses to
// tell whether a module's exports are plain data that nothing changed since its body ran. Only such
// a module may be kept while the modules that import it run again: its data is then what a fresh run
// would make. A module that exports anything else (a class instance, a Map, a function of its own, a
// getter) has no print, and runs again with every module that imports it.

/** What the bootstrap gets from the printer. */
export interface DataPrinter {
  /**
   * The print of a namespace, or undefined when its exports are not plain data: objects and arrays
   * with data properties, primitives, the package's brands, and functions of the package's own.
   */
  print(namespace: Record<string, unknown>): string | undefined;
  /** Takes the functions a module of the package exports, and those of a catalog it makes, as its own. */
  trust(namespace: Record<string, unknown>): void;
}

/**
 * Written as a function only to be read as text (it closes over nothing). The built-ins it uses are
 * taken before any catalog code runs, so a module that replaces one does not change what it prints.
 */
export function dataPrinter(brandNames: readonly string[]): DataPrinter {
  const ownKeys = Reflect.ownKeys;
  const apply = Reflect.apply;
  const describe = Object.getOwnPropertyDescriptor;
  const protoOf = Object.getPrototypeOf;
  const isExtensible = Object.isExtensible;
  const keysOf = Object.keys;
  const quote = JSON.stringify;
  const fnText = Function.prototype.toString;
  const objectProto = Object.prototype;
  const arrayProto = Array.prototype;
  const brands = new Set(brandNames.map((name) => Symbol.for(name)));
  const trustedFunctions = new Set<unknown>();
  const trustedTexts = new Set<string>();
  const path = new Set<object>();

  /** Appends the print of `value` to `out`; false when it is not plain data. */
  function walk(value: unknown, depth: number, out: string[]): boolean {
    if (value === null) return out.push('n') > 0;
    switch (typeof value) {
      case 'string':
        return out.push(quote(value)) > 0;
      case 'number':
      case 'bigint':
        return out.push(`${typeof value}:${String(value)}`) > 0;
      case 'boolean':
        return out.push(value ? 't' : 'f') > 0;
      case 'undefined':
        return out.push('u') > 0;
      case 'function':
        return (
          (trustedFunctions.has(value) || trustedTexts.has(apply(fnText, value, []) as string)) &&
          out.push('F') > 0
        );
      case 'object':
        break;
      default:
        return false;
    }
    const object = value as object;
    const proto = protoOf(object);
    if (path.has(object) || depth > 64) return false;
    if (proto !== objectProto && proto !== arrayProto && proto !== null) return false;
    path.add(object);
    try {
      out.push(
        proto === arrayProto ? '[' : proto === null ? '<' : '{',
        isExtensible(object) ? '' : '!',
      );
      for (const key of ownKeys(object)) {
        const d = describe(object, key)!;
        if (d.get !== undefined || d.set !== undefined || !('value' in d)) return false;
        if (typeof key === 'symbol') {
          if (!brands.has(key) || d.value !== true) return false;
          out.push(`@${String(key.description)}`);
          continue;
        }
        out.push(
          quote(key),
          `${d.enumerable ? 'e' : ''}${d.writable ? 'w' : ''}${d.configurable ? 'c' : ''}:`,
        );
        if (!walk(d.value, depth + 1, out)) return false;
      }
      out.push(']');
      return true;
    } finally {
      path.delete(object);
    }
  }

  return {
    print(namespace) {
      const out: string[] = [];
      for (const key of keysOf(namespace)) {
        out.push(quote(key), '=');
        if (!walk(namespace[key], 0, out)) return undefined;
      }
      return out.join('');
    },
    trust(namespace) {
      for (const key of keysOf(namespace)) {
        const value = namespace[key];
        if (typeof value === 'function') trustedFunctions.add(value);
      }
      // A catalog's methods are made anew by each call: known by their text.
      if (typeof namespace.defineCatalog === 'function') {
        const sample = (namespace.defineCatalog as (v: object) => Record<string, unknown>)({});
        for (const key of keysOf(sample))
          if (typeof sample[key] === 'function')
            trustedTexts.add(apply(fnText, sample[key], []) as string);
      }
    },
  };
}
