import { randomUUID } from 'node:crypto';
import { ChainVerifier, type AuditEntryInput } from '../../../server/domain/ops/audit-chain';
import { type Operator } from '../../../server/domain/ops/operator';
import { aMemberRow } from '../support/in-memory-stores';
import { at } from './contract-time';
import { type StoreSet } from './store-backends';

export function anOperator(overrides: Partial<Operator> = {}): Operator {
  const id = randomUUID();
  return {
    id,
    name: 'Nur Ops',
    email: `ops-${id.slice(0, 8)}@example.my`,
    role: 'support',
    passwordHash: null,
    totpSecret: null,
    totpLastStep: null,
    createdAt: at(0),
    enrolledAt: null,
    disabledAt: null,
    ...overrides,
  };
}

export const anEntry = (overrides: Partial<AuditEntryInput> = {}): AuditEntryInput => ({
  at: at(1),
  actorId: null,
  actorName: 'cli',
  actorRole: null,
  address: null,
  action: 'operator.create',
  targetType: 'operator',
  targetId: randomUUID(),
  reason: null,
  changes: { role: { before: null, after: 'admin' } },
  ...overrides,
});

/** What every OperatorStore does. */
export function operatorStoreContract(stores: () => StoreSet): void {
  it('stores an operator once per e-mail and finds it by id and e-mail', async () => {
    const { operators } = stores();
    const ops = anOperator();
    expect(await operators.insert(ops)).toBe('inserted');
    expect(await operators.insert(anOperator({ email: ops.email }))).toBe('email_taken');
    expect(await operators.findById(ops.id)).toEqual(ops);
    expect(await operators.findByEmail(ops.email)).toEqual(ops);
    expect(await operators.findByEmail('nobody@example.my')).toBeNull();
  });

  it('enrols, accepts each TOTP step once and counts active admins', async () => {
    const { operators } = stores();
    const admin = anOperator({ role: 'admin' });
    await operators.insert(admin);
    expect(await operators.countActiveAdmins()).toBe(0);
    await operators.enrol(admin.id, { passwordHash: 'h', totpSecret: 'SECRET' }, at(2));
    expect(await operators.countActiveAdmins()).toBe(1);
    expect(await operators.acceptTotpStep(admin.id, 100)).toBe(true);
    expect(await operators.acceptTotpStep(admin.id, 100)).toBe(false);
    expect(await operators.acceptTotpStep(admin.id, 99)).toBe(false);
    expect(await operators.acceptTotpStep(admin.id, 101)).toBe(true);
    await operators.setDisabled(admin.id, at(3));
    expect(await operators.countActiveAdmins()).toBe(0);
    await operators.clearSecondFactor(admin.id);
    expect(await operators.findById(admin.id)).toMatchObject({
      totpSecret: null,
      enrolledAt: null,
      disabledAt: at(3),
    });
  });

  it('uses an enrolment link once and never after it expires', async () => {
    const { operators } = stores();
    const ops = anOperator();
    await operators.insert(ops);
    await operators.saveEnrolment({ tokenHash: 'link', operatorId: ops.id, expiresAt: at(10) });
    expect(await operators.peekEnrolment('link', at(5))).toBe(ops.id);
    expect(await operators.peekEnrolment('link', at(10))).toBeNull();
    expect(await operators.takeEnrolment('link', at(5))).toBe(ops.id);
    expect(await operators.takeEnrolment('link', at(5))).toBeNull();
    expect(await operators.peekEnrolment('link', at(5))).toBeNull();
  });

  it('ends every earlier unused link of an operator when a new one is saved', async () => {
    const { operators } = stores();
    const ops = anOperator();
    const other = anOperator();
    await operators.insert(ops);
    await operators.insert(other);
    await operators.saveEnrolment({ tokenHash: 'first', operatorId: ops.id, expiresAt: at(10) });
    await operators.saveEnrolment({ tokenHash: 'theirs', operatorId: other.id, expiresAt: at(10) });
    await operators.saveEnrolment({ tokenHash: 'second', operatorId: ops.id, expiresAt: at(10) });
    expect(await operators.peekEnrolment('first', at(5))).toBeNull();
    expect(await operators.takeEnrolment('first', at(5))).toBeNull();
    expect(await operators.peekEnrolment('second', at(5))).toBe(ops.id);
    expect(await operators.peekEnrolment('theirs', at(5))).toBe(other.id);
  });

  it('stages one TOTP secret until enrolment, and a new link forgets it', async () => {
    const { operators } = stores();
    const ops = anOperator();
    await operators.insert(ops);
    await operators.saveEnrolment({ tokenHash: 'staging', operatorId: ops.id, expiresAt: at(10) });
    await operators.stageTotpSecret(ops.id, 'FIRSTSECRET');
    await operators.stageTotpSecret(ops.id, 'SECONDSECRET');
    expect((await operators.findById(ops.id))?.totpSecret).toBe('FIRSTSECRET');
    await operators.saveEnrolment({
      tokenHash: 'staging-2',
      operatorId: ops.id,
      expiresAt: at(10),
    });
    expect((await operators.findById(ops.id))?.totpSecret).toBeNull();
    await operators.stageTotpSecret(ops.id, 'THIRDSECRET');
    await operators.enrol(ops.id, { passwordHash: 'h', totpSecret: 'THIRDSECRET' }, at(1));
    await operators.saveEnrolment({
      tokenHash: 'staging-3',
      operatorId: ops.id,
      expiresAt: at(10),
    });
    await operators.stageTotpSecret(ops.id, 'FOURTHSECRET');
    expect((await operators.findById(ops.id))?.totpSecret).toBe('THIRDSECRET');
  });

  it('keeps sessions, touches them forward only and revokes them', async () => {
    const { operators } = stores();
    const ops = anOperator();
    await operators.insert(ops);
    const session = {
      id: randomUUID(),
      operatorId: ops.id,
      csrfHash: 'csrf',
      createdAt: at(0),
      lastSeenAt: at(0),
      revokedAt: null,
      secondFactorAt: at(0),
    };
    await operators.createSession({ ...session, tokenHash: 'token' });
    await operators.touchSession(session.id, at(5));
    await operators.touchSession(session.id, at(3));
    await operators.stepUpSession(session.id, at(4));
    await operators.stepUpSession(session.id, at(2));
    expect(await operators.findSessionByTokenHash('token')).toEqual({
      ...session,
      lastSeenAt: at(5),
      secondFactorAt: at(4),
    });
    expect(await operators.revokeSessionsOf(ops.id, at(6))).toBe(1);
    expect(await operators.revokeSessionsOf(ops.id, at(7))).toBe(0);
    expect((await operators.findSessionByTokenHash('token'))?.revokedAt).toEqual(at(6));
  });
}

