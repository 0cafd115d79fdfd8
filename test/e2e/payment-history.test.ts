import { expect, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { AXE_CONTEXT, checkEveryThemeAndWidth } from './support/axe';
import { aTestMember, expectPath, logIn, registerByApi } from './support/journeys';
import { payThroughSandbox } from './support/payments';
import { describeInChromium } from './support/suite';

jest.setTimeout(240_000);

/** The text of a downloaded PDF as poppler's pdftotext reads it. */
const pdfTextOf = (file: string): string =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');

/**
 * The payment history: a member pays twice (one approved, one declined in the sandbox gateway),
 * finds both on /member/payments from the header, narrows them by status, downloads the completed
 * one's receipt PDF in English and in Chinese, and the receipt page offers the same. axe checks
 * the page in both themes at 1280 and 360 px.
 */
describeInChromium(
  'payment history in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();
    let context: BrowserContext;
    let page: Page;
    let paid = '';
    let declined = '';

    suite.setUp(async () => {
      await registerByApi(suite.baseUrl, member);
      ({ context, page } = suite);
      await logIn(page, suite.baseUrl, member.ic, member.password);
      await expectPath(page, '/payment');
    });

    const rowOf = (transactionId: string) =>
      page.locator(`li.history-item[data-transaction-id="${transactionId}"]`);

    /** Clicks the row's download button and answers the PDF's text. */
    async function downloadedText(transactionId: string, button: string): Promise<string> {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        rowOf(transactionId).getByRole('button', { name: button }).click(),
      ]);
      const file = await download.path();
      expect(download.suggestedFilename()).toMatch(/^receipt-R-\d{4}-\d{6}\.pdf$/);
      return pdfTextOf(file);
    }

    suite.step('pays twice: one approved, one declined', async () => {
      paid = await payThroughSandbox(page, context, suite.baseUrl, '123.45', 'approve');
      declined = await payThroughSandbox(page, context, suite.baseUrl, '77.70', 'decline');
      expect(paid).not.toBe(declined);
    });

    suite.step('the header leads to the history, newest first, in Malaysia time', async () => {
      await page.goto(`${suite.baseUrl}/payment`);
      await page.getByRole('navigation').getByRole('link', { name: 'Payment history' }).click();
      await expectPath(page, '/member/payments');
      await page.getByRole('heading', { level: 1, name: 'Payment history' }).waitFor();
      await rowOf(paid).waitFor();
      const ids = await page
        .locator('li.history-item')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-transaction-id')));
      expect(ids).toEqual([declined, paid]);
      const paidRow = rowOf(paid);
      await paidRow.getByText('RM 123.45').waitFor();
      await paidRow.getByText('Completed').waitFor();
      await paidRow.getByText('(MYT, UTC+8)').waitFor();
      await paidRow.getByText(/^R-\d{4}-\d{6}$/).waitFor();
      await rowOf(declined).getByText('Failed').waitFor();
      // A failed payment has no receipt to download.
      expect(await rowOf(declined).getByRole('button').count()).toBe(0);
      const found = await checkEveryThemeAndWidth(page, 'payment history');
      expect(found).toEqual([]);
    });

    suite.step('the status filter narrows the list', async () => {
      const filter = page.getByLabel('Show');
      await filter.selectOption('completed');
      await rowOf(declined).waitFor({ state: 'detached' });
      await rowOf(paid).waitFor();
      await filter.selectOption('failed');
      await rowOf(paid).waitFor({ state: 'detached' });
      await rowOf(declined).waitFor();
      await filter.selectOption('pending');
      await page.getByText('No payments with this status.').waitFor();
      const found = await checkEveryThemeAndWidth(page, 'payment history, none pending');
      expect(found).toEqual([]);
      await filter.selectOption('all');
      await rowOf(paid).waitFor();
    });

    suite.step('the receipt PDF names the transaction and the amount, in en and zn', async () => {
      const english = await downloadedText(paid, 'Download receipt (PDF)');
      expect(english).toContain(paid);
      expect(english).toContain('123.45');

      await page.getByLabel('Language').selectOption('zn');
      await page.getByRole('heading', { level: 1, name: '付款记录' }).waitFor();
      const chinese = await downloadedText(paid, '下载收据（PDF）');
      expect(chinese).toContain(paid);
      expect(chinese).toContain('123.45');
      expect(chinese).not.toBe(english);
      await page.getByLabel('语言').selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Payment history' }).waitFor();
    });

    suite.step('the receipt page shows the number, downloads and prints', async () => {
      await rowOf(paid).getByRole('link', { name: 'View receipt' }).click();
      await expectPath(page, `/receipt/${paid}`);
      await page.getByText('Receipt number').waitFor();
      await page.getByText(/^R-\d{4}-\d{6}$/).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
      ]);
      const text = pdfTextOf(await download.path());
      expect(text).toContain(paid);
      expect(text).toContain('123.45');

      // On paper: the receipt only, no header or buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.app-header').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await page.getByText(paid).first().waitFor();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: 'Print' }).waitFor();
      // A4 at 96 dpi less 15 mm margins: about 1010 px of printable height.
      expect(height).toBeLessThan(1010);
    });
  },
  // A member in Malaysia: the app says times in the browser's zone.
  { context: { ...AXE_CONTEXT, timezoneId: 'Asia/Kuala_Lumpur' } },
);
