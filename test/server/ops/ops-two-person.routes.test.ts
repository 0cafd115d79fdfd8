import { randomBytes } from 'node:crypto';
import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { generateTransactionId } from '../../../server/domain/transaction';
import { buildOpsApp } from '../../../server/ops-http/app';
import { CLI } from '../../../server/use-cases/ops/actor';
import {
  type ApproveChangeResponse,
  type EnrolmentLinkResponse,
  type OperatorApprovalsResponse,
  type OperatorChangeResponse,
  OpsPaths,
} from '../../../src/contract/ops-api';
import { OpsPaymentPaths, type RefundDto } from '../../../src/contract/ops-payments-api';
import { inMemoryServer, seedMember } from '../support/in-memory-server';
import {
  enrolledWith,
  get,
  type OpsHarness,
  operatorSignedIn,
  post,
  type SignedInOperator,
} from './ops-support';

const reason = { reason: 'checked by phone' };
const tokenOf = (link: EnrolmentLinkResponse) =>
  decodeURIComponent(new URL(link.enrolment_url).hash.slice('#token='.length));

/**
 * No single admin satisfies both sides of a refund: an operator an admin creates or re-enrols
 * takes no refund step (and changes no operator) until an admin other than the link's holder
 * confirms them; a second-factor reset or a grant of finance or admin waits for a second admin,
 * and an approved reset's link goes to the approving admin. Every step is audited.
 */