/** What every AuditLog does. */
export function auditLogContract(stores: () => StoreSet): void {
  it('chains entries: each links to the one before and verifies', async () => {
    const { audit } = stores();
    const first = await audit.append(anEntry());
    const second = await audit.append(anEntry({ reason: 'asked by phone' }));
    expect(second).toMatchObject({ seq: 2, prevHash: first.hash });
    expect(await audit.head()).toEqual({ seq: 2, hash: second.hash });
    const verifier = new ChainVerifier();
    for (const entry of await audit.page(0, 10)) verifier.next(entry);
    expect(verifier.firstBadSeq).toBeNull();
    expect(verifier.head).toEqual({ entries: 2, hash: second.hash });
    expect(await audit.page(1, 10)).toEqual([second]);
  });

  it('lists newest first with filters and keyset pages', async () => {
    const { audit } = stores();
    const target = randomUUID();
    await audit.append(anEntry({ action: 'member.reveal', targetId: target, at: at(1) }));
    await audit.append(anEntry({ action: 'member.sign_out', targetId: target, at: at(2) }));
    await audit.append(anEntry({ action: 'member.reveal', at: at(3) }));
    const reveals = await audit.list({ action: 'member.reveal', limit: 10 });
    expect(reveals.map((entry) => entry.seq)).toEqual([3, 1]);
    expect((await audit.list({ targetId: target, limit: 1 })).map((e) => e.seq)).toEqual([2]);
    expect((await audit.list({ targetId: target, beforeSeq: 2, limit: 5 })).length).toBe(1);
    expect((await audit.list({ from: at(2), to: at(3), limit: 5 })).map((e) => e.seq)).toEqual([2]);
  });

  it('keeps signed checkpoints, one per count', async () => {
    const { audit } = stores();
    const checkpoint = {
      entries: 0,
      headHash: '0'.repeat(64),
      signedAt: at(1),
      keyId: 'k',
      signature: 's',
    };
    await audit.saveCheckpoint(checkpoint);
    await audit.saveCheckpoint({ ...checkpoint, signature: 'other' });
    expect(await audit.checkpoints()).toEqual([checkpoint]);
  });

  it('keeps the hash each checkpoint names, and answers the last one and the head under lock', async () => {
    const { unitOfWork, audit } = stores();
    expect(await audit.lastCheckpoint()).toBeNull();
    const first = {
      entries: 1,
      headHash: 'a'.repeat(64),
      signedAt: at(1),
      keyId: 'k',
      signature: 's',
    };
    const second = { ...first, entries: 2, previousHash: 'b'.repeat(64), signedAt: at(2) };
    await audit.saveCheckpoint(second);
    await audit.saveCheckpoint(first);
    expect(await audit.checkpoints()).toEqual([first, second]);
    expect(await audit.lastCheckpoint()).toEqual(second);
    const entry = await audit.append(anEntry());
    const head = await unitOfWork.run((tx) => tx.audit.lockHead());
    expect(head).toEqual({ seq: 1, hash: entry.hash });
  });

  it('drops the entry with the action when the unit of work fails', async () => {
    const { unitOfWork, audit } = stores();
    await expect(
      unitOfWork.run(async (tx) => {
        await tx.audit.append(anEntry());
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(await audit.head()).toBeNull();
  });
}

/** What every MemberDirectory does. */
export function memberDirectoryContract(stores: () => StoreSet): void {
  it('finds members by exact phone or IC, or by a name prefix, in keyset pages', async () => {
    const { members, memberDirectory } = stores();
    const siti = aMemberRow({ name: 'Siti Aminah' });
    const sitiB = aMemberRow({ name: 'siti Zubaidah' });
    const other = aMemberRow({ name: 'Lee Wei' });
    for (const member of [siti, sitiB, other]) await members.insert(member);
    const byName = await memberDirectory.search({ exact: [], namePrefix: 'SITI' }, { limit: 1 });
    expect(byName.map((m) => m.id)).toEqual([siti.id]);
    const next = await memberDirectory.search(
      { exact: [], namePrefix: 'siti' },
      { after: { name: siti.name, id: siti.id }, limit: 5 },
    );
    expect(next.map((m) => m.id)).toEqual([sitiB.id]);
    const exact = await memberDirectory.search(
      { exact: [other.phoneNo], namePrefix: '' },
      { limit: 5 },
    );
    expect(exact).toEqual([{ ...other, signInDisabledAt: null }]);
    expect(await memberDirectory.search({ exact: [], namePrefix: '%' }, { limit: 5 })).toEqual([]);
  });

  it("switches a member's sign-in off and on, and reads their page", async () => {
    const { members, memberDirectory } = stores();
    const member = aMemberRow();
    await members.insert(member);
    expect(await memberDirectory.setSignInDisabled(member.id, at(4))).toBe(true);
    expect(await members.lockForSignIn(member.id)).toBe(false);
    expect(await members.lockLive(member.id)).toBe(true);
    const page = await memberDirectory.detail(member.id, at(5), 10);
    expect(page).toMatchObject({
      member: { id: member.id, signInDisabledAt: at(4) },
      sessions: [],
      passkeys: [],
      payments: [],
      lastSignInAt: null,
    });
    expect(await memberDirectory.setSignInDisabled(member.id, null)).toBe(true);
    expect(await members.lockForSignIn(member.id)).toBe(true);
    expect(await memberDirectory.detail(randomUUID(), at(5), 10)).toBeNull();
    expect(await memberDirectory.setSignInDisabled(randomUUID(), at(4))).toBe(false);
  });

  it("names a member's payments by receipt number once they complete", async () => {
    const { members, memberDirectory, transactions, paymentDirectory } = stores();
    const member = aMemberRow();
    await members.insert(member);
    const ids = ['B', 'C'].map((letter) => `TXN${'A'.repeat(20)}${letter.repeat(4)}`);
    for (const [minute, transactionId] of ids.entries()) {
      await transactions.createPending({
        transactionId,
        memberId: member.id,
        amountSen: 5000,
        paymentMethod: 'qr',
        gateway: 'sandbox',
        createdAt: at(minute),
      });
    }
    await transactions.withLockedTransaction(ids[0], (_current, unit) =>
      unit.finalise('completed', at(3)),
    );
    const receipt = (await paymentDirectory.byId(ids[0]))?.receiptNumber;
    expect(receipt).toMatch(/\S/);
    const page = await memberDirectory.detail(member.id, at(5), 10);
    expect(page?.payments.map((p) => [p.transactionId, p.receiptNumber, p.status])).toEqual([
      [ids[1], null, 'pending'],
      [ids[0], receipt, 'completed'],
    ]);
  });
}
