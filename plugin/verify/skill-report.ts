// The project skills of one run: each skill's `allowed-tools` held against the session's offer (a
// skill that lists a tool the session leaves out would reintroduce it — verify fails naming both),
// and what the runtime answered when the model ran the skill.
import type { CatalogModel } from '../model/catalog-model.js';
import { handedOver, SKILL, type SessionOffer } from '../runtime/offer.js';
import type { ProjectSkill } from './project-skills.js';
import type { QueryRun } from './run-query.js';

export interface SkillReport {
  readonly name: string;
  /** Its SKILL.md. */
  readonly file: string;
  /** Tools its `allowed-tools` lists that the session leaves out in this run, each with why. */
  readonly reintroduces: readonly { readonly name: string; readonly reason: string }[];
  /** What the runtime answered when the model ran it; absent when it was not run (no Skill tool here). */
  readonly ran?: { readonly ok: boolean; readonly text: string };
  readonly clean: boolean;
}

/** Why a tool a skill lists is one the session leaves out, or undefined when the session hands it over. */
function leftOutBecause(
  model: CatalogModel,
  offer: SessionOffer,
  listed: string,
): string | undefined {
  const name = model.sdkAliases[listed] ?? listed;
  const tool = offer.tools.find((o) => o.names.includes(name));
  if (tool === undefined)
    return offer.extraNames.some((e) => e.name === name)
      ? undefined
      : 'no catalog tool has this name, so the policy never allows it';
  return handedOver(tool) ? undefined : offer.whyAbsent(name);
}

export function skillReports(
  model: CatalogModel,
  skills: readonly ProjectSkill[],
  offer: SessionOffer,
  run: QueryRun | undefined,
): SkillReport[] {
  return skills.map((skill) => {
    const reintroduces = skill.allowedTools.flatMap((name) => {
      const reason = leftOutBecause(model, offer, name);
      return reason === undefined ? [] : [{ name, reason }];
    });
    const result = run?.results.find(
      (r) => r.tool === SKILL && (r.input as { skill?: unknown } | undefined)?.skill === skill.name,
    );
    const ran = result
      ? { ok: !result.isError, text: result.text.trim().split('\n')[0] ?? '' }
      : undefined;
    return {
      name: skill.name,
      file: skill.file,
      reintroduces,
      ...(ran ? { ran } : {}),
      clean: reintroduces.length === 0 && ran?.ok !== false,
    };
  });
}