describe('the console: two-person rules (app.inject)', () => {
  let h: OpsHarness;
  let x: SignedInOperator;
  let y: SignedInOperator;
  let payment: () => Promise<string>;
  beforeAll(async () => {
    const gateway = new InMemoryPaymentGateway({ refunds: 'api' });
    const server = inMemoryServer({ adapters: { paymentGateway: gateway } });
    const app = await buildOpsApp(server.container, server.config, { distDir: '/nonexistent' });
    h = {
      server,
      app,
      close: async () => {
        await app.close();
        await server.container.close();
      },
    };
    x = await operatorSignedIn(h, 'admin', 'Xavier Admin');
    y = await operatorSignedIn(h, 'admin', 'Yasmin Admin');
    const member = await seedMember(server);
    payment = async () => {
      const transactionId = generateTransactionId(randomBytes);
      await server.container.transactions.createPending({
        transactionId,
        memberId: member.id,
        amountSen: 14_000,
        paymentMethod: 'qr',
        gateway: gateway.name,
        createdAt: new Date(server.clock.now()),
      });
      await server.container.transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise('completed', new Date(server.clock.now())),
      );
      return transactionId;
    };
  });
  afterAll(() => h.close());

  const enrol = (link: EnrolmentLinkResponse, email: string) =>
    enrolledWith(h.server.container, h.server.clock, { token: tokenOf(link), email });
  const askRefund = (txn: string, as: SignedInOperator) =>
    post(
      h,
      `${OpsPaymentPaths.payment}/${txn}/${OpsPaymentPaths.refundsSuffix}`,
      { amount: '140.00', reason: 'sock refund' },
      as,
    );
  const approveRefund = (id: string, as: SignedInOperator) =>
    post(h, `${OpsPaymentPaths.refund}/${id}/approve`, { reason: 'looks fine' }, as);
  const confirm = (operatorId: string, as: SignedInOperator) =>
    post(h, `${OpsPaths.operators}/${operatorId}/confirm`, reason, as);
  const approvals = async (as: SignedInOperator) =>
    (await get(h, OpsPaths.operatorApprovals, as)).json().data as OperatorApprovalsResponse;
  const actions = (targetId: string) =>
    h.server.container.tables.auditLog
      .all()
      .filter((entry) => entry.targetId === targetId)
      .map((entry) => entry.action);

  it('keeps an operator an admin made out of refunds until another admin confirms them', async () => {
    const created = await post(
      h,
      OpsPaths.operators,
      { name: 'Sock Finance', email: 'sock@ops.test', role: 'finance' },
      x,
    );
    expect(created.statusCode).toBe(200);
    const sock = await enrol(created.json().data as EnrolmentLinkResponse, 'sock@ops.test');

    // Alone, X cannot move money through the operator X made.
    const txn = await payment();
    const asked = await askRefund(txn, sock);
    expect([asked.statusCode, asked.json().code]).toEqual([403, 'OPS_UNCONFIRMED']);
    const own = await confirm(sock.id, x);
    expect([own.statusCode, own.json().code]).toEqual([409, 'OPS_CHANGE_REFUSED']);
    expect(own.json().message).toMatch(/not given the enrolment link/);
    const self = await confirm(sock.id, sock);
    expect(self.statusCode).toBe(404);
    expect(await approvals(y)).toMatchObject({
      unconfirmed: [{ operator: { id: sock.id }, link_holder: { id: x.id, name: 'Xavier Admin' } }],
    });

    // Another admin confirms them: now they are a second person.
    expect((await confirm(sock.id, y)).statusCode).toBe(200);
    expect((await approvals(y)).unconfirmed).toEqual([]);
    const again = await askRefund(txn, sock);
    expect(again.statusCode).toBe(200);
    const refund = again.json().data as RefundDto;
    expect((await approveRefund(refund.id, x)).statusCode).toBe(200);
    expect(actions(sock.id)).toEqual(
      expect.arrayContaining(['operator.create', 'operator.enrol', 'operator.confirm']),
    );
  });

  it('refuses a confirmation before enrolment, and by an unconfirmed admin', async () => {
    const created = await post(
      h,
      OpsPaths.operators,
      { name: 'New Admin', email: 'new-admin@ops.test', role: 'admin' },
      x,
    );
    const link = created.json().data as EnrolmentLinkResponse;
    const operatorId = (await h.server.container.operators.findByEmail('new-admin@ops.test'))?.id;
    const early = await confirm(operatorId ?? '', y);
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'The operator must enrol before an admin confirms them.',
    ]);
    const newAdmin = await enrol(link, 'new-admin@ops.test');
    // An unconfirmed admin changes no operator and confirms nobody.
    const made = await post(
      h,
      OpsPaths.operators,
      { name: 'Second Sock', email: 'sock2@ops.test', role: 'finance' },
      newAdmin,
    );
    expect([made.statusCode, made.json().code]).toEqual([403, 'OPS_UNCONFIRMED']);
    const cleared = await post(
      h,
      `${OpsPaths.operators}/${x.id}/clear-sign-in-lock`,
      reason,
      newAdmin,
    );
    expect([cleared.statusCode, cleared.json().code]).toEqual([403, 'OPS_UNCONFIRMED']);
    expect((await confirm(newAdmin.id, y)).statusCode).toBe(200);
  });

  it('makes a reset wait for a second admin, whose link it is; the operator is then unconfirmed', async () => {
    const finance = await operatorSignedIn(h, 'finance', 'Real Finance');
    const asked = await post(
      h,
      `${OpsPaths.operators}/${finance.id}/reset-second-factor`,
      reason,
      x,
    );
    expect(asked.statusCode).toBe(200);
    const { pending } = asked.json().data as OperatorChangeResponse;
    expect(pending).toMatchObject({
      kind: 'reset-second-factor',
      operator: { id: finance.id, name: 'Real Finance' },
      requested_by: { id: x.id },
    });
    expect(JSON.stringify(asked.json())).not.toContain('enrol');
    // Nothing happened yet: the operator still works.
    expect((await get(h, OpsPaths.session, finance)).statusCode).toBe(200);
    const twice = await post(
      h,
      `${OpsPaths.operators}/${finance.id}/reset-second-factor`,
      reason,
      y,
    );
    expect(twice.json().message).toBe(
      'A change of this operator already waits for a second admin.',
    );

    const changeId = pending?.id ?? '';
    const ownApproval = await post(h, `${OpsPaths.operatorChanges}/${changeId}/approve`, reason, x);
    expect([ownApproval.statusCode, ownApproval.json().message]).toEqual([
      409,
      'Another admin must approve a change you asked for.',
    ]);
    const approved = await post(h, `${OpsPaths.operatorChanges}/${changeId}/approve`, reason, y);
    expect(approved.statusCode).toBe(200);
    const { link } = approved.json().data as ApproveChangeResponse;
    expect(link?.enrolment_url).toContain('/enrol#token=');
    expect((await get(h, OpsPaths.session, finance)).statusCode).toBe(401);

    // Re-enrolled with the approver's link, unconfirmed: no refunds until X (not Y) confirms.
    const reenrolled = await enrol(link as EnrolmentLinkResponse, finance.email);
    const txn = await payment();
    expect((await askRefund(txn, reenrolled)).json().code).toBe('OPS_UNCONFIRMED');
    expect((await confirm(finance.id, y)).statusCode).toBe(409);
    expect((await confirm(finance.id, x)).statusCode).toBe(200);
    expect((await askRefund(txn, reenrolled)).statusCode).toBe(200);
    expect(actions(finance.id)).toEqual(
      expect.arrayContaining([
        'operator.change_request',
        'operator.change_approve',
        'operator.reset_second_factor',
        'operator.confirm',
      ]),
    );
  });

  it('makes a grant of finance or admin wait for a second admin; a demotion does not', async () => {
    const support = await operatorSignedIn(h, 'support', 'Sam Support');
    const path = `${OpsPaths.operators}/${support.id}/role`;
    const asked = await post(h, path, { ...reason, role: 'finance' }, x);
    const { pending } = asked.json().data as OperatorChangeResponse;
    expect(pending).toMatchObject({ kind: 'role', role: 'finance' });
    expect((await h.server.container.operators.findById(support.id))?.role).toBe('support');

    const rejected = await post(
      h,
      `${OpsPaths.operatorChanges}/${pending?.id ?? ''}/reject`,
      reason,
      x,
    );
    expect(rejected.statusCode).toBe(200);
    expect((await approvals(y)).changes).toEqual([]);

    const again = (await post(h, path, { ...reason, role: 'admin' }, x)).json()
      .data as OperatorChangeResponse;
    const approve = `${OpsPaths.operatorChanges}/${again.pending?.id ?? ''}/approve`;
    expect((await post(h, approve, reason, y)).statusCode).toBe(200);
    expect((await h.server.container.operators.findById(support.id))?.role).toBe('admin');
    const demoted = await post(h, path, { ...reason, role: 'viewer' }, y);
    expect(demoted.json().data).toEqual({ pending: null });
    expect((await h.server.container.operators.findById(support.id))?.role).toBe('viewer');
    expect(actions(support.id)).toEqual(
      expect.arrayContaining([
        'operator.change_reject',
        'operator.change_approve',
        'operator.role',
      ]),
    );
  });

  it("lets an admin approve another's reset of their own factor: the link reaches them", async () => {
    const zara = await operatorSignedIn(h, 'admin', 'Zara Admin');
    const asked = await post(h, `${OpsPaths.operators}/${zara.id}/reset-second-factor`, reason, x);
    const { pending } = asked.json().data as OperatorChangeResponse;
    const approve = `${OpsPaths.operatorChanges}/${pending?.id ?? ''}/approve`;
    const approved = await post(h, approve, reason, zara);
    expect((approved.json().data as ApproveChangeResponse).link).not.toBeNull();
    expect(
      (await approvals(x)).unconfirmed.find((one) => one.operator.id === zara.id),
    ).toMatchObject({ link_holder: { id: zara.id } });
  });

  it('keeps the command line a confirmed creator, as the first admin needs', async () => {
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'From The Shell',
      email: 'shell@ops.test',
      role: 'finance',
    });
    expect(created.ok).toBe(true);
    expect((await approvals(x)).unconfirmed.map((one) => one.operator.name)).not.toContain(
      'From The Shell',
    );
  });
});
