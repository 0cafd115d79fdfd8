import { expect, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { AXE_CONTEXT, checkEveryThemeAndWidth, GALLERY_DIR, overflowing } from './support/axe';
import {
  aTestMember,
  expectPath,
  logIn,
  registerByApi,
  submitSignUpDetails,
} from './support/journeys';
import { payThroughSandbox } from './support/payments';
import { describeInChromium } from './support/suite';

jest.setTimeout(300_000);

/**
 * axe-core (WCAG 2.2 A and AA) on every screen and state, dialogs and lists open, in both themes
 * at 1280 px and 360 px; the screenshots of docs/gallery.md are taken on the way. Then the
 * narrow layouts at 320 px: nothing wider than the screen.
 */
describeInChromium(
  'accessibility in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();
    let context: BrowserContext;
    let page: Page;

    suite.setUp(async () => {
      await registerByApi(suite.baseUrl, member);
      ({ context, page } = suite);
    });

    const open = async (path: string) => {
      await page.goto(`${suite.baseUrl}${path}`);
      await page.locator('main h1').first().waitFor();
    };

    suite.step('public screens and their states', async () => {
      const found: string[] = [];
      await open('/login');
      found.push(...(await checkEveryThemeAndWidth(page, 'login', 'login')));
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('IC or Passport Number is required').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'login with errors')));

      await open('/sign-up');
      found.push(...(await checkEveryThemeAndWidth(page, 'sign-up', 'sign-up')));
      await page.getByRole('button', { name: 'Proceed' }).click();
      await page.getByText('Full name is required').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'sign-up with errors')));

      await open('/forgot-password');
      found.push(...(await checkEveryThemeAndWidth(page, 'forgot-password', 'forgot-password')));

      await open('/wizardz');
      found.push(...(await checkEveryThemeAndWidth(page, 'wizardz', 'wizardz')));
      await page.getByRole('button', { name: 'SEND' }).click();
      await page.getByText('Please enter your e-mail address').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'wizardz subscribe error')));

      await open('/payment-status');
      found.push(...(await checkEveryThemeAndWidth(page, 'payment-status without id')));
      await open('/return');
      found.push(...(await checkEveryThemeAndWidth(page, 'return without id')));
      // A visitor who is not logged in sees no transaction: asked to log in, no endless polling.
      await open('/receipt/TXN-NOT-A-REAL-ONE');
      await page.getByText('Please log in to see this payment').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'receipt without a login')));
      await page.getByRole('link', { name: 'Log in' }).click();
      await expectPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/receipt/TXN-NOT-A-REAL-ONE');
      expect(found).toEqual([]);
    });

    suite.step('the SMS code steps of sign-up and reset', async () => {
      const found: string[] = [];
      const visitor = aTestMember();
      await open('/sign-up');
      await submitSignUpDetails(page, visitor);
      await page.getByLabel('Digit 1', { exact: true }).waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'sign-up code', 'sign-up-code')));

      await open('/forgot-password');
      await page.locator('input[name="phone_no"]').fill(member.phone);
      await page.getByRole('button', { name: 'Send SMS Code' }).click();
      await page.getByLabel('Digit 1', { exact: true }).waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'reset code')));
      expect(found).toEqual([]);
    });

    suite.step('member screens, with their dialogs and the country list open', async () => {
      const found: string[] = [];
      await open('/login');
      await logIn(page, suite.baseUrl, member.ic, member.password);
      await expectPath(page, '/payment');
      // The sign-in toast goes with the next screen's full page load: no wait for it to close.

      for (const [path, name] of [
        ['/', 'home'],
        ['/movies', 'movies'],
        ['/tv-series', 'tv-series'],
        ['/bookmarks', 'bookmarks'],
      ] as const) {
        await open(path);
        found.push(
          ...(await checkEveryThemeAndWidth(page, name, name === 'tv-series' ? undefined : name)),
        );
      }

      await open('/member/payments');
      await page.getByText('You have no payments yet.').waitFor();
      found.push(
        ...(await checkEveryThemeAndWidth(page, 'payment history', 'payment-history-empty')),
      );

      await open('/payment');
      found.push(...(await checkEveryThemeAndWidth(page, 'payment')));
      await page.locator('input[name="amount"]').fill('120.50');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('dialog', { name: 'Confirm Your Payment Details' }).waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'payment dialog', 'payment-dialog')));
      await page.keyboard.press('Escape');

      // The server answers 404 alike for an unknown id and another member's.
      await open('/receipt/TXN-NOT-A-REAL-ONE');
      await page.getByText('Transaction not found').waitFor();
      found.push(
        ...(await checkEveryThemeAndWidth(page, 'receipt not found', 'receipt-not-found')),
      );
      await open('/return?transactionId=TXN-NOT-A-REAL-ONE');
      await page.getByText('Transaction not found').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'return not found')));

      await open('/member/profile');
      await page.getByText(member.ic).waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'profile', 'profile')));
      await page.getByRole('button', { name: 'Edit Phone Number' }).click();
      await page.locator('.selected-flag').click();
      await page.locator('.country-list').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'profile country list')));
      await page.keyboard.press('Escape');
      await open('/member/profile');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('dialog', { name: 'Update Password' }).waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'password dialog')));
      await page.keyboard.press('Escape');
      // The security page (its dialogs are checked in security.test.ts): shot for the gallery.
      await open('/member/security');
      await page.getByText('This device').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'security', 'security')));
      expect(found).toEqual([]);
    });

    suite.step('a paid payment: the history with it, and its receipt PDF as an image', async () => {
      const paid = await payThroughSandbox(page, context, suite.baseUrl, '123.45', 'approve');
      await open('/member/payments');
      await page
        .locator(`li.history-item[data-transaction-id="${paid}"]`)
        .getByText('Completed')
        .waitFor();
      const found = await checkEveryThemeAndWidth(page, 'payment history', 'payment-history');
      expect(found).toEqual([]);

      // The receipt's first page, rendered by poppler's pdftoppm, in English and in Chinese.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const dir = mkdtempSync(join(tmpdir(), 'receipt-gallery-'));
      for (const lang of ['en', 'zn']) {
        const res = await fetch(`${suite.baseUrl}/api/payment/receipt/${paid}/pdf?lang=${lang}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        const pdf = join(dir, `receipt-${lang}.pdf`);
        writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
        const png = join(dir, `receipt-pdf-${lang}`);
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '96',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          pdf,
          png,
        ]);
        expect(statSync(`${png}.png`).size).toBeGreaterThan(5_000);
        if (process.env.GALLERY === '1')
          copyFileSync(`${png}.png`, join(GALLERY_DIR, `receipt-pdf-${lang}.png`));
      }
    });

    suite.step('at 320 px nothing is cut off or wider than the screen', async () => {
      await page.setViewportSize({ width: 320, height: 640 });
      const wide: string[] = [];
      for (const path of ['/', '/movies', '/bookmarks', '/member/profile', '/wizardz']) {
        await open(path);
        wide.push(...(await overflowing(page)).map((line) => `${path}: ${line}`));
      }
      await open('/payment');
      await page.locator('input[name="amount"]').fill('120.50');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('dialog').waitFor();
      wide.push(...(await overflowing(page)).map((line) => `payment dialog: ${line}`));
      await page.keyboard.press('Escape');

      await open(`/receipt/${'TXN-'.padEnd(90, '7A')}`);
      wide.push(...(await overflowing(page)).map((line) => `receipt: ${line}`));

      await context.clearCookies();
      await page.evaluate(() => localStorage.removeItem('token'));
      const visitor = aTestMember();
      await open('/sign-up');
      await submitSignUpDetails(page, visitor);
      await page.getByLabel('Digit 6', { exact: true }).waitFor();
      wide.push(...(await overflowing(page)).map((line) => `sign-up code: ${line}`));
      const sixth = await page.getByLabel('Digit 6', { exact: true }).boundingBox();
      expect(sixth && sixth.x + sixth.width).toBeLessThanOrEqual(320);

      // Inputs are 16 px or more (no zoom on focus), tap targets 24 px or more.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('input, select, button, a')]
          .filter((el) => el.getBoundingClientRect().width > 0 && !el.closest('.skip-link'))
          .flatMap((el) => {
            const box = el.getBoundingClientRect();
            const font = parseFloat(getComputedStyle(el).fontSize);
            const problems: string[] = [];
            if (el.matches('input, select') && font < 16) problems.push(`font ${font}px`);
            if (box.height < 24 || box.width < 24) problems.push(`${box.width}x${box.height}`);
            return problems.map((p) => `${el.tagName} ${el.textContent?.trim() ?? ''} ${p}`);
          }),
      );
      expect(small).toEqual([]);
      expect(wide).toEqual([]);
    });
  },
  { context: AXE_CONTEXT },
);
