import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_LAUNCH, CHROMIUM_PATH, SHARED_BROWSER_ENV } from '../e2e/support/browser';

/**
 * The browser project's global setup and teardown: one Chromium for the whole run, which every
 * browser suite connects to (launchChromium) instead of starting its own. The workers inherit
 * its address through the environment. Without Chromium nothing starts: the suites then say
 * that they did not run (or fail, where a browser is required), as before.
 */
// Kept on the global object: jest documents only globals as shared by setup and teardown.
const held = globalThis as { sharedChromium?: BrowserServer };

export async function startSharedChromium(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) return;
  held.sharedChromium = await chromium.launchServer(CHROMIUM_LAUNCH);
  process.env[SHARED_BROWSER_ENV] = held.sharedChromium.wsEndpoint();
}

export async function stopSharedChromium(): Promise<void> {
  await held.sharedChromium?.close();
  held.sharedChromium = undefined;
  delete process.env[SHARED_BROWSER_ENV];
}

export default startSharedChromium;
