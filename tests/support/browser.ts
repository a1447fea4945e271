import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium. Tests drive its headless shell (package chromium-headless-shell, the
 * same build without the desktop browser around it, as Playwright's own headless default): a
 * signed-in context costs about half the CPU of full Chromium's headless mode (2.3 s against
 * 4.4 s measured on the 2-core machine), and browser tests are bound by that CPU
 * (docs/decisions.md). The benchmarks keep full Chromium, the browser a user has.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export type BrowserKind = 'headless-shell' | 'chromium';

export async function launchBrowser(kind: BrowserKind = 'headless-shell'): Promise<Browser> {
  const executablePath = kind === 'headless-shell' ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    const install = kind === 'headless-shell' ? 'chromium-headless-shell' : 'chromium';
    throw new Error(`${install} not found at ${executablePath}: apt-get install -y ${install} (npm test's .ci/run does)`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** The browser tests serve the production build; say how to make it when it is missing. */
export function assertAppBuilt(): void {
  if (!existsSync('dist/app/index.html')) {
    throw new Error('dist/app is missing: run `npm run build` before the browser tests (npm test does).');
  }
}
