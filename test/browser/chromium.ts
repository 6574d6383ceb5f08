// Launches Debian's Chromium through playwright-core with the flags DEVELOPERS.md prescribes, and
// names where browser tests save their screenshots (test/.artifacts/, kept out of git).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ARTIFACTS } from '../support/paths';

export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const BROWSER_ARTIFACTS = ARTIFACTS;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, headless: true, args: CHROMIUM_FLAGS });
}

/** Absolute path for a screenshot, its folder created. */
export function screenshotPath(name: string): string {
  mkdirSync(BROWSER_ARTIFACTS, { recursive: true });
  return path.join(BROWSER_ARTIFACTS, name);
}
