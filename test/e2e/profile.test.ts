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

jest.setTimeout(120_000);

// The profile screen is the same on both databases; PGlite keeps this suite short.
const databases: E2eDatabase[] = ['pglite'];
const run = browserAvailable() ? describe.each(databases) : describe.skip.each(databases);

run('profile in Chromium on %s', (database) => {
  let portal: PortalServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageEvents: () => string = () => '';
  const member = aTestMember();

  beforeAll(async () => {
    if (database === 'postgres' && !(await postgresAvailable()) && postgresRequired()) {
      throw new Error('PostgreSQL at 127.0.0.1:5432 is required here');
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

  step('the profile shows the member read from the server', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await expectPath(page, '/member/profile');
    await page.getByText('Profile Information').waitFor();
    await page.getByText(member.ic).waitFor();
    await page.getByText(member.name).first().waitFor();
  });

  step('editing the name saves it and shows it after a reload', async () => {
    await page.getByRole('button', { name: 'Edit Full Name' }).click();
    await page.locator('input[name="name"]').fill('Aisyah Binti Rahman');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile updated successfully!');
    await page.reload();
    await page.getByText('Aisyah Binti Rahman').first().waitFor();
  });

  step('a too-short name is refused with its message', async () => {
    await page.getByRole('button', { name: 'Edit Full Name' }).click();
    await page.locator('input[name="name"]').fill('A');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.keyboard.press('Escape');
  });

  step('the password dialog updates the password, and it works at the next login', async () => {
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Password' });
    await dialog.locator('input[name="new_password"]').fill('another-password-9');
    await dialog.locator('input[name="confirm_password"]').fill('another-password-9');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Password updated successfully!');

    const fresh = await (await browser.newContext()).newPage();
    await logIn(fresh, portal.baseUrl, member.ic, 'another-password-9');
    await expectPath(fresh, '/payment');
    expect(await fresh.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await fresh.context().close();
  });
});
