/** What the browser tests share: Debian's Chromium, driven by playwright-core, and where screenshots go. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/core/workbook.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = join(ROOT, 'build', 'screenshots');
export const IN_CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0';
export const HAVE_BROWSER = existsSync(CHROMIUM);

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Chromium flags: no sandbox (root in CI), nothing that talks to the network on its own. */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
