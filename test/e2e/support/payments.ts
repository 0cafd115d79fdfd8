import type { BrowserContext, Page } from 'playwright-core';
import { expectPath, expectToast } from './journeys';

/**
 * Pays `amount` from the payment screen and answers in the sandbox gateway's tab (approve or
 * decline); resolves with the transaction ID once the gateway's return page shows the outcome.
 */
export async function payThroughSandbox(
  page: Page,
  context: BrowserContext,
  baseUrl: string,
  amount: string,
  outcome: 'approve' | 'decline',
): Promise<string> {
  const { gatewayTab, transactionId } = await handOffToGateway(page, context, baseUrl, amount);
  const button = outcome === 'approve' ? 'Approve payment' : 'Decline payment';
  await gatewayTab.getByRole('button', { name: button }).click();
  await gatewayTab.waitForURL((url) => url.pathname === '/return', { timeout: 15_000 });
  const shown = outcome === 'approve' ? 'Payment Successful' : 'Payment Failed';
  await gatewayTab.getByText(shown).first().waitFor({ timeout: 15_000 });
  await gatewayTab.close();
  return transactionId;
}

/**
 * Fills the payment form with `amount`, confirms in the dialog, and resolves with the gateway's
 * tab once the payer's tab says the payment was initiated.
 */
export async function startPayment(
  page: Page,
  context: BrowserContext,
  baseUrl: string,
  amount: string,
): Promise<Page> {
  await page.goto(`${baseUrl}/payment`);
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

/**
 * Pays `amount` from the payment screen up to the hand-off: the gateway's tab, showing the
 * amount, and the payer's tab on the receipt of the transaction it names.
 */
export async function handOffToGateway(
  page: Page,
  context: BrowserContext,
  baseUrl: string,
  amount: string,
): Promise<{ gatewayTab: Page; transactionId: string }> {
  const gatewayTab = await startPayment(page, context, baseUrl, amount);
  await gatewayTab.getByText(`RM ${amount}`).first().waitFor({ timeout: 15_000 });
  await expectPath(page, /^\/receipt\//);
  const transactionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  return { gatewayTab, transactionId };
}

/**
 * A payment made over real HTTP, no browser: the API creates it for the member holding `token`,
 * the sandbox gateway's page is opened with the signed hand-off and the payment approved there
 * (the gateway's signed callback reaches the API before the gateway answers). Resolves with the
 * transaction ID once the payment is completed.
 */
export async function approvedPaymentByHttp(
  baseUrl: string,
  token: string,
  amount: string,
): Promise<string> {
  const created = await fetch(`${baseUrl}/api/transaction/generate-payment-request-body`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ amount, payment_method: 'qr' }),
  });
  if (created.status !== 200) throw new Error(`create payment answered ${created.status}`);
  const { data } = (await created.json()) as {
    data: { transactionId: string; gateway: { url: string; fields: Record<string, string> } };
  };
  const page = await fetch(data.gateway.url, {
    method: 'POST',
    body: new URLSearchParams(data.gateway.fields),
  });
  const session = /name="session" value="([^"]+)"/.exec(await page.text())?.[1];
  if (session === undefined) throw new Error(`no gateway page for ${data.transactionId}`);
  const decided = await fetch(
    `${new URL(data.gateway.url).origin}/pay/${data.transactionId}/approve`,
    { method: 'POST', body: new URLSearchParams({ session }), redirect: 'manual' },
  );
  if (decided.status !== 303) throw new Error(`approving answered ${decided.status}`);
  return data.transactionId;
}
