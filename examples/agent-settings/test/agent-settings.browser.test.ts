// The agent-settings example in a real browser (Chromium through playwright-core, found by
// test/browser/find-chromium.ts): only user tools, in the catalog's category order, one switch per pair
// group with the binding file's icons; a switch writes `disabledTools` to SQLite and the page shows the
// SDK's `disallowedTools`; a reload keeps it; a switch reaches both the agent session and the chat call;
// zh-CN and zh-TW show their Chinese strings, drawn with the bundled web fonts. A screenshot per Chinese locale is saved as test/.artifacts/agent-settings-<locale>.png.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import initSqlJs from 'sql.js';
import {
  BROWSER_ARTIFACTS,
  fontsUsedBy,
  launchChromium,
  screenshotPath,
} from '../../../test/browser/chromium';
import catalogZhCN from '../src/generated/claude/i18n/zh-CN.json';
import catalogZhTW from '../src/generated/claude/i18n/zh-TW.json';
import {
  CLAUDE_TOOL_CATEGORIES,
  CLAUDE_TOOL_REGISTRY,
  CLAUDE_USER_TOOLS,
  type ClaudeToolKey,
} from '../src/generated/claude/registry';
import appZhCN from '../src/locales/zh-CN.json';
import appZhTW from '../src/locales/zh-TW.json';
import { CLAUDE_UI_BINDINGS } from '../src/tool-bindings';
import { DEMO_AGENT_ID, openAgentStore } from '../server/db';
import { AI_SDK_MAJORS, agentOffer, offered, wireOf } from './paths';

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));

let server: ViteDevServer;
let browser: Browser;
let page: Page;
let url: string;
const dbFile = path.join(BROWSER_ARTIFACTS, 'browser', `agents-${process.pid}.sqlite`);

beforeAll(async () => {
  mkdirSync(path.dirname(dbFile), { recursive: true });
  rmSync(dbFile, { force: true });
  process.env.AGENT_SETTINGS_DB = dbFile;
  server = await createServer({
    configFile: path.join(EXAMPLE, 'vite.config.ts'),
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1' },
  });
  await server.listen();
  url = server.resolvedUrls!.local[0]!;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 1500 } });
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dbFile, { force: true });
});

const planMode = () => page.getByTestId('switch-planMode');
const disallowed = async () =>
  JSON.parse((await page.getByTestId('disallowed-tools').textContent()) ?? '[]') as string[];

async function openDialog(): Promise<void> {
  await page.goto(url);
  await expect.poll(() => planMode().isEnabled(), { timeout: 20_000 }).toBe(true);
}

