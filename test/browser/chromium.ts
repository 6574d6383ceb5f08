// Launches the Chromium that find-chromium.ts resolves through playwright-core, and names where browser
// tests save their screenshots (test/.artifacts/, kept out of git) and which fonts drew an element.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ARTIFACTS } from '../support/paths';
import { ChromiumSetupError, findChromium } from './find-chromium';

// Headless, no sandbox (CI runs as root), and no first-run, sync or update traffic that a test never needs.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const BROWSER_ARTIFACTS = ARTIFACTS;

export async function launchChromium(): Promise<Browser> {
  const found = await findChromium();
  try {
    return await chromium.launch({
      executablePath: found.executablePath,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
  } catch (error) {
    throw new ChromiumSetupError(
      `Chromium ${found.executablePath} (from ${found.source}) did not start: ${launchFailure(error)}`,
    );
  }
}

/** Playwright's first line plus what the browser wrote to stderr (a missing shared library, say), not its call log. */
function launchFailure(error: unknown): string {
  const [first, ...logs] = (error instanceof Error ? error.message : String(error))
    .split('Call log:')[0]!
    .split('\n');
  const stderr = logs
    .flatMap((line) => /^\[pid=\d+\]\[err\] (.*)$/.exec(line)?.[1] ?? [])
    .slice(0, 5);
  return [first, ...stderr.map((line) => `  ${line}`)].join('\n');
}

/** Absolute path for a screenshot, its folder created. */
export function screenshotPath(name: string): string {
  mkdirSync(BROWSER_ARTIFACTS, { recursive: true });
  return path.join(BROWSER_ARTIFACTS, name);
}

export interface UsedFont {
  readonly familyName: string;
  readonly isCustomFont: boolean;
  readonly glyphCount: number;
}

/** The fonts Chromium drew the first element matching `selector` with: a web font reports isCustomFont. */
export async function fontsUsedBy(page: Page, selector: string): Promise<UsedFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}
