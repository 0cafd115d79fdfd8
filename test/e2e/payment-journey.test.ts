import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserAvailable,
  launchChromium,
  postgresRequired,
  recordPageEvents,
} from './support/browser';
import { aTestMember, expectPath, expectToast, logIn, registerByApi } from './support/journeys';
import {
  postgresAvailable,
  startPortal,
  type E2eDatabase,
  type PortalServer,
} from './support/portal-server';

jest.setTimeout(180_000);

const databases: E2eDatabase[] = ['pglite', 'postgres'];
const run = browserAvailable() ? describe.each(databases) : describe.skip.each(databases);

run('payment journey in Chromium on %s', (database) => {
  let portal: PortalServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let skipped = false;
  let pageEvents: () => string = () => '';
  const member = aTestMember();

  beforeAll(async () => {
    if (database === 'postgres' && !(await postgresAvailable())) {
      if (postgresRequired()) throw new Error('PostgreSQL at 127.0.0.1:5432 is required here');
      console.warn(
        '*** Browser payment suite on PostgreSQL NOT RUN: no server at 127.0.0.1:5432 ***',
      );
      skipped = true;
      return;
    }
    portal = await startPortal(database);
    await registerByApi(portal.baseUrl, member);
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    pageEvents = recordPageEvents(page);
    await logIn(page, portal.baseUrl, member.ic, member.password);
    await expectPath(page, '/payment');
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  const step = (name: string, fn: () => Promise<void>) =>
    test(name, async () => {
      if (skipped) return;
      try {
        await fn();
      } catch (error) {
        const shot = `test-results/${database}-${name.replace(/\W+/g, '-')}.png`;
        await page?.screenshot({ path: shot }).catch(() => undefined);
        throw new Error(
          `${(error as Error).message}\n(screenshot: ${shot})\npage events:\n${pageEvents()}\nserver output:\n${portal?.output().slice(-3000)}`,
        );
      }
    });

  /** Fills the payment form, confirms in the dialog and returns the gateway tab. */
  async function startPayment(amount: string): Promise<Page> {
    await page.goto(`${portal.baseUrl}/payment`);
    await page.locator('input[name="amount"]').fill(amount);
    const method = page.locator('select[name="payment_method"]');
    if ((await method.count()) > 0) await method.selectOption('qr');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirm Your Payment Details').waitFor();
    const [gatewayTab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Confirm & Proceed' }).click(),
    ]);
    await expectToast(page, 'Payment initiated successfully!');
    return gatewayTab;
  }

  step('the amount rules show their messages', async () => {
    await page.goto(`${portal.baseUrl}/payment`);
    const amount = page.locator('input[name="amount"]');
    await amount.fill('');
    await amount.pressSequentially('12a.345');
    expect(await amount.inputValue()).toBe('12.34');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Minimum amount is MYR 50.00').first().waitFor();
  });

  step('paying 123.45 and approving in the sandbox tab completes everywhere', async () => {
    const gatewayTab = await startPayment('123.45');
    await gatewayTab.getByText('RM 123.45').first().waitFor({ timeout: 15_000 });
    await gatewayTab.locator('img[alt*="QR" i], svg').first().waitFor();
    // The payment screen moves on to the receipt about a second after the hand-off.
    await expectPath(page, /^\/receipt\//);
    const transactionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(transactionId).not.toBe('');
    await gatewayTab.getByText(transactionId).first().waitFor();

    await gatewayTab.getByRole('button', { name: 'Approve payment' }).click();
    await gatewayTab.waitForURL((url) => url.pathname === '/return', { timeout: 15_000 });
    expect(new URL(gatewayTab.url()).searchParams.get('transactionId')).toBe(transactionId);
    await gatewayTab.getByText('Payment Successful').first().waitFor({ timeout: 15_000 });
    await gatewayTab.getByText('RM 123.45').first().waitFor();

    // The receipt polls every 10 s; a manual refresh shows the outcome at once.
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await expectToast(page, 'Payment completed successfully!');
    await page.getByText('RM 123.45').first().waitFor();
    await gatewayTab.close();
  });

  step('a declined payment shows failed on the return and receipt pages', async () => {
    const gatewayTab = await startPayment('75.50');
    await gatewayTab.getByText('RM 75.50').first().waitFor({ timeout: 15_000 });
    await expectPath(page, /^\/receipt\//);
    await gatewayTab.getByRole('button', { name: 'Decline payment' }).click();
    await gatewayTab.waitForURL((url) => url.pathname === '/return', { timeout: 15_000 });
    await gatewayTab.getByText('Payment Failed').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await expectToast(page, 'Payment failed. Please try again.');
    await gatewayTab.close();
  });

  step('the return page without a transaction ID says so', async () => {
    await page.goto(`${portal.baseUrl}/return`);
    await page.getByText('No transaction ID found in URL').first().waitFor();
  });
});
