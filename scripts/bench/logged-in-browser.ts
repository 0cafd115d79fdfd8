import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, icOf, PASSWORD, SESSIONS } from './settings';
import { freePort } from '../support/free-port';

/**
 * A headless Chromium with a remote-debugging port (for Lighthouse's `--port`) whose
 * localStorage, for the portal's origin, holds a fresh session token of the last seeded member
 * (logged in over the API, so no load figure has used its rate-limit budget): the SPA then opens
 * the logged-in pages as for a member who logged in earlier. `clearCache` empties its HTTP cache
 * (not its storage), so that each page is measured on a first load, as Lighthouse measures a page
 * on its own, and not with the bundles an earlier page left in the cache.
 */
export async function loggedInBrowser(
  port: number,
): Promise<{ debuggingPort: number; clearCache(): Promise<void>; close(): Promise<void> }> {
  const origin = `http://127.0.0.1:${port}`;
  const answer = await fetch(`${origin}/api/service/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ic_or_passport: icOf(SESSIONS - 1), password: PASSWORD }),
  });
  const body = (await answer.json()) as { data?: { token?: string } };
  const token = body.data?.token;
  if (token === undefined) throw new Error(`login for Lighthouse answered ${answer.status}`);

  const debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // A process group of its own: Debian's /usr/bin/chromium is a script that starts the browser
    // as its child, which a signal to the script alone would leave running.
    { stdio: 'ignore', detached: true },
  );
  const close = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    // A browser still writing its profile must not fail the bench: the directory is temporary.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.error(`  left ${profile} behind: ${String(error)}`);
    }
  };
  try {
    let browser;
    for (let attempt = 0; browser === undefined; attempt++) {
      try {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.close();
    await browser.close();
  } catch (error) {
    await close();
    throw error;
  }
  const clearCache = async () => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
    try {
      const page = await browser.contexts()[0].newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    } finally {
      await browser.close();
    }
  };
  return { debuggingPort, clearCache, close };
}
