// Ready-to-paste catalog declarations for SDK tools the catalog does not have yet. A new tool is
// declared `disabled`: nothing is granted until someone classifies it.
import type { CatalogModel } from '../model/catalog-model.js';
import { tsKey, tsString } from '../text/escape.js';
import { defaultSdkType, type SdkAliasMap } from '../model/sdk-types.js';

/** `PushNotification` → `Push notification`; acronyms (`REPL`, `LSP`) stay as they are. */
export function labelFromName(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|\s+/)
    .filter(Boolean);
  return words
    .map((w, i) =>
      /^[A-Z0-9]+$/.test(w) && w.length > 1
        ? w
        : i === 0
          ? w.charAt(0).toUpperCase() + w.slice(1)
          : w.toLowerCase(),
    )
    .join(' ');
}

export interface DeclarationInput {
  /** Catalog key to declare. */
  readonly key: string;
  /** The SDK's bare runtime name. */
  readonly name: string;
  /** The SDK type base (`FileRead`); absent for a built-in the SDK does not type (`sdkTyped: false`). */
  readonly base?: string;
  /** The SDK versions that have the tool, when they are not all of them. */
  readonly addedIn?: string;
  readonly removedIn?: string;
  /** The category to give it; default: the catalog's first (pick the right one). */
  readonly category?: string;
}

/**
 * One line to paste into a `.tools({...})` call. `name` and `sdkType` appear only when the key and
 * the alias map would not already give them; the category is the catalog's first (pick the right one);
 * `addedIn` / `removedIn` when the tool is in only some of the SDK versions the catalog supports.
 */
export function renderDeclaration(
  input: DeclarationInput,
  model: CatalogModel,
  configAliases: SdkAliasMap,
): string {
  const fields: string[] = [`kind: 'sdk'`];
  if (input.name !== input.key) fields.push(`name: ${tsString(input.name)}`);
  if (input.base === undefined) fields.push('sdkTyped: false');
  else if (defaultSdkType(input.name, configAliases) !== input.base)
    fields.push(`sdkType: ${tsString(input.base)}`);
  const category = input.category ?? model.categories[0]?.name;
  if (category !== undefined) fields.push(`category: ${tsString(category)}`);
  fields.push(`exposure: 'disabled'`);
  if (input.addedIn !== undefined) fields.push(`addedIn: ${tsString(input.addedIn)}`);
  if (input.removedIn !== undefined) fields.push(`removedIn: ${tsString(input.removedIn)}`);
  fields.push(`label: ${tsString(labelFromName(input.name))}`);
  return `${tsKey(input.key)}: { ${fields.join(', ')} },`;
}
