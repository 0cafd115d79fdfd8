import { type SmsCodeRecord } from '../../../server/domain/sms-code-policy';
import { at } from './contract-time';
import { type StoreSet } from './store-backends';

const PHONE = '60121234599';
let sequence = 0;
const aCode = (minutes: number, overrides: Partial<SmsCodeRecord> = {}): SmsCodeRecord => {
  sequence += 1;
  return {
    id: `00000000-0000-4000-d000-${String(sequence).padStart(12, '0')}`,
    phoneNo: PHONE,
    purpose: 'registration',
    codeHash: 'hash',
    attempts: 0,
    createdAt: at(minutes),
    expiresAt: at(minutes + 5),
    consumedAt: null,
    ...overrides,
  };
};

/** What every SmsCodeStore keeps of what became of each code's SMS. */
export function smsDeliveryContract(stores: () => StoreSet): void {
  it('lists a phone’s codes newest first with their send outcome, never the code', async () => {
    const { smsCodes } = stores();
    const first = aCode(0);
    const second = aCode(1, { purpose: 'password_reset' });
    const decoy = aCode(2, { phoneNo: '60129999999' });
    for (const code of [first, second, decoy]) await smsCodes.insert(code);
    await smsCodes.recordSend(first.id, {
      status: 'queued',
      providerMessageId: 'SM-1',
      error: null,
      at: at(0.1),
    });
    await smsCodes.recordSend(second.id, {
      status: 'failed',
      providerMessageId: null,
      error: null,
      at: at(1.1),
    });
    expect(await smsCodes.recentDeliveries(PHONE, 10)).toEqual([
      {
        codeId: second.id,
        purpose: 'password_reset',
        requestedAt: at(1),
        status: 'failed',
        error: null,
        at: at(1.1),
      },
      {
        codeId: first.id,
        purpose: 'registration',
        requestedAt: at(0),
        status: 'queued',
        error: null,
        at: at(0.1),
      },
    ]);
    expect(await smsCodes.recentDeliveries(PHONE, 1)).toHaveLength(1);
    expect(await smsCodes.recentDeliveries('60129999999', 10)).toEqual([
      expect.objectContaining({ codeId: decoy.id, status: null, at: null }),
    ]);
    // The code still reads as it always did.
    expect(await smsCodes.latest(PHONE, 'registration')).toEqual(first);
  });

  it('moves a message on by its reports, in any order, and never past a final status', async () => {
    const { smsCodes } = stores();
    const code = aCode(10);
    await smsCodes.insert(code);
    await smsCodes.recordSend(code.id, {
      status: 'queued',
      providerMessageId: 'SM-2',
      error: null,
      at: at(10),
    });
    const report = (status: 'queued' | 'sent' | 'delivered' | 'failed', minutes: number) =>
      smsCodes.recordDeliveryReport('SM-2', { status, error: null, at: at(minutes) });
    expect(await report('sent', 11)).toBe(true);
    expect(await report('queued', 12)).toBe(true);
    const [afterSent] = await smsCodes.recentDeliveries(PHONE, 1);
    expect(afterSent).toMatchObject({ status: 'sent', at: at(11) });

    await smsCodes.recordDeliveryReport('SM-2', { status: 'failed', error: '30003', at: at(13) });
    await report('delivered', 14);
    const [final] = await smsCodes.recentDeliveries(PHONE, 1);
    expect(final).toMatchObject({ status: 'failed', error: '30003', at: at(13) });

    const unknown = { status: 'delivered' as const, error: null, at: at(15) };
    expect(await smsCodes.recordDeliveryReport('SM-none', unknown)).toBe(false);
  });
}
