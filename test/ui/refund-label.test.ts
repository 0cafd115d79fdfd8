import { refundLabel, RefundTexts } from '../../src/ui/shared/refund-label';

describe('refundLabel (a payment’s refunds beside its status)', () => {
  it('says Refunded when the refunds done give back the whole amount', () => {
    expect(refundLabel('123.45', '123.45')).toEqual({ key: RefundTexts.refunded });
    expect(refundLabel('50', '50.00')).toEqual({ key: RefundTexts.refunded });
  });

  it('says Partly refunded with the refunded sum in ringgit when less', () => {
    expect(refundLabel('123.45', '23.4')).toEqual({
      key: RefundTexts.partlyRefunded,
      values: { amount: 'RM 23.40' },
    });
    expect(refundLabel('100.00', '99.99')).toEqual({
      key: RefundTexts.partlyRefunded,
      values: { amount: 'RM 99.99' },
    });
    expect(refundLabel('100.00', '0.01')).toEqual({
      key: RefundTexts.partlyRefunded,
      values: { amount: 'RM 0.01' },
    });
  });

  it('says nothing when nothing was refunded, or an amount is missing or not an amount', () => {
    expect(refundLabel('123.45', '0.00')).toBeNull();
    expect(refundLabel('123.45', undefined)).toBeNull();
    expect(refundLabel(undefined, '10.00')).toBeNull();
    expect(refundLabel('123.45', '-1.00')).toBeNull();
    expect(refundLabel('123.45', '1.005')).toBeNull();
    expect(refundLabel('abc', '10.00')).toBeNull();
  });
});
