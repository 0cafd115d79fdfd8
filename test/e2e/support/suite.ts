import { afterAll, beforeAll, describe, test } from '@jest/globals';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  browserAvailable,
  launchChromium,
  postgresRequired,
  recordPageEvents,
} from '../../../scripts/support/browser';
import {
  postgresAvailable,
  startPortal,
  type E2eDatabase,
  type PortalOptions,
  type PortalServer,
} from './portal-server';

/**
 * One Chromium per test file: a file's suites (one per database) take turns with it, each in
 * contexts of its own that it closes at its end; it closes after the file's last test.
 */
let sharedBrowser: Promise<Browser> | undefined;
let closeRegistered = false;

function fileBrowser(scrollbars: boolean): Promise<Browser> {
  sharedBrowser ??= launchChromium({ scrollbars });
  return sharedBrowser;
}

async function closeFileBrowser(): Promise<void> {
  const browser = await sharedBrowser?.catch(() => undefined);
  sharedBrowser = undefined;
  await browser?.close();
}

/** How a suite's portal starts, and its browser context. */
export interface SuiteOptions extends PortalOptions {
  /** The suite's context's options (`bypassCSP` where axe is injected, a locale...). */
  context?: BrowserContextOptions;
  /** Classic scrollbars in the file's Chromium (see launchChromium); the first suite's choice. */
  scrollbars?: boolean;
}

/**
 * One browser suite: a fresh portal (real server, fresh database) and one Chromium page per
 * database, in a context made with the suite's options. Steps run in order and share the page;
 * a failing step reports a screenshot of it, its recent events and the server's output.
 */
export class BrowserSuite {
  portal!: PortalServer;
  browser!: Browser;
  context!: BrowserContext;
  page!: Page;
  private skipped = false;
  private pageEvents: () => string = () => '';

  constructor(
    readonly database: E2eDatabase,
    private readonly options: SuiteOptions = {},
  ) {}

  get baseUrl(): string {
    return this.portal.baseUrl;
  }

  async start(): Promise<void> {
    if (this.database === 'postgres' && !(await postgresAvailable())) {
      if (postgresRequired()) throw new Error('PostgreSQL at 127.0.0.1:5432 is required here');
      console.warn('*** Browser suite on PostgreSQL NOT RUN: no server at 127.0.0.1:5432 ***');
      this.skipped = true;
      return;
    }
    // The portal's processes and Chromium start side by side.
    const [portal, browser] = await Promise.allSettled([
      startPortal(this.database, this.options),
      fileBrowser(this.options.scrollbars ?? false),
    ]);
    if (portal.status === 'fulfilled') this.portal = portal.value;
    if (portal.status === 'rejected') throw portal.reason;
    if (browser.status === 'rejected') throw browser.reason;
    this.browser = browser.value;
    this.context = await this.browser.newContext(this.options.context);
    this.page = await this.context.newPage();
    this.pageEvents = recordPageEvents(this.page);
  }

  /** Closes every context opened on this database (the browser stays for the file's next one). */
  async stop(): Promise<void> {
    await Promise.all(this.browser?.contexts().map((context) => context.close()) ?? []);
    await this.portal?.close();
  }

  step(name: string, fn: (suite: BrowserSuite) => Promise<void>): void {
    test(name, async () => {
      if (this.skipped) return;
      try {
        await fn(this);
      } catch (error) {
        const shot = `test-results/${this.database}-${name.replace(/\W+/g, '-')}.png`;
        await this.page?.screenshot({ path: shot }).catch(() => undefined);
        throw new Error(
          `${(error as Error).message}\n(screenshot: ${shot})\npage events:\n${this.pageEvents()}\nserver output:\n${this.portal?.output().slice(-3000)}`,
        );
      }
    });
  }

  /** Makes `page` (one of the suite's own contexts) the page a failing step shows and explains. */
  usePage(page: Page): void {
    this.page = page;
    this.pageEvents = recordPageEvents(page);
  }

  /** Runs once the portal and the page are up (skipped with the suite). */
  setUp(fn: () => Promise<void>): void {
    beforeAll(async () => {
      if (!this.skipped) await fn();
    });
  }
}

/** Declares `title on <database>` for each database; without Chromium (outside CI) it is skipped loudly. */
export function describeInChromium(
  title: string,
  databases: E2eDatabase[],
  define: (suite: BrowserSuite) => void,
  options: SuiteOptions = {},
): void {
  const run = browserAvailable() ? describe.each(databases) : describe.skip.each(databases);
  if (!closeRegistered) {
    closeRegistered = true;
    afterAll(closeFileBrowser);
  }
  run(`${title} on %s`, (database) => {
    const suite = new BrowserSuite(database, options);
    beforeAll(() => suite.start());
    afterAll(() => suite.stop());
    define(suite);
  });
}
