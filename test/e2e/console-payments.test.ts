import { readFile } from 'node:fs/promises';
import { afterAll, expect, jest } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { PAYMENT_EXPORT_COLUMNS } from '../../src/contract/ops-payments-api';
import { applyTheme, AXE_CONTEXT, checkEveryThemeAndWidth } from './support/axe';
import {
  addVirtualAuthenticator,
  applyConsoleTheme,
  createOperatorWithCli,
  enrolAndSignInWithPasskey,
  enrolWithCode,
  signInWithCode,
} from './support/console';
import { aTestMember, expectPath, logIn, registerByApi } from './support/journeys';
import { approvedPaymentByHttp } from './support/payments';
import { describeInChromium } from './support/suite';

jest.setTimeout(300_000);

async function tokenByApi(baseUrl: string, icOrPassport: string, password: string) {
  const res = await fetch(`${baseUrl}/api/service/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ic_or_passport: icOrPassport, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * The console's payments side in Chromium against the real servers on PostgreSQL: a member pays
 * twice through the sandbox gateway (over HTTP, no browser); a finance operator finds a payment
 * by its receipt number, reads its timeline, asks the gateway again and requests a partial
 * refund; a second finance operator, signed in with a passkey, approves it from the refunds queue
 * and gives the passkey again when asked; the member's history says "Partly refunded"; the CSV of
 * a search parses back to the member's payments; the reports page loads uPlot, which no other
 * page does. axe-core checks every new screen in both themes at 1280 and 360 px.
 */
describeInChromium(
  'console payments and refunds in Chromium',
  ['postgres'],
  (suite) => {
    const member = aTestMember();
    const stamp = Date.now().toString(36);
    const requester = {
      name: 'Farah Hanim',
      email: `farah.${stamp}@example.my`,
      role: 'finance',
      password: 'finance-passphrase-2026',
    };
    const approver = {
      name: 'Lim Wei Jie',
      email: `lim.${stamp}@example.my`,
      role: 'finance',
      password: 'approver-passphrase-2026',
    };
    let page: Page;
    let db: Client;
    let opsUrl = '';
    const payments: { id: string; amount: string; receipt: string }[] = [];
    const chartRequests: string[] = [];

    const axe = (state: string, shot: string, dialog = false) =>
      checkEveryThemeAndWidth(page, state, `console-${shot}`, {
        // A theme switch behind an open dialog cannot be clicked: set the theme directly.
        applyTheme: dialog ? applyTheme : applyConsoleTheme,
      });
    const menu = () => page.getByRole('navigation', { name: 'Console menu' });
    const newOpsPage = async (context: BrowserContext) => {
      page = await context.newPage();
      suite.usePage(page);
      page.on('request', (request) => {
        if (/uplot-chart\.[^/]*\.js$/.test(request.url())) chartRequests.push(page.url());
      });
      return page;
    };

    suite.setUp(async () => {
      opsUrl = suite.portal.opsUrl ?? '';
      db = new Client({ connectionString: suite.portal.databaseUrl });
      // The portal drops its database when the suite stops, possibly before this client ends.
      db.on('error', () => undefined);
      await db.connect();
      await registerByApi(suite.baseUrl, member);
      const token = await tokenByApi(suite.baseUrl, member.ic, member.password);
      for (const amount of ['100.00', '60.00']) {
        const id = await approvedPaymentByHttp(suite.baseUrl, token, amount);
        const { rows } = await db.query<{ receipt_number: string }>(
          'SELECT receipt_number FROM transactions WHERE id = $1',
          [id],
        );
        payments.push({ id, amount, receipt: rows[0]?.receipt_number ?? '' });
      }
      expect(payments.every((p) => p.receipt !== '')).toBe(true);
      await newOpsPage(await suite.browser.newContext(AXE_CONTEXT));
    });

    afterAll(async () => {
      await db?.end();
    });

    suite.step('a finance operator finds a payment by its receipt number', async () => {
      const secret = await enrolWithCode(
        page,
        await createOperatorWithCli(suite.portal, requester),
        requester.password,
      );
      await signInWithCode(page, opsUrl, requester, secret);
      for (const name of ['Members', 'Payments', 'Refunds', 'Reports']) {
        await menu().getByRole('link', { name }).waitFor();
      }
      await menu().getByRole('link', { name: 'Payments' }).click();
      await page.getByText('Payments shown: 2').waitFor();
      expect(await axe('payments search', 'payments')).toEqual([]);

      const [paid] = payments;
      await page.getByLabel('Payment reference').fill(paid.receipt);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Payments shown: 1').waitFor();
      const shown = await page.locator('main').innerText();
      expect(shown).not.toContain(member.phone);
      await page.getByRole('link', { name: paid.receipt }).click();
      await page.getByRole('heading', { name: `Payment ${paid.receipt}`, level: 1 }).waitFor();
      expect(await page.locator('dd[data-field="amount"]').innerText()).toBe('RM 100.00');
      expect(await page.locator('dd[data-field="refundable"]').innerText()).toBe('RM 100.00');
    });

    suite.step('reads the timeline and asks the gateway now', async () => {
      const timeline = page.getByRole('list', { name: 'Timeline' });
      for (const kind of ['created', 'handed_to_gateway', 'callback']) {
        await timeline.locator(`li[data-kind="${kind}"]`).first().waitFor();
      }
      const callback = timeline.locator('li[data-kind="callback"]').first();
      expect(await callback.innerText()).toContain('Verified, applied');
      await callback.getByText('Message as stored').click();
      expect(await callback.locator('pre').innerText()).toContain(payments[0].id);
      expect(await axe('payment', 'payment')).toEqual([]);

      await page.getByRole('button', { name: 'Ask the gateway now' }).click();
      await page
        .getByRole('status')
        .getByText(/^The gateway/)
        .waitFor();
      const asked = timeline.locator('li[data-kind="requery"]');
      await asked.first().waitFor();
      expect(await asked.first().innerText()).toContain(`By ${requester.name}`);
    });

    suite.step('requests a partial refund, with clear errors first', async () => {
      const amount = page.getByLabel('Amount (RM)');
      const reason = page.getByLabel('Reason', { exact: true });
      await amount.fill('0');
      await reason.fill('Member paid for the same class twice');
      await page.getByRole('button', { name: 'Request the refund' }).click();
      await page.getByText('The amount must be more than RM 0.00.').waitFor();
      await amount.fill('100.01');
      await page.getByRole('button', { name: 'Request the refund' }).click();
      await page.getByText('The amount is more than what may still be refunded.').waitFor();
      expect(await axe('refund request with an error', 'refund-request')).toEqual([]);

      await amount.fill('30');
      await page.getByRole('button', { name: 'Request the refund' }).click();
      await page.getByText('Refund requested. Another operator must approve it.').waitFor();
      const refund = page.locator('li.console-refund').first();
      await refund.getByRole('heading', { name: 'RM 30.00, Waiting for approval' }).waitFor();
      // Two people: the requester is offered no decision on their own request.
      expect(await refund.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(await page.locator('dd[data-field="refundable"]').innerText()).toBe('RM 70.00');
    });

    suite.step('another finance operator approves it, giving the passkey again', async () => {
      const context = await suite.browser.newContext(AXE_CONTEXT);
      await newOpsPage(context);
      await addVirtualAuthenticator(page);
      await enrolAndSignInWithPasskey(
        page,
        await createOperatorWithCli(suite.portal, approver),
        approver,
      );
      await menu().getByRole('link', { name: 'Refunds' }).click();
      await page.getByText('Refunds waiting: 1').waitFor();
      expect(await axe('refunds queue', 'refunds')).toEqual([]);
      await page.getByRole('link', { name: payments[0].id }).click();

      // The second factor of the sign-in is more than five minutes old.
      await db.query(
        `UPDATE operator_sessions SET second_factor_at = now() - interval '10 minutes'`,
      );
      const refund = page.locator('li.console-refund').first();
      await refund.getByRole('button', { name: 'Approve' }).click();
      const decision = page.getByRole('dialog', { name: 'Approve' });
      await decision.getByLabel('Reason').fill('Duplicate payment confirmed with the member');
      await decision.getByRole('button', { name: 'Approve' }).click();
      const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
      await stepUp.waitFor();
      expect(await axe('step-up dialog', 'step-up', true)).toEqual([]);
      // Escape closes the step-up only: focus goes back into the Approve dialog, which still
      // hears Escape; then the approval is asked for again.
      await page.keyboard.press('Escape');
      await stepUp.waitFor({ state: 'hidden' });
      expect(await decision.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await decision.waitFor({ state: 'hidden' });
      await refund.getByRole('button', { name: 'Approve' }).click();
      await decision.getByLabel('Reason').fill('Duplicate payment confirmed with the member');
      await decision.getByRole('button', { name: 'Approve' }).click();
      await stepUp.waitFor();
      await stepUp.getByRole('button', { name: 'Use a passkey instead' }).click();
      await stepUp.getByRole('button', { name: 'Continue with a passkey' }).click();
      await page.getByRole('status').getByText('Refund approved.').waitFor();
      // The sandbox gateway refunds through its API: the refund ends refunded.
      const refunded = page.locator('dd[data-field="refunded"]');
      for (let tries = 0; (await refunded.innerText()) !== 'RM 30.00' && tries < 20; tries++) {
        await page.waitForTimeout(1_000);
        await page.reload();
        await refunded.waitFor();
      }
      expect(await refunded.innerText()).toBe('RM 30.00');
    });

    suite.step('the member sees "Partly refunded" in their history', async () => {
      const memberContext = await suite.browser.newContext({ locale: 'en-US' });
      const memberPage = await memberContext.newPage();
      await logIn(memberPage, suite.baseUrl, member.ic, member.password);
      // Signed in once the portal leaves the sign-in page: a navigation before would cut it off.
      await expectPath(memberPage, '/payment');
      await memberPage.goto(`${suite.baseUrl}/member/payments`);
      const row = (payment: { id: string }) =>
        memberPage.locator(`li.history-item[data-transaction-id="${payment.id}"]`);
      await row(payments[0]).getByText('Partly refunded RM 30.00', { exact: true }).waitFor();
      // Only the refunded payment says so; the other one was not refunded.
      await row(payments[1]).waitFor();
      expect(await row(payments[1]).locator('.history-refund').count()).toBe(0);
      await memberContext.close();
    });

    suite.step('the CSV of a search parses back to the member\u2019s payments', async () => {
      await menu().getByRole('link', { name: 'Payments' }).click();
      await page.getByLabel("Member's phone or IC").fill(member.ic);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Payments shown: 2').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      const text = await readFile((await download.path()) ?? '', 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0] ?? {})).toEqual([...PAYMENT_EXPORT_COLUMNS]);
      const seen = rows
        .map((row) => [
          row.transaction_id,
          row.receipt_number,
          row.amount,
          row.refunded,
          row.status,
        ])
        .sort();
      expect(seen).toEqual(
        payments
          .map((p, n) => [p.id, p.receipt, p.amount, n === 0 ? '30.00' : '0.00', 'completed'])
          .sort(),
      );
    });

    suite.step('the reports page draws the chart, and only it loads uPlot', async () => {
      expect(chartRequests).toEqual([]);
      await menu().getByRole('link', { name: 'Reports' }).click();
      const table = page.getByRole('table', { name: 'Payments by day (count, amount)' });
      await table.waitFor();
      await page.locator('.console-chart-canvas canvas').first().waitFor();
      expect(chartRequests).toHaveLength(1);
      const totals = await table.locator('tfoot tr').innerText();
      expect(totals).toContain('2 · RM 160.00');
      expect(await axe('reports', 'reports')).toEqual([]);
    });
  },
  { host: 'localhost', console: true },
);
