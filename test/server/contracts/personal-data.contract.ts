import { randomBytes } from 'node:crypto';
import { erasedMemberFields } from '../../../server/domain/personal-data';
import { generateTransactionId } from '../../../server/domain/transaction';
import { aMemberRow } from '../support/in-memory-stores';
import { aRefundRow } from '../support/refund-rows';
import { at, uuidsIn } from './contract-time';
import { anOperator } from './ops-stores.contract';
import { type StoreSet } from './store-backends';

const uuid = uuidsIn('b000');

/** What every PersonalDataStore does (reached through the unit of work, as the use cases do). */
export function personalDataContract(stores: () => StoreSet): void {
  async function aMemberWithHistory() {
    const set = stores();
    const member = aMemberRow({ createdAt: at(0), updatedAt: at(0) });
    const other = aMemberRow();
    await set.members.insert(member);
    await set.members.insert(other);
    const session = uuid();
    await set.sessions.create({
      id: session,
      memberId: member.id,
      tokenHash: `hash-${session}`,
      now: at(1),
      deviceLabel: 'Chrome on Android',
    });
    const otherSession = uuid();
    await set.sessions.create({
      id: otherSession,
      memberId: other.id,
      tokenHash: `hash-${otherSession}`,
      now: at(1),
    });
    await set.smsCodes.insert({
      id: uuid(),
      phoneNo: member.phoneNo,
      purpose: 'registration',
      codeHash: 'secret-code-hash',
      attempts: 0,
      createdAt: at(-10),
      expiresAt: at(-5),
      consumedAt: at(-9),
    });
    await set.smsCodes.recordRequest({
      id: uuid(),
      phoneNo: member.phoneNo,
      purpose: 'registration',
      clientAddress: '203.0.113.9',
      requestedAt: at(-10),
    });
    await set.loginFailures.record({ id: uuid(), accountKey: member.icOrPassport, at: at(2) });
    await set.passkeys.insert({
      id: uuid(),
      memberId: member.id,
      credentialId: `cred-${member.id}`,
      publicKey: 'secret-public-key',
      signCount: 3,
      transports: [],
      name: 'My phone',
      createdAt: at(2),
      lastUsedAt: null,
    });
    const paid = generateTransactionId(randomBytes);
    await set.transactions.createPending({
      transactionId: paid,
      memberId: member.id,
      amountSen: 12_345,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: at(3),
    });
    await set.transactions.withLockedTransaction(paid, async (_current, unit) => {
      await unit.finalise('completed', at(4));
      await unit.recordCallback({
        source: 'callback',
        transactionId: paid,
        payload: '{"name":"Siti","mobile":"60123456789"}',
        result: 'applied',
        reason: null,
        receivedAt: at(4),
      });
    });
    // Refunds of the payment, asked for and decided by operators (who never show).
    const asker = anOperator({ role: 'finance', name: 'Operator Asker' });
    const approver = anOperator({ role: 'admin', name: 'Operator Approver' });
    await set.operators.insert(asker);
    await set.operators.insert(approver);
    const refund = { transactionId: paid, requestedBy: asker.id, decidedBy: approver.id };
    await set.insertRefund(
      aRefundRow({ ...refund, amountSen: 2_345, requestedAt: at(5), refundedAt: at(7) }),
    );
    await set.insertRefund(
      aRefundRow({ ...refund, amountSen: 5_000, status: 'rejected', requestedAt: at(6) }),
    );
    const read = () => set.unitOfWork.run(({ personalData }) => personalData.recordsOf(member.id));
    return { ...set, member, other, session, otherSession, paid, read, asker, approver };
  }

  it("reads a member's records: the row, sessions, payments and SMS send times", async () => {
    const { member, session, paid, read, asker, approver } = await aMemberWithHistory();
    const records = await read();
    expect(records).toEqual({
      member,
      sessions: [
        {
          id: session,
          memberId: member.id,
          createdAt: at(1),
          lastSeenAt: at(1),
          revokedAt: null,
          deviceLabel: 'Chrome on Android',
        },
      ],
      payments: [
        {
          transactionId: paid,
          amountSen: 12_345,
          paymentMethod: 'qr',
          status: 'completed',
          createdAt: at(3),
          finalisedAt: at(4),
          receiptNumber: expect.stringMatching(/^R-2026-\d{6}$/),
          refunds: [
            { amountSen: 2_345, status: 'refunded', requestedAt: at(5), refundedAt: at(7) },
            { amountSen: 5_000, status: 'rejected', requestedAt: at(6), refundedAt: null },
          ],
        },
      ],
      smsCodesSent: [{ purpose: 'registration', sentAt: at(-10) }],
      passkeys: [{ name: 'My phone', createdAt: at(2), lastUsedAt: null }],
    });
    expect(JSON.stringify(records)).not.toContain('secret-code-hash');
    expect(JSON.stringify(records)).not.toContain('secret-public-key');
    for (const operator of [asker, approver]) {
      expect(JSON.stringify(records)).not.toContain(operator.id);
      expect(JSON.stringify(records)).not.toContain(operator.name);
    }
    expect(
      await stores().unitOfWork.run(({ personalData }) => personalData.recordsOf(uuid())),
    ).toBeNull();
  });

  it('erases the person and keeps the payments, naming no one', async () => {
    const set = await aMemberWithHistory();
    const { member, other, otherSession, paid } = set;
    const erased = erasedMemberFields(member.id, 'unusable-hash');
    expect(
      await set.unitOfWork.run(({ personalData }) => personalData.erase(member.id, erased, at(9))),
    ).toBe(true);

    expect(await set.memberRow(member.id)).toEqual({ ...member, ...erased, updatedAt: at(9) });
    expect(await set.members.findById(member.id)).toBeNull();
    expect(await set.members.findByIcOrPassport(member.icOrPassport)).toBeNull();
    expect(await set.members.findByPhone(member.phoneNo)).toBeNull();
    expect(await set.read()).toBeNull();
    expect(await set.sessions.listUnrevokedForMember(member.id)).toEqual([]);
    expect(await set.passkeys.listForMember(member.id)).toEqual([]);
    expect(await set.passkeys.findByCredentialId(`cred-${member.id}`)).toBeNull();
    expect(await set.smsCodes.requestTimesForPhone(member.phoneNo, at(-60))).toEqual([]);
    expect(await set.loginFailures.failuresSince(member.icOrPassport, at(-60))).toEqual([]);
    expect(await set.sessions.findByTokenHash(`hash-${otherSession}`)).not.toBeNull();
    expect(await set.members.findById(other.id)).not.toBeNull();
    // The payment stays for the merchant; the gateway's message no longer names the payer.
    expect((await set.transactions.findById(paid))?.status).toBe('completed');
    // Its refunds stay with it: they keep nothing of the person.
    expect((await set.paymentHistory.findRecord(paid))?.refundedSen).toBe(2_345);
    expect((await set.callbacks()).map((one) => one.payload)).toEqual(['']);
    // The IC and phone are free to register again as a new member.
    const again = aMemberRow({ icOrPassport: member.icOrPassport, phoneNo: member.phoneNo });
    expect(await set.members.insert(again)).toEqual({ ok: true });
  });

  it('erases nothing for an unknown member, and nothing when the unit fails', async () => {
    const set = await aMemberWithHistory();
    const before = await set.read();
    const erased = erasedMemberFields(set.member.id, 'unusable-hash');
    expect(
      await set.unitOfWork.run(({ personalData }) => personalData.erase(uuid(), erased, at(9))),
    ).toBe(false);
    await expect(
      set.unitOfWork.run(async ({ sessions, personalData }) => {
        await sessions.revokeAllForMember(set.member.id, at(9));
        await personalData.erase(set.member.id, erased, at(9));
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(await set.read()).toEqual(before);
    expect((await set.callbacks()).map((one) => one.payload)).toEqual([
      '{"name":"Siti","mobile":"60123456789"}',
    ]);
  });
}
