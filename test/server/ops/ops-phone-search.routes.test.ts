import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { type MemberSearchResponse, OpsPaths } from '../../../src/contract/ops-api';
import {
  OpsPaymentPaths,
  type PaymentSearchResponse,
} from '../../../src/contract/ops-payments-api';
import { seedMember } from '../support/in-memory-server';
import { get, opsHarness, type OpsHarness, operatorSignedIn } from './ops-support';

/** As an operator hears a Malaysian number: the national 0, spaces and dashes. */
const HEARD = ['0191234567', '019-123 4567', '019 1234567', '+60 19-123 4567', '60191234567'];

/**
 * Phones as Malaysians say them: members' search and payments' search find the member stored as
 * 60191234567 from 019-123 4567 (a leading 0 is the national prefix; spaces and dashes ignored),
 * for a role that may reveal and one that may not.
 */
describe('the console: phone searches as an operator hears the number', () => {
  let h: OpsHarness;
  let memberId: string;
  let transactionId: string;

  beforeAll(async () => {
    h = await opsHarness();
    const member = await seedMember(h.server, { phone_no: '60191234567' });
    await seedMember(h.server, { phone_no: '60191234568' });
    memberId = member.id;
    transactionId = generateTransactionId(randomBytes);
    await h.server.container.transactions.createPending({
      transactionId,
      memberId,
      amountSen: 10_000,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: new Date(h.server.clock.now()),
    });
  });
  afterAll(() => h.close());

  it('finds the member by each way of saying the phone, for support and viewer', async () => {
    for (const role of ['support', 'viewer'] as const) {
      const as = await operatorSignedIn(h, role);
      for (const q of HEARD) {
        const answer = await get(h, `${OpsPaths.members}?q=${encodeURIComponent(q)}`, as);
        const page = answer.json().data as MemberSearchResponse;
        expect([role, q, answer.statusCode, page.items.map((item) => item.id)]).toEqual([
          role,
          q,
          200,
          [memberId],
        ]);
      }
    }
  });

  it("finds the member's payments by each way of saying the phone", async () => {
    const as = await operatorSignedIn(h, 'finance');
    for (const q of HEARD) {
      const answer = await get(
        h,
        `${OpsPaymentPaths.payments}?member=${encodeURIComponent(q)}`,
        as,
      );
      const page = answer.json().data as PaymentSearchResponse;
      expect([q, answer.statusCode, page.items.map((item) => item.transaction_id)]).toEqual([
        q,
        200,
        [transactionId],
      ]);
    }
  });
});
