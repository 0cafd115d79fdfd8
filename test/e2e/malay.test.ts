import { expect, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { AXE_CONTEXT, checkEveryThemeAndWidth } from './support/axe';
import { aTestMember, expectPath, expectToast, registerByApi } from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(300_000);

/** The text of a downloaded PDF as poppler's pdftotext reads it. */
const pdfTextOf = (file: string): string =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');

/**
 * A Malaysian member whose browser says `ms-MY` (Chromium's locale, so navigator.languages and
 * Accept-Language) gets Bahasa Melayu on the first visit, with nothing chosen: signs in, pays in
 * the sandbox gateway's Malay page, finds the payment and downloads its receipt PDF in Malay.
 * axe checks the login and payment screens in Malay, in both themes at 1280 and 360 px.
 */
describeInChromium(
  'Bahasa Melayu for an ms-MY browser in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();
    let context: BrowserContext;
    let page: Page;
    let paid = '';

    suite.setUp(async () => {
      await registerByApi(suite.baseUrl, member);
      ({ context, page } = suite);
    });

    suite.step('the first visit is in Malay, <html lang="ms">, and keeps the choice', async () => {
      await page.goto(`${suite.baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Log Masuk' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ms');
      const switcher = page.getByLabel('Bahasa', { exact: true });
      expect(await switcher.inputValue()).toBe('ms');
      const option = switcher.locator('option[value="ms"]');
      expect(await option.textContent()).toBe('Bahasa Melayu');
      expect(await option.getAttribute('lang')).toBe('ms');
    });

    suite.step('axe on the login screen in Malay, and its errors in Malay', async () => {
      const found = await checkEveryThemeAndWidth(page, 'login in Malay');
      await page.getByRole('button', { name: 'Log Masuk', exact: true }).click();
      await page.getByText('No. Kad Pengenalan atau Pasport diperlukan').waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'login in Malay with errors')));
      expect(found).toEqual([]);

      // An error code's text (AUTH_INVALID_CREDENTIALS) in Malay.
      await page.getByLabel('No. Kad Pengenalan/Pasport').fill(member.ic);
      await page.getByLabel('Kata Laluan', { exact: true }).fill('not-the-password-1');
      await page.getByRole('button', { name: 'Log Masuk', exact: true }).click();
      await expectToast(page, 'No. Kad Pengenalan/pasport atau kata laluan tidak sah.');
    });

    suite.step('signs in in Malay', async () => {
      await page.getByLabel('Kata Laluan', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Log Masuk', exact: true }).click();
      await expectToast(page, 'Log masuk berjaya! Membawa anda ke halaman bayaran...');
      await expectPath(page, '/payment');
      await page.getByRole('heading', { level: 1, name: 'Gerbang Pembayaran Selamat' }).waitFor();
    });

    suite.step('axe on the payment screen and its dialog in Malay', async () => {
      const found = await checkEveryThemeAndWidth(page, 'payment in Malay');
      await page.locator('input[name="amount"]').fill('');
      await page.getByRole('button', { name: 'Teruskan ke Bayaran' }).click();
      await page.getByText('Amaun diperlukan').first().waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'payment in Malay with errors')));
      await page.locator('input[name="amount"]').fill('50.00');
      await page.getByRole('button', { name: 'Teruskan ke Bayaran' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Sahkan Butiran Bayaran Anda').waitFor();
      // The payment screen names the currency by its code (MYR), as in every language.
      await dialog.getByText('MYR 50.00').first().waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'payment dialog in Malay')));
      expect(found).toEqual([]);
      await dialog.getByRole('button', { name: 'Semakan' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    suite.step('pays RM 50.00 through the sandbox gateway’s Malay page', async () => {
      await page.locator('input[name="amount"]').fill('50.00');
      const method = page.locator('select[name="payment_method"]');
      if ((await method.count()) > 0) await method.selectOption('qr');
      await page.getByRole('button', { name: 'Teruskan ke Bayaran' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Sahkan Butiran Bayaran Anda').waitFor();
      const [gatewayTab] = await Promise.all([
        context.waitForEvent('page'),
        dialog.getByRole('button', { name: 'Sahkan & Teruskan' }).click(),
      ]);
      await expectToast(page, 'Bayaran berjaya dimulakan!');

      await gatewayTab.getByText('RM 50.00').first().waitFor({ timeout: 15_000 });
      expect(await gatewayTab.evaluate(() => document.documentElement.lang)).toBe('ms');
      await gatewayTab.getByText('ID Transaksi').waitFor();
      await expectPath(page, /^\/receipt\//);
      paid = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      await gatewayTab.getByText(paid).first().waitFor();

      await gatewayTab.getByRole('button', { name: 'Luluskan bayaran' }).click();
      await gatewayTab.waitForURL((url) => url.pathname === '/return', { timeout: 15_000 });
      await gatewayTab.getByText('Bayaran Berjaya').first().waitFor({ timeout: 15_000 });
      await gatewayTab.getByText('RM 50.00').first().waitFor();
      await gatewayTab.close();

      await page.getByRole('button', { name: 'Muat Semula Status' }).click();
      await expectToast(page, 'Bayaran berjaya diselesaikan!');
    });

    suite.step('the history says it in Malay, dated day, month, year', async () => {
      await page.goto(`${suite.baseUrl}/member/payments`);
      await page.getByRole('heading', { level: 1, name: 'Sejarah bayaran' }).waitFor();
      const row = page.locator(`li.history-item[data-transaction-id="${paid}"]`);
      await row.getByText('Berjaya').waitFor();
      await row.getByText('RM 50.00').waitFor();
      const text = (await row.textContent()) ?? '';
      // ms-MY's medium date and time: '24 Nov 2026, 9:05 PTG' (the day first; PG/PTG, not am/pm).
      expect(text).toMatch(
        /(^|\D)\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} (PG|PTG) \(MYT, UTC\+8\)/,
      );
    });

    suite.step('the receipt PDF downloads in Malay', async () => {
      const row = page.locator(`li.history-item[data-transaction-id="${paid}"]`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'Muat turun resit (PDF)' }).click(),
      ]);
      const text = pdfTextOf(await download.path());
      for (const expected of ['Resit Bayaran', 'ID transaksi', paid, '50.00', 'Berjaya']) {
        expect(text).toContain(expected);
      }
      expect(text).toContain('(waktu Malaysia, UTC+8)');
      expect(text).not.toContain('Payment receipt');
    });

    suite.step('a choice in the switcher outranks the browser on the next visit', async () => {
      await page.getByLabel('Bahasa', { exact: true }).selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Payment history' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Payment history' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByLabel('Language', { exact: true }).selectOption('ms');
      await page.getByRole('heading', { level: 1, name: 'Sejarah bayaran' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
    });
  },
  { context: { ...AXE_CONTEXT, locale: 'ms-MY', timezoneId: 'Asia/Kuala_Lumpur' } },
);
