// The dialog's i18next set-up with the real locale files: Chinese for zh-CN and zh-TW (also when given
// lowercase, as BCP 47 matching is case-insensitive), and English for a key a locale does not have yet.
import type { Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import catalogEn from '../src/generated/claude/i18n/en.json';
import catalogZhCN from '../src/generated/claude/i18n/zh-CN.json';
import catalogZhTW from '../src/generated/claude/i18n/zh-TW.json';
import { CLAUDE_CATEGORY_I18N_KEYS, CLAUDE_I18N_KEYS } from '../src/generated/claude/i18n-keys';
import { createI18n, RESOURCES } from '../src/i18n';
import appEn from '../src/locales/en.json';
import appZhCN from '../src/locales/zh-CN.json';
import appZhTW from '../src/locales/zh-TW.json';

const planLabel = CLAUDE_I18N_KEYS.EnterPlanMode.label;

describe("the dialog's i18next instance", () => {
  it.each([
    ['zh-CN', 'zh-CN', catalogZhCN, appZhCN],
    ['zh-cn', 'zh-CN', catalogZhCN, appZhCN],
    ['zh-TW', 'zh-TW', catalogZhTW, appZhTW],
    ['zh-tw', 'zh-TW', catalogZhTW, appZhTW],
  ])('shows Chinese for %s', async (given, resolved, catalog, app) => {
    const i18n = createI18n();
    await i18n.changeLanguage(given);
    expect(i18n.resolvedLanguage).toBe(resolved);
    expect(i18n.t(planLabel)).toBe(catalog.agent.tools.EnterPlanMode.label);
    expect(i18n.t(CLAUDE_CATEGORY_I18N_KEYS.orchestration)).toBe(
      catalog.agent.tools.categories.orchestration.label,
    );
    expect(i18n.t('app:tools')).toBe(app.tools);
    expect(i18n.t('app:titleFor', { name: 'Demo' })).toBe(app.titleFor.replace('{{name}}', 'Demo'));
    expect(i18n.t(planLabel)).not.toBe(catalogEn.agent.tools.EnterPlanMode.label);
  });

  it('tells Simplified from Traditional Chinese', async () => {
    const i18n = createI18n();
    expect(i18n.t('app:title')).toBe(appEn.title);
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('app:title')).toBe('编辑智能体');
    await i18n.changeLanguage('zh-TW');
    expect(i18n.t('app:title')).toBe('編輯智慧體');
  });

  it('shows English for a key a locale lacks, as the generator leaves an untranslated tool out', async () => {
    const { EnterPlanMode: _untranslated, ...tools } = catalogZhTW.agent.tools;
    const { tools: _alsoUntranslated, ...app } = appZhTW;
    const resources: Resource = { ...RESOURCES, 'zh-TW': { catalog: { agent: { tools } }, app } };
    const i18n = createI18n(resources);
    await i18n.changeLanguage('zh-TW');
    expect(i18n.t(planLabel)).toBe(catalogEn.agent.tools.EnterPlanMode.label);
    expect(i18n.t('app:tools')).toBe(appEn.tools);
    expect(i18n.t(CLAUDE_I18N_KEYS.ExitPlanMode.label)).toBe(
      catalogZhTW.agent.tools.ExitPlanMode.label,
    ); // the rest stays translated
  });

  it('falls back to English for a language it does not support', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('fr');
    expect(i18n.t(planLabel)).toBe(catalogEn.agent.tools.EnterPlanMode.label);
  });

  it('has every string of the dialog in every locale', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value)
        .flatMap(([k, v]) =>
          typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
        )
        .sort();
    for (const app of [appZhCN, appZhTW]) expect(keys(app)).toEqual(keys(appEn));
  });
});
