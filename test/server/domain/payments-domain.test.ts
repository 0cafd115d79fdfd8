import { createHmac } from 'node:crypto';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { formatSen, parseAmountToSen } from '../../../src/contract/money';
import {
  decideOutcome,
  generateTransactionId,
  TRANSACTION_ID_PATTERN,
} from '../../../server/domain/transaction';
import {
  gatewayOutcomeCanonical,
  handOffCanonical,
  isTimestampFresh,
  type HandOffFields,
} from '../../../src/contract/sandbox-gateway';

describe('money in sen', () => {
  it.each([
    ['50', 5000],
    ['50.00', 5000],
    ['123.45', 12345],
    ['123.4', 12340],
    [123.45, 12345],
    [50, 5000],
    ['0050.10', 5010],
    ['1000000.00', 100_000_000],
  ])('parses %p as %p sen', (input, sen) => {
    expect(parseAmountToSen(input)).toEqual({ ok: true, value: sen });
  });

  it.each([
    ['49.99', 'below_minimum'],
    [49.99, 'below_minimum'],
    ['0', 'below_minimum'],
    ['1.234', 'format'],
    [1.234, 'format'],
    ['abc', 'format'],
    ['-50', 'format'],
    ['50.', 'format'],
    [' 50', 'format'],
    ['1e3', 'format'],
    [Number.NaN, 'format'],
    [Infinity, 'format'],
    [true, 'format'],
    ['', 'required'],
    [undefined, 'required'],
    ['1000000.01', 'above_maximum'],
    ['99999999999999999999', 'above_maximum'],
    [1e21, 'format'],
  ])('refuses %p (%s)', (input, error) => {
    expect(parseAmountToSen(input)).toEqual({ ok: false, error });
  });

  it('formats sen with exactly two decimals', () => {
    expect(formatSen(12345)).toBe('123.45');
    expect(formatSen(5000)).toBe('50.00');
    expect(formatSen(5)).toBe('0.05');
    expect(() => formatSen(1.5)).toThrow(RangeError);
  });
});

describe('transactions', () => {
  it('generates TXN + 24 base32 characters from 15 random bytes', () => {
    const zeros = generateTransactionId((n) => new Uint8Array(n));
    expect(zeros).toBe(`TXN${'A'.repeat(24)}`);
    const ones = generateTransactionId((n) => new Uint8Array(n).fill(255));
    expect(ones).toBe(`TXN${'7'.repeat(24)}`);
    const sizes: number[] = [];
    const id = generateTransactionId((n) => {
      sizes.push(n);
      return Uint8Array.from({ length: n }, (_, i) => i * 17);
    });
    expect(sizes).toEqual([15]);
    expect(id).toMatch(TRANSACTION_ID_PATTERN);
  });

  it('moves only forward: pending -> final once, repeats are duplicates, reversals contradict', () => {
    expect(decideOutcome('pending', 'completed')).toEqual({ kind: 'apply', to: 'completed' });
    expect(decideOutcome('pending', 'failed')).toEqual({ kind: 'apply', to: 'failed' });
    expect(decideOutcome('completed', 'completed')).toEqual({ kind: 'duplicate' });
    expect(decideOutcome('failed', 'failed')).toEqual({ kind: 'duplicate' });
    expect(decideOutcome('completed', 'failed')).toEqual({
      kind: 'contradiction',
      current: 'completed',
    });
    expect(decideOutcome('failed', 'completed')).toEqual({
      kind: 'contradiction',
      current: 'failed',
    });
  });
});

describe('signed messages', () => {
  const fields: HandOffFields = {
    clientId: 'member-portal',
    transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
    amount: '123.45',
    custName: 'Siti | Aminah',
    custMobile: '60123456789',
    custEmail: '',
    returnUrl: 'http://x/return?transactionId=TXNAAAAAAAAAAAAAAAAAAAAAAAA',
    callbackUrl: 'http://x/api/payment/callback',
    paymentMethod: 'qr',
  };

  it('joins encoded hand-off fields with | in a fixed order', () => {
    expect(handOffCanonical(fields)).toBe(
      'member-portal|TXNAAAAAAAAAAAAAAAAAAAAAAAA|123.45|Siti%20%7C%20Aminah|60123456789||' +
        'http%3A%2F%2Fx%2Freturn%3FtransactionId%3DTXNAAAAAAAAAAAAAAAAAAAAAAAA|' +
        'http%3A%2F%2Fx%2Fapi%2Fpayment%2Fcallback|qr',
    );
  });

  it('cannot be re-split: a | moved between fields changes the canonical string', () => {
    const shifted = { ...fields, custName: 'Siti ', custMobile: ' Aminah|60123456789' };
    expect(handOffCanonical(shifted)).not.toBe(handOffCanonical(fields));
  });

  it('signs the callback canonical transactionId|status|amount|timestamp', () => {
    expect(
      gatewayOutcomeCanonical({
        transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
        status: 'completed',
        amount: '123.45',
        timestamp: 1767258000,
      }),
    ).toBe('TXNAAAAAAAAAAAAAAAAAAAAAAAA|completed|123.45|1767258000');
  });

  it('HMAC-SHA256 signer matches node:crypto and refuses other keys and malformed hex', () => {
    const signer = new HmacSha256PaymentSigner('k1');
    const expected = createHmac('sha256', 'k1').update('a|b').digest('hex');
    expect(signer.sign('a|b')).toBe(expected);
    expect(signer.verify('a|b', expected)).toBe(true);
    expect(signer.verify('a|b', expected.toUpperCase())).toBe(true);
    expect(signer.verify('a|c', expected)).toBe(false);
    expect(new HmacSha256PaymentSigner('k2').verify('a|b', expected)).toBe(false);
    expect(signer.verify('a|b', expected.slice(0, 62))).toBe(false);
    expect(signer.verify('a|b', `${expected.slice(0, 63)}g`)).toBe(false);
    expect(signer.verify('a|b', '')).toBe(false);
  });

  it('accepts timestamps within five minutes either way', () => {
    const now = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
    const s = now.getTime() / 1000;
    expect(isTimestampFresh(s - 300, now)).toBe(true);
    expect(isTimestampFresh(s + 300, now)).toBe(true);
    expect(isTimestampFresh(s - 301, now)).toBe(false);
    expect(isTimestampFresh(s + 301, now)).toBe(false);
  });
});
