import { OperatorsViewModel } from '../../console/src/ui/screens/operators/operators.view-model';
import type { OperatorListResponse } from '../../src/contract/ops-api';
import { signedInAs } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';

const locked: OperatorListResponse['items'][number] = {
  id: 'op-locked',
  name: 'Nur Locked',
  email: 'nur@ops.test',
  role: 'finance',
  enrolled: true,
  disabled: false,
  created_at: '2026-01-01T01:00:00.000Z',
};

/** The operators page clears an operator's sign-in lock, with a reason, as its other actions. */
describe('OperatorsViewModel: clearing a sign-in lock', () => {
  async function page() {
    const admin = await signedInAs('admin');
    admin.http
      .on('operators', answer({ items: [locked] }))
      .on('operatorApprovals', answer({ changes: [], unconfirmed: [] }));
    const vm = admin.container.get(OperatorsViewModel);
    await vm.load();
    return { admin, vm };
  }

  it('asks for a reason, then clears the lock of that operator', async () => {
    const { admin, vm } = await page();
    admin.http.on('clearOperatorSignInLock', answer({ cleared: 10 }));
    vm.open({ kind: 'clear-sign-in-lock', operator: locked });
    await vm.confirm();
    expect(vm.reasonError).not.toBeNull();
    expect(admin.http.calls.some((call) => call.endpoint === 'clearOperatorSignInLock')).toBe(
      false,
    );

    vm.setReason('they called: locked out by wrong codes');
    await vm.confirm();
    const call = admin.http.calls.find((one) => one.endpoint === 'clearOperatorSignInLock');
    expect(call).toMatchObject({
      request: { reason: 'they called: locked out by wrong codes' },
      options: { id: 'op-locked' },
    });
    expect(vm.task).toBeNull();
    expect(vm.awaitsSecondAdmin).toBe(false);
  });

  it('keeps the dialog open with the refusal when the server refuses', async () => {
    const { admin, vm } = await page();
    admin.http.on('clearOperatorSignInLock', opsFailure('NOT_FOUND'));
    vm.open({ kind: 'clear-sign-in-lock', operator: locked });
    vm.setReason('they called: locked out by wrong codes');
    await vm.confirm();
    expect(vm.task).not.toBeNull();
    expect(vm.taskFailure).not.toBeNull();
  });
});
