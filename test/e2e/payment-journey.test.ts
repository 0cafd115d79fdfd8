import { expect, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { aTestMember, expectPath, expectToast, logIn, registerByApi } from './support/journeys';
import { startPayment as startPaymentIn } from './support/payments';
import { describeInChromium } from './support/suite';

jest.setTimeout(180_000);

describeInChromium('payment journey in Chromium', ['pglite', 'postgres'], (suite) => {
  const member = aTestMember();

  suite.setUp(async () => {
    await registerByApi(suite.baseUrl, member);
    await logIn(suite.page, suite.baseUrl, member.ic, member.password);
    await expectPath(suite.page, '/payment');
  });

  const startPayment = (amount: string): Promise<Page> =>
    startPaymentIn(suite.page, suite.context, suite.baseUrl, amount);

  suite.step('the amount rules show their messages', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/payment`);
    const amount = page.locator('input[name="amount"]');
    await amount.fill('');
    await amount.pressSequentially('12a.345');
    expect(await amount.inputValue()).toBe('12.34');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Minimum amount is MYR 50.00').first().waitFor();
  });

  suite.step(
    'paying 123.45 and approving in the sandbox tab completes everywhere',
    async ({ page }) => {
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
    },
  );

  suite.step(
    'a declined payment shows failed on the return and receipt pages',
    async ({ page }) => {
      const gatewayTab = await startPayment('75.50');
      await gatewayTab.getByText('RM 75.50').first().waitFor({ timeout: 15_000 });
      await expectPath(page, /^\/receipt\//);
      await gatewayTab.getByRole('button', { name: 'Decline payment' }).click();
      await gatewayTab.waitForURL((url) => url.pathname === '/return', { timeout: 15_000 });
      await gatewayTab.getByText('Payment Failed').first().waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Refresh Status' }).click();
      await expectToast(page, 'Payment failed. Please try again.');
      await gatewayTab.close();
    },
  );

  suite.step('the return page without a transaction ID says so', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/return`);
    await page.getByText('No transaction ID found in URL').first().waitFor();
  });
});
