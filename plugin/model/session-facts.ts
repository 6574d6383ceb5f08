// The catalog facts a session is built from at run time — what the guard knows of the catalog and
// each tool's registry entry as the runtime's selection reads it — derived once here, so the generated
// code and `verify` (which builds sessions straight from the model) cannot disagree.
import { compareVersions, isVersion } from '../language/versions.js';
import type { SdkFeatures } from '../runtime/session.js';
import type { ToolEntry } from '../runtime/tool-entries.js';
import type { CatalogModel, ToolModel } from './catalog-model.js';
import { availabilityFact } from './policy-tables.js';

export interface GuardFacts {
  /** Runtime names of `restricted: true` tools: the guard always denies them. */
  readonly restricted: readonly string[];
  /** Channels whose mirrored entry is restricted: every tool of theirs is denied. */
  readonly restrictedChannels: readonly string[];
  /** External channels whose calls must be in the caller's `allowedTools`. */
  readonly guardedChannels: readonly string[];
  /** In-process MCP tools that follow the permission mode: the ones that prompt unless pre-approved. */
  readonly promptingTools: readonly string[];
}

export function guardFacts(model: CatalogModel): GuardFacts {
  const restricted = model.tools.filter((t) => t.restricted);
  return {
    restricted: [...new Set(restricted.flatMap((t) => t.names))],
    restrictedChannels: [
      ...new Set(restricted.filter((t) => t.nameSource.kind === 'mirror').map((t) => t.channel!)),
    ],
    guardedChannels: model.channels,
    promptingTools: [
      ...new Set(
        model.tools
          .filter((t) => t.kind === 'mcp' && t.approval === 'permission-mode')
          .flatMap((t) => t.names),
      ),
    ],
  };
}

/** A tool's registry entry as `createToolCatalog` reads it (the fields the generated registry holds). */
export function toolEntry(t: ToolModel): ToolEntry {
  const available = availabilityFact(t);
  return {
    key: t.key,
    kind: t.kind,
    groups: t.groups,
    names: t.names,
    exposure: t.exposure,
    ...(t.condition ? { condition: t.condition.name } : {}),
    ...(available !== undefined ? { available } : {}),
    ...(t.server !== undefined ? { server: t.server } : {}),
    ...(t.channel !== undefined ? { channel: t.channel } : {}),
    ...(t.nameSource.kind !== 'static' ? { namesFrom: t.nameSource.kind } : {}),
    factory: t.factory,
  };
}

/** The SDK versions that introduced what the session uses when it can (read from their typings). */
const FEATURE_SINCE: Readonly<Record<keyof SdkFeatures, string>> = {
  hookOnFailure: '0.3.295',
  mcpToolPolicies: '0.3.301',
};

/** What an SDK version supports; nothing beyond the oldest supported version when the version is unknown. */
export function sdkFeatures(version: string | undefined): SdkFeatures {
  if (!isVersion(version)) return {};
  return Object.fromEntries(
    Object.entries(FEATURE_SINCE).map(([feature, since]) => [
      feature,
      compareVersions(version, since) >= 0,
    ]),
  ) as SdkFeatures;
}
