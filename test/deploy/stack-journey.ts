import { type Browser } from 'playwright-core';
import {
  aTestMember,
  expectPath,
  expectToast,
  logIn,
  submitSignUpDetails,
  typeCode,
} from '../e2e/support/journeys';
import { handOffToGateway } from '../e2e/support/payments';

/**
 * A new member's first visit over `origin` (Caddy's HTTPS): signs up with the code the SMS
 * would carry (`codeOf` reads it where the console SMS sender logs it), signs in, pays 123.45
 * through the sandbox gateway's page (approved there) and reads the completed receipt.
 */
export async function memberJourney(
  browser: Browser,
  origin: string,
  codeOf: (phone: string) => Promise<string>,
): Promise<{ phone: string; transactionId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const member = aTestMember();
    await page.goto(`${origin}/sign-up`);
    await submitSignUpDetails(page, member);
    await expectToast(page, 'OTP sent successfully! Code expires in');
    await page.getByText('Verify Phone').first().waitFor();
    await typeCode(page, await codeOf(member.phone));
    await page.getByRole('button', { name: 'Verify & Register' }).click();
    await expectToast(page, 'Registration successful! Redirecting to login page...');
    await expectPath(page, '/login');
    await logIn(page, origin, member.ic, member.password);
    await expectPath(page, '/payment');

    const { gatewayTab, transactionId } = await handOffToGateway(page, context, origin, '123.45');
    await gatewayTab.getByRole('button', { name: 'Approve payment' }).click();
    await gatewayTab.waitForURL((url) => url.pathname === '/return', { timeout: 15_000 });
    await gatewayTab.getByText('Payment Successful').first().waitFor({ timeout: 15_000 });
    await gatewayTab.close();

    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await expectToast(page, 'Payment completed successfully!');
    await page.getByText('RM 123.45').first().waitFor();
    await page
      .getByText(/R-\d{4}-\d{6}/)
      .first()
      .waitFor();
    return { phone: member.phone, transactionId };
  } finally {
    await context.close();
  }
}
