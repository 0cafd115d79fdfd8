import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const required = (name: string) => Boolean(process.env.CI) || Boolean(process.env[name]);

/**
 * In CI (or with REQUIRE_BROWSER / REQUIRE_PG set) a missing browser or database fails the run;
 * on a developer's machine without them the suite says loudly that it did not run.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (required('REQUIRE_BROWSER')) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package`);
  }
  console.warn(
    `\n*** Browser suite NOT RUN: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium) ***\n`,
  );
  return false;
}

export function postgresRequired(): boolean {
  return required('REQUIRE_PG');
}

/**
 * Debian's Chromium, headless. `scrollbars`: keep classic scrollbars, which headless Chromium
 * hides by default (a suite checking that nothing runs past a narrow screen's edge needs them).
 * `args`: flags of the caller's own, after these (a certificate authority to trust, say).
 */
export function launchChromium(
  options: { scrollbars?: boolean; args?: readonly string[] } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    // Flags from this machine's notes: without the background-networking ones Chromium keeps
    // trying to reach hosts this sandbox cannot reach.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...(options.args ?? []),
    ],
  });
}

/** Keeps what a page logged and which requests failed, to explain a failing step. */
export function recordPageEvents(page: Page): () => string {
  const events: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('console', (m) => events.push(`${at()} console.${m.type()}: ${m.text()}`));
  page.on('requestfailed', (r) =>
    events.push(`${at()} request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  page.on('response', (r) => {
    if (r.url().includes('/api/'))
      events.push(`${at()} ${r.request().method()} ${r.url()} -> ${r.status()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) events.push(`${at()} navigated to ${f.url()}`);
  });
  return () => events.slice(-40).join('\n');
}
