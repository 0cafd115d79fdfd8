import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserAvailable,
  launchChromium,
  postgresRequired,
  recordPageEvents,
} from './support/browser';
import {
  aTestMember,
  expectPath,
  expectToast,
  latestCode,
  logIn,
  signUp,
  typeCode,
} from './support/journeys';
import {
  postgresAvailable,
  startPortal,
  type E2eDatabase,
  type PortalServer,
} from './support/portal-server';

jest.setTimeout(120_000);

const databases: E2eDatabase[] = ['pglite', 'postgres'];
const run = browserAvailable() ? describe.each(databases) : describe.skip.each(databases);

run('member session in Chromium on %s', (database) => {
  let portal: PortalServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let skipped = false;
  let pageEvents: () => string = () => '';
  const member = aTestMember();
  const newPassword = 'new-password-2026';

  beforeAll(async () => {
    if (database === 'postgres' && !(await postgresAvailable())) {
      if (postgresRequired()) throw new Error('PostgreSQL at 127.0.0.1:5432 is required here');
      console.warn('*** Browser suite on PostgreSQL NOT RUN: no server at 127.0.0.1:5432 ***');
      skipped = true;
      return;
    }
    portal = await startPortal(database);
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    pageEvents = recordPageEvents(page);
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

  step('an anonymous visitor is sent to /login from guarded routes', async () => {
    await page.goto(`${portal.baseUrl}/member/profile`);
    await expectPath(page, '/login');
    await page.goto(`${portal.baseUrl}/`);
    await expectPath(page, '/login');
    await page.goto(`${portal.baseUrl}/no-such-page`);
    await expectPath(page, '/login');
  });

  step('a visitor signs up with the code from the SMS outbox', async () => {
    await signUp(page, portal.baseUrl, member);
  });

  step('the member logs in, sees the toast and lands on /payment', async () => {
    await logIn(page, portal.baseUrl, member.ic, member.password);
    await expectToast(page, 'Login successful! Redirecting to payment page...');
    await expectPath(page, '/payment');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  step('a reload keeps the member logged in', async () => {
    await page.reload();
    await page.goto(`${portal.baseUrl}/`);
    await expectPath(page, '/');
    await page.getByText(member.name).first().waitFor();
  });

  step('logging out clears the session and guards apply again', async () => {
    await page.goto(`${portal.baseUrl}/payment`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully!');
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${portal.baseUrl}/member/profile`);
    await expectPath(page, '/login');
  });

  step('a wrong password shows the failure and keeps the visitor on /login', async () => {
    await logIn(page, portal.baseUrl, member.ic, 'wrong-password-1');
    await page.locator('.Toastify').getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  step('forgot password resets it with the SMS code', async () => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.locator('input[name="phone_no"]').fill(member.phone);
    await page.getByRole('button', { name: 'Send SMS Code' }).click();
    await expectToast(page, 'SMS code sent!');
    const code = await latestCode(portal.baseUrl, member.phone, 'password_reset');
    await typeCode(page, code);
    await page.locator('input[name="new_password"]').fill(newPassword);
    await page.locator('input[name="confirm_password"]').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset successful! Redirecting to login...');
    await expectPath(page, '/login');
  });

  step('the new password works and the old one does not', async () => {
    await logIn(page, portal.baseUrl, member.ic, member.password);
    await page.locator('.Toastify').getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.reload();
    await logIn(page, portal.baseUrl, member.ic, newPassword);
    await expectToast(page, 'Login successful! Redirecting to payment page...');
    await expectPath(page, '/payment');
  });

  step('the page loads nothing from any other host', async () => {
    const foreign: string[] = [];
    const probe = await context.newPage();
    probe.on('request', (req) => {
      if (!req.url().startsWith(portal.baseUrl) && !req.url().startsWith('data:'))
        foreign.push(req.url());
    });
    await probe.goto(`${portal.baseUrl}/sign-up`);
    await probe.waitForLoadState('networkidle');
    await probe.close();
    expect(foreign).toEqual([]);
  });
});
