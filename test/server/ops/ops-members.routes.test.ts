import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import {
  type MemberDetailResponse,
  type MemberSearchResponse,
  OpsPaths,
  type RevealResponse,
} from '../../../src/contract/ops-api';
import { logIn, seedMember } from '../support/in-memory-server';
import {
  get,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  post,
  type SignedInOperator,
} from './ops-support';

/**
 * Member support's answers over HTTP: the search and the member's page masked, the reveal
 * unmasked, every field of the contract present and in its wire form.
 */
describe('the console: member support answers', () => {
  let h: OpsHarness;
  let support: SignedInOperator;
  let member: Awaited<ReturnType<typeof seedMember>>;
  let paymentId: string;

  beforeAll(async () => {
    h = await opsHarness();
    support = await operatorSignedIn(h, 'support');
    member = await seedMember(h.server, { name: 'Siti Aminah binti Ali' });
    await logIn(h.server, member);
    paymentId = generateTransactionId(randomBytes);
    await h.server.container.transactions.createPending({
      transactionId: paymentId,
      memberId: member.id,
      amountSen: 12_345,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: new Date(h.server.clock.now()),
    });
  });
  afterAll(() => h.close());

  it('finds the member by phone, masked, with the wire fields', async () => {
    const answer = await get(h, `${OpsPaths.members}?q=${member.phone_no}`, support);
    expect(answer.statusCode).toBe(200);
    const page = answer.json().data as MemberSearchResponse;
    expect(page.next_cursor).toBeNull();
    expect(page.items).toHaveLength(1);
    const [found] = page.items;
    expect(Object.keys(found)).toEqual([
      'id',
      'name',
      'phone_no',
      'ic_or_passport',
      'created_at',
      'sign_in_disabled',
    ]);
    expect(found.id).toBe(member.id);
    expect(found.name).not.toBe(member.name);
    expect(found.phone_no).not.toBe(member.phone_no);
    expect(found.phone_no.slice(-4)).toBe(member.phone_no.slice(-4));
    expect(found.created_at).toBe(new Date(h.server.clock.now()).toISOString());
    expect(found.sign_in_disabled).toBe(false);
  });

  it("shows the member's page: session, payment and throttle in wire form", async () => {
    const answer = await get(h, `${OpsPaths.member}/${member.id}`, support);
    expect(answer.statusCode).toBe(200);
    const page = answer.json().data as MemberDetailResponse;
    expect(Object.keys(page)).toEqual([
      'member',
      'last_sign_in_at',
      'sessions',
      'passkeys',
      'payments',
      'throttle',
      'sms_messages',
    ]);
    expect(page.member.id).toBe(member.id);
    expect(page.last_sign_in_at).toMatch(/Z$/);
    expect(page.sessions).toHaveLength(1);
    expect(Object.keys(page.sessions[0])).toEqual(['device', 'started_at', 'last_active_at']);
    expect(page.passkeys).toEqual([]);
    expect(page.payments).toEqual([
      {
        payment_id: paymentId,
        receipt_number: null,
        amount: '123.45',
        status: 'pending',
        created_at: new Date(h.server.clock.now()).toISOString(),
      },
    ]);
    expect(page.throttle).toEqual({ failures: 0, locked: false });
  });

  it('reveals the personal data unmasked, with a reason', async () => {
    const answer = await post(
      h,
      `${OpsPaths.member}/${member.id}/reveal`,
      { reason: 'Caller verified by phone' },
      support,
    );
    expect(answer.statusCode).toBe(200);
    const revealed = answer.json().data as RevealResponse;
    expect(Object.keys(revealed)).toEqual(['name', 'phone_no', 'ic_or_passport']);
    expect(revealed.name).toBe(member.name);
    expect(revealed.phone_no).toBe(member.phone_no);
  });
});
