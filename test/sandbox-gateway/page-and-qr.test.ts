import { escapeHtml, renderPaymentPage } from '../../sandbox-gateway/sandbox-page';
import { crc16Ccitt, emvQrPayload, qrDataUri } from '../../sandbox-gateway/sandbox-qr';

describe('sandbox page and QR', () => {
  it('computes the EMVCo CRC-16/CCITT-FALSE check value', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it('builds a dynamic EMV payload with amount, MYR and a valid CRC', () => {
    const payload = emvQrPayload({
      merchantName: 'Member Payment Portal',
      transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      amount: '123.45',
    });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('5303458');
    expect(payload).toContain('5406123.45');
    expect(payload.slice(-4)).toBe(crc16Ccitt(payload.slice(0, -4)));
  });

  it('renders a PNG QR as a data: URI', async () => {
    const uri = await qrDataUri({
      merchantName: 'M',
      transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      amount: '50.00',
    });
    expect(uri).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
  });

  it('escapes every interpolated value and carries no script or inline style', () => {
    const html = renderPaymentPage({
      merchantName: '<script>alert(1)</script>',
      transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      amount: '123.45',
      qrDataUri: 'data:image/png;base64,AAAA',
      sessionToken: '"><b>',
    });
    expect(html).toContain('RM 123.45');
    expect(html).toContain(escapeHtml('<script>alert(1)</script>'));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toContain('"><b>');
    expect(html).toContain('Approve payment');
    expect(html).toContain('Decline payment');
  });
});
