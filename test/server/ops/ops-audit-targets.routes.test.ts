import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { CLI, entryOf } from '../../../server/use-cases/ops/actor';
import { type AuditListResponse, OpsPaths } from '../../../src/contract/ops-api';
import { seedMember } from '../support/in-memory-server';
import { get, opsHarness, type OpsHarness, operatorSignedIn, post } from './ops-support';

/**
 * The audit page names what each entry was done to: the operator's name, the member's name
 * masked, the payment's receipt number, beside the ids the entries keep.
 */
describe('the console: the audit log names its targets', () => {
  let h: OpsHarness;

  beforeAll(async () => {
    h = await opsHarness();
  });
  afterAll(() => h.close());

  it('labels operators by name, members masked and payments by receipt number', async () => {
    const admin = await operatorSignedIn(h, 'admin');
    const support = await operatorSignedIn(h, 'support');
    const member = await seedMember(h.server, { name: 'Siti Aminah binti Ali' });
    const reveal = await post(
      h,
      `${OpsPaths.member}/${member.id}/reveal`,
      { reason: 'Caller verified by phone' },
      support,
    );
    expect(reveal.statusCode).toBe(200);
    const { container, clock } = h.server;
    const transactionId = generateTransactionId(randomBytes);
    await container.transactions.createPending({
      transactionId,
      memberId: member.id,
      amountSen: 10_000,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: new Date(clock.now()),
    });
    await container.transactions.withLockedTransaction(transactionId, (_current, unit) =>
      unit.finalise('completed', new Date(clock.now())),
    );
    const receipt = (await container.paymentDirectory.byId(transactionId))?.receiptNumber;
    await container.audit.append(
      entryOf(CLI, new Date(clock.now()), {
        action: 'payment.requery',
        targetType: 'payment',
        targetId: transactionId,
      }),
    );

    const page = (await get(h, OpsPaths.audit, admin)).json().data as AuditListResponse;
    expect(page.target_labels).toMatchObject({
      [`operator:${support.id}`]: 'Ops support',
      [`member:${member.id}`]: 'S*** A***** b**** A**',
      [`payment:${transactionId}`]: receipt,
    });
    expect(receipt).toMatch(/\S/);
    expect(JSON.stringify(page.target_labels)).not.toContain('Aminah');
    // The entries themselves keep ids only: the chain's hashes never hold a name.
    const revealed = page.items.find((item) => item.action === 'member.reveal');
    expect(revealed).toMatchObject({ target_type: 'member', target_id: member.id });
  });
});
