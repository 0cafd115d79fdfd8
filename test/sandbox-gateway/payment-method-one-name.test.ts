import { PdfkitReceiptRenderer } from '../../server/adapters/pdf/pdfkit-receipt-renderer.adapter';
import { renderPaymentPage } from '../../sandbox-gateway/sandbox-page';
import { LANGUAGES } from '../../src/contract/languages';
import { PAYMENT_METHOD_NAMES } from '../../src/contract/payment-methods';
import { paymentMethodLabel } from '../../src/ui/components/payment-method-name';
import { pdfText } from '../server/support/pdf-tools';

jest.setTimeout(30_000);

/**
 * One name per payment method, from the contract: the member app's screens, the gateway's
 * payment page and the receipt PDF print the same words, in each language.
 */
describe.each(LANGUAGES)('the QR method’s one name in %s', (language) => {
  const name = PAYMENT_METHOD_NAMES[language].qr;
  const html = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('is the app’s label', () => {
    expect(paymentMethodLabel('qr', language, (key) => key)).toBe(name);
  });

  it('is what the gateway’s payment page shows', () => {
    const page = renderPaymentPage({
      merchantName: 'Kelab Ahli',
      transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      amount: '50.00',
      qrDataUri: 'data:image/png;base64,AAAA',
      sessionToken: 'session',
      paymentMethod: 'qr',
      language,
    });
    expect(page).toContain(`<dd>${html(name)}</dd>`);
  });

  it('is what the receipt PDF prints', async () => {
    const pdf = await new PdfkitReceiptRenderer().render({
      language,
      merchantName: 'Kelab Ahli',
      receiptNumber: 'R-2026-000001',
      memberName: 'Aisyah Rahman',
      maskedIdentity: '********5678',
      transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      gatewayReference: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      amount: '50.00',
      paymentMethod: 'qr',
      status: 'completed',
      paidAt: new Date(Date.UTC(2026, 0, 1, 9, 0)),
      refunds: [],
      refundedTotal: '0.00',
      issuedAt: new Date(Date.UTC(2026, 0, 1, 9, 1)),
    });
    expect(pdfText(pdf).replace(/\s+/g, ' ')).toContain(name);
  });
});
