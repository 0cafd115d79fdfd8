import type { ProfileDto } from '../../src/contract/api';
import { toProfile } from '../../src/domain/model/profile';
import { toTransaction } from '../../src/domain/model/transaction-answer';

describe('API answers become their classes (plainToInstance, only the exposed fields)', () => {
  it('reads the profile answer: snake_case renamed, blanks as null, nothing else kept', () => {
    const wire = {
      name: ' Aminah ',
      phone_no: '60123456789',
      ic_or_passport: '',
      user_id: 42,
      created_at: '2026-01-02T03:04:05.000Z',
      password_hash: 'never shown',
    } as unknown as ProfileDto;
    const profile = toProfile(wire);
    expect(profile).toStrictEqual({
      name: 'Aminah',
      phoneNo: '60123456789',
      icOrPassport: null,
      userId: '42',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(Object.getPrototypeOf(profile)).toBe(Object.prototype);
  });

  it('reads a payment status answer, keeping only what the status page uses', () => {
    expect(
      toTransaction(
        { transactionId: 'T1', status: 'success', amount: 12.5, receiptNumber: '', extra: 1 },
        'asked',
      ),
    ).toStrictEqual({ transactionId: 'T1', status: 'completed', amount: '12.5' });
    expect(
      toTransaction(
        { status: 'weird', receiptNumber: 'R-2026-000001', refundedAmount: '0.00' },
        'asked',
      ),
    ).toStrictEqual({
      transactionId: 'asked',
      status: 'pending',
      amount: undefined,
      receiptNumber: 'R-2026-000001',
      refundedAmount: '0.00',
    });
  });
});
