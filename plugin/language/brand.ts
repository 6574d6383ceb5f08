// Registry-wide symbols mark catalog objects, so the loader recognises them even though each
// evaluated bundle carries its own copy of this module.
export const CATALOG_BRAND: unique symbol = Symbol.for('agent-tool-catalog.catalog') as never;
export const TOOL_SET_BRAND: unique symbol = Symbol.for('agent-tool-catalog.tool-set') as never;
export const CONFIG_BRAND: unique symbol = Symbol.for('agent-tool-catalog.config') as never;