describe('agent-settings in Chromium', () => {
  it('lists only user tools, by category in catalog order, one switch per pair group, with the binding icons', async () => {
    await openDialog();
    const sections = await page
      .locator('section[data-testid^="category-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    const withUserTools = CLAUDE_TOOL_CATEGORIES.filter((c) =>
      CLAUDE_USER_TOOLS.some((k) => CLAUDE_TOOL_REGISTRY[k].category === c),
    );
    expect(sections).toEqual(withUserTools.map((c) => `category-${c}`));

    const rows = await page.locator('li[data-tools]').evaluateAll((els) =>
      els.map((e) => ({
        id: e.getAttribute('data-testid'),
        tools: e.getAttribute('data-tools')!.split(' '),
      })),
    );
    const shown = rows.flatMap((r) => r.tools).sort();
    expect(shown).toEqual([...CLAUDE_USER_TOOLS].sort());
    const hidden = (Object.keys(CLAUDE_TOOL_REGISTRY) as ClaudeToolKey[]).filter(
      (k) => CLAUDE_TOOL_REGISTRY[k].exposure !== 'user',
    );
    expect(hidden).toContain('Agent'); // internal
    expect(hidden).toContain('NotebookEdit'); // disabled
    for (const key of hidden) expect(shown).not.toContain(key);
    const dialogText = (await page.locator('section').allTextContents()).join('\n');
    for (const label of ['Notebook edit', 'Todo list', 'Send message', 'Enter worktree'])
      expect(dialogText).not.toContain(label);

    expect(rows.find((r) => r.id === 'row-planMode')?.tools).toEqual([
      'EnterPlanMode',
      'ExitPlanMode',
    ]);
    expect(await page.getByTestId('row-planMode').getByRole('switch').count()).toBe(1);
    const icons = await page
      .getByTestId('row-planMode')
      .locator('svg[data-icon]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-icon')));
    expect(icons).toEqual([
      CLAUDE_UI_BINDINGS.EnterPlanMode.icon,
      CLAUDE_UI_BINDINGS.ExitPlanMode.icon,
    ]);
    expect(await page.getByTestId('row-bash').locator('svg').getAttribute('data-icon')).toBe(
      CLAUDE_UI_BINDINGS.Bash.icon,
    );
  });

  it('switching off a pair group disallows both members, and a reload keeps it from the database', async () => {
    await openDialog();
    expect(await planMode().getAttribute('aria-checked')).toBe('true');
    expect(await disallowed()).not.toContain('EnterPlanMode');
    expect(await disallowed()).toContain('NotebookEdit'); // exposure 'disabled': always blocked

    await planMode().click();
    await expect.poll(() => planMode().getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(disallowed)
      .toEqual(expect.arrayContaining(['EnterPlanMode', 'ExitPlanMode']));

    // What the app saved to its database file, read with SQLite itself.
    const sqlite = new (await initSqlJs()).Database(readFileSync(dbFile));
    const [result] = sqlite.exec("select disabled_tools from agents where id = 'demo'");
    sqlite.close();
    expect(JSON.parse(String(result!.values[0]![0]))).toEqual(['EnterPlanMode', 'ExitPlanMode']);

    await page.reload();
    await expect.poll(() => planMode().isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await planMode().getAttribute('aria-checked')).toBe('false');
    expect(await disallowed()).toEqual(expect.arrayContaining(['EnterPlanMode', 'ExitPlanMode']));
  });

  it("switching off web search in the dialog removes it from the agent session's and the chat's offer", async () => {
    await openDialog();
    const webSearch = page.getByTestId('switch-CherryWebSearch');
    await webSearch.click();
    await expect.poll(() => webSearch.getAttribute('aria-checked')).toBe('false');
    // Both paths, built by the server's own modules from what the dialog saved (a copy of the file).
    const copy = path.join(path.dirname(dbFile), `agents-${process.pid}-copy.sqlite`);
    copyFileSync(dbFile, copy);
    const store = await openAgentStore(copy);
    try {
      const agent = await agentOffer(store, DEMO_AGENT_ID);
      expect(agent.inProcess).not.toContain('mcp__cherry-tools__web_search');
      expect(agent.inProcess).toContain('mcp__cherry-tools__web_fetch');
      const chat = await AI_SDK_MAJORS[0]!.chat(store, DEMO_AGENT_ID, []);
      expect(offered(chat.steps[0])).toEqual(agent.inProcess.map(wireOf).concat('research').sort());
    } finally {
      store.close();
      rmSync(copy, { force: true });
    }
  });

  it.each([
    ['zh-CN', catalogZhCN, appZhCN, 'Noto Sans SC'],
    ['zh-TW', catalogZhTW, appZhTW, 'Noto Sans TC'],
  ])(
    'shows %s in Chinese, drawn with the bundled web font',
    async (locale, catalog, app, webFont) => {
      await openDialog();
      await page.getByTestId(`locale-${locale}`).click();
      const tools = catalog.agent.tools;
      const label = `${tools.EnterPlanMode.label} / ${tools.ExitPlanMode.label}`;
      await expect
        .poll(() => page.getByTestId('row-planMode').locator('.label').textContent())
        .toBe(label);
      expect(await page.getByTestId('row-bash').locator('.description').textContent()).toBe(
        tools.Bash.description,
      );
      expect(await page.getByTestId('category-orchestration').locator('h3').textContent()).toBe(
        tools.categories.orchestration.label,
      );
      expect(await page.locator('.tools-title').textContent()).toBe(app.tools);
      expect(await page.locator('#dialog-title').textContent()).toBe(
        app.titleFor.replace('{{name}}', 'Demo agent'),
      );
      expect(await page.locator('main').getAttribute('lang')).toBe(locale);

      // Every glyph of these elements comes from the web font, none from a system fallback (boxes on a
      // machine without CJK fonts); font-display: swap draws the fallback until the font has loaded.
      // (A variable font reports its default instance's name, such as "Noto Sans SC Thin".)
      const drawnWith = async (selector: string) =>
        (await fontsUsedBy(page, selector)).map(
          (f) => `${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`,
        );
      for (const selector of [
        '#dialog-title',
        '.tools-title',
        '[data-testid="row-planMode"] .label',
        '[data-testid="category-orchestration"] h3',
      ]) {
        await expect
          .poll(() => drawnWith(selector), { timeout: 10_000 })
          .toEqual([expect.stringMatching(new RegExp(`^${webFont}\\b.* \\(web font\\)$`))]);
      }
      await page.screenshot({
        path: screenshotPath(`agent-settings-${locale}.png`),
        fullPage: true,
      });
    },
  );
});
