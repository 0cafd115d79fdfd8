import { randomUUID } from 'node:crypto';
import { type PendingOperatorChange } from '../../../server/ports/operator-approvals.port';
import { at } from './contract-time';
import { anOperator } from './ops-stores.contract';
import { type StoreSet } from './store-backends';

const aChange = (
  operatorId: string,
  requestedBy: string,
  overrides: Partial<PendingOperatorChange> = {},
): PendingOperatorChange => ({
  id: randomUUID(),
  operatorId,
  kind: 'role',
  role: 'finance',
  reason: 'joins the finance team',
  requestedBy,
  requestedAt: at(1),
  ...overrides,
});

/** What every OperatorApprovalStore does. */
export function operatorApprovalStoreContract(stores: () => StoreSet): void {
  it('keeps an operator unconfirmed, the newest link holder winning, until confirmed once', async () => {
    const { operators, operatorApprovalStore: operatorApprovals } = stores();
    const [ops, x, y] = [
      anOperator(),
      anOperator({ role: 'admin' }),
      anOperator({ role: 'admin' }),
    ];
    for (const one of [ops, x, y]) await operators.insert(one);
    await operatorApprovals.lockAdminSet();
    expect(await operatorApprovals.findUnconfirmed(ops.id)).toBeNull();
    await operatorApprovals.markUnconfirmed({
      operatorId: ops.id,
      linkHolderId: x.id,
      since: at(1),
    });
    await operatorApprovals.markUnconfirmed({
      operatorId: ops.id,
      linkHolderId: y.id,
      since: at(2),
    });
    await operatorApprovals.markUnconfirmed({ operatorId: x.id, linkHolderId: null, since: at(1) });
    expect(await operatorApprovals.findUnconfirmed(ops.id)).toEqual({
      operatorId: ops.id,
      linkHolderId: y.id,
      since: at(2),
    });
    expect((await operatorApprovals.listUnconfirmed()).map((one) => one.operatorId)).toEqual([
      x.id,
      ops.id,
    ]);
    expect(await operatorApprovals.confirm(ops.id)).toBe(true);
    expect(await operatorApprovals.confirm(ops.id)).toBe(false);
    expect(await operatorApprovals.findUnconfirmed(ops.id)).toBeNull();
  });

  it('keeps one waiting change per operator, closed once', async () => {
    const { operators, operatorApprovalStore: operatorApprovals } = stores();
    const [ops, other, x] = [anOperator(), anOperator(), anOperator({ role: 'admin' })];
    for (const one of [ops, other, x]) await operators.insert(one);
    const role = aChange(ops.id, x.id);
    const reset = aChange(other.id, x.id, {
      kind: 'reset-second-factor',
      role: null,
      requestedAt: at(0),
    });
    expect(await operatorApprovals.requestChange(role)).toBe('requested');
    expect(await operatorApprovals.requestChange(aChange(ops.id, x.id))).toBe('pending_exists');
    expect(await operatorApprovals.requestChange(reset)).toBe('requested');
    expect(await operatorApprovals.findChange(role.id)).toEqual(role);
    expect(await operatorApprovals.listChanges()).toEqual([reset, role]);
    expect(await operatorApprovals.closeChange(role.id)).toBe(true);
    expect(await operatorApprovals.closeChange(role.id)).toBe(false);
    expect(await operatorApprovals.findChange(role.id)).toBeNull();
    expect(await operatorApprovals.requestChange(aChange(ops.id, x.id))).toBe('requested');
  });
}
