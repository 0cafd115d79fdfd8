import { OperatorsViewModel } from '../../console/src/ui/screens/operators/operators.view-model';
import type {
  OperatorApprovalsResponse,
  OperatorChangeDto,
  UnconfirmedOperatorDto,
} from '../../src/contract/ops-api';
import { signedInAs } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';

const change = (requestedBy: string): OperatorChangeDto => ({
  id: 'change-1',
  operator: { id: 'op-finance', name: 'Farah Finance' },
  kind: 'reset-second-factor',
  role: null,
  reason: 'lost their phone',
  requested_by: { id: requestedBy, name: 'Someone' },
  requested_at: '2026-01-01T01:00:00.000Z',
});

const waiting = (overrides: Partial<UnconfirmedOperatorDto> = {}): UnconfirmedOperatorDto => ({
  operator: { id: 'op-new', name: 'Nadia New' },
  link_holder: { id: 'op-other', name: 'Other Admin' },
  enrolled: true,
  since: '2026-01-01T01:00:00.000Z',
  ...overrides,
});

async function operatorsPage(approvals: OperatorApprovalsResponse) {
  const setup = await signedInAs('admin');
  setup.http.on('operators', answer({ items: [] }));
  setup.http.on('operatorApprovals', answer(approvals));
  const vm = setup.container.get(OperatorsViewModel);
  await vm.load();
  return { ...setup, vm };
}

/** The operators page's second-admin steps: what waits, who may act on it, and what follows. */
describe('OperatorsViewModel: two admins', () => {
  it('loads what waits for a second admin beside the list', async () => {
    const approvals = { changes: [change('op-other')], unconfirmed: [waiting()] };
    const { vm } = await operatorsPage(approvals);
    expect(vm.approvals).toEqual(approvals);
  });

  it("offers approval of another admin's change, never of one's own", async () => {
    const { vm } = await operatorsPage({ changes: [], unconfirmed: [] });
    expect(vm.isOwnRequest(change('op-other'))).toBe(false);
    expect(vm.isOwnRequest(change('op-admin'))).toBe(true);
  });

  it('offers confirmation only once enrolled, and not to the link holder or the operator', async () => {
    const { vm } = await operatorsPage({ changes: [], unconfirmed: [] });
    expect(vm.mayConfirm(waiting())).toBe(true);
    expect(vm.mayConfirm(waiting({ enrolled: false }))).toBe(false);
    expect(vm.mayConfirm(waiting({ link_holder: { id: 'op-admin', name: 'Me' } }))).toBe(false);
    expect(vm.mayConfirm(waiting({ operator: { id: 'op-admin', name: 'Me' } }))).toBe(false);
    expect(vm.mayConfirm(waiting({ link_holder: null }))).toBe(true);
  });

  it('approves a reset with a reason and shows its new link once, for the operator it is for', async () => {
    const pending = change('op-other');
    const { vm, http } = await operatorsPage({ changes: [pending], unconfirmed: [] });
    const link = {
      enrolment_url: 'http://localhost:8090/enrol#token=abc',
      expires_at: '2026-01-02T01:00:00.000Z',
    };
    http.on('approveOperatorChange', answer({ link }));
    vm.open({ kind: 'approve', operator: pending.operator, change: pending });
    vm.setReason('Checked with Farah by phone');
    await vm.confirm();
    const [call] = http.callsTo('approveOperatorChange');
    expect(call.request).toEqual({ reason: 'Checked with Farah by phone' });
    expect(call.options).toEqual({ id: 'change-1' });
    expect(vm.link).toEqual({ ...link, for: 'Farah Finance' });
    expect(vm.task).toBeNull();
    expect(http.callsTo('operatorApprovals')).toHaveLength(2);
  });

  it('says a reset waits for a second admin, and shows a confirmation refused in its words', async () => {
    const row = {
      id: 'op-finance',
      name: 'Farah Finance',
      email: 'farah@ops.example',
      role: 'finance' as const,
      enrolled: true,
      disabled: false,
      created_at: '2026-01-01T01:00:00.000Z',
    };
    const { vm, http } = await operatorsPage({ changes: [], unconfirmed: [waiting()] });
    http.on('resetOperatorSecondFactor', answer({ pending: change('op-admin') }));
    vm.open({ kind: 'reset-second-factor', operator: row });
    vm.setReason('Lost their phone');
    await vm.confirm();
    expect(vm.awaitsSecondAdmin).toBe(true);
    expect(vm.link).toBeNull();

    http.on('confirmOperator', opsFailure('OPS_UNCONFIRMED'));
    vm.open({ kind: 'confirm', operator: { id: 'op-new', name: 'Nadia New' } });
    vm.setReason('Met her in person');
    await vm.confirm();
    expect(http.callsTo('confirmOperator')[0].options).toEqual({ id: 'op-new' });
    expect(vm.taskFailure).toBe('errors.unconfirmed');
  });
});
