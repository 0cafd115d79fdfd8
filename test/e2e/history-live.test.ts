import { expect, jest } from '@jest/globals';
import { aTestMember, expectPath, logIn, registerByApi } from './support/journeys';
import { handOffToGateway } from './support/payments';
import { describeInChromium } from './support/suite';

jest.setTimeout(120_000);

/**
 * A payment that completes while its history page is open: the row turns Completed and shows its
 * receipt number at the poll that sees it complete, without a reload.
 */
describeInChromium(
  'history of a payment completing while open, in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();

    suite.setUp(async () => {
      await registerByApi(suite.baseUrl, member);
      await logIn(suite.page, suite.baseUrl, member.ic, member.password);
      await expectPath(suite.page, '/payment');
    });

    suite.step('the pending row completes with its receipt number', async ({ page, context }) => {
      const { gatewayTab, transactionId } = await handOffToGateway(
        page,
        context,
        suite.baseUrl,
        '88.80',
      );

      await page.goto(`${suite.baseUrl}/member/payments`);
      const row = page.locator(`li.history-item[data-transaction-id="${transactionId}"]`);
      await row.getByText('Pending').waitFor();
      expect(await row.getByText(/^R-\d{4}-\d{6}$/).count()).toBe(0);
      const reads = { history: 0 };
      page.on('request', (request) => {
        if (request.url().includes('/api/payment/history')) reads.history += 1;
      });

      await gatewayTab.getByRole('button', { name: 'Approve payment' }).click();
      await gatewayTab.getByText('Payment Successful').first().waitFor({ timeout: 15_000 });
      await gatewayTab.close();
      // The page polls every 3 s: the next poll sees it complete.
      await row.getByText('Completed').waitFor({ timeout: 10_000 });
      await row.getByText(/^R-\d{4}-\d{6}$/).waitFor({ timeout: 5_000 });
      await row.getByRole('button', { name: 'Download receipt (PDF)' }).waitFor();
      expect(reads.history).toBe(0);
    });
  },
);
