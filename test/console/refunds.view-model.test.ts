import { PaymentViewModel } from '../../console/src/ui/screens/payment/payment.view-model';
import { RefundsQueueViewModel } from '../../console/src/ui/screens/refunds/refunds-queue.view-model';
import { StepUpViewModel } from '../../console/src/ui/shared/step-up.view-model';
import { flushPromises } from '../fakes/fake-clock';
import { signedInAs } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';
import { aDetail, aRefund } from './payments-fixtures';

/** The answer of an action that wants the second factor again first. */
const stepUpNeeded = () => opsFailure('OPS_STEP_UP_REQUIRED');
const stepUpUntil = { step_up_until: '2026-01-01T09:05:00.000Z' };

async function paymentPage(role: 'finance' | 'admin') {
  const setup = await signedInAs(role);
  setup.http.on('payment', answer(aDetail({ refundable: '70.00' })));
  const vm = setup.container.get(PaymentViewModel);
  await vm.load('TXN-1');
  return { ...setup, vm, stepUp: setup.container.get(StepUpViewModel) };
}

describe('requesting a refund', () => {
  it.each([
    ['', 'errors.amountRequired'],
    ['0', 'errors.amountZero'],
    ['0.00', 'errors.amountZero'],
    ['-5', 'errors.amountFormat'],
    ['1.234', 'errors.amountFormat'],
    ['ten', 'errors.amountFormat'],
    ['70.01', 'errors.amountOver'],
  ])('refuses the amount %j before any call', async (amount, key) => {
    const { http, vm } = await paymentPage('finance');
    vm.request.setAmount(amount);
    vm.request.setReason('Member paid twice');
    await vm.request.submit('TXN-1', '70.00');
    expect(vm.request.errors).toEqual({ amount: key });
    expect(http.callsTo('requestRefund')).toHaveLength(0);
  });

  it('sends the amount in ringgit with two decimals and the reason, then reloads', async () => {
    const { http, vm } = await paymentPage('finance');
    http.on('requestRefund', answer(aRefund('r-1')));
    vm.request.setAmount('30.5');
    vm.request.setReason('  Member paid twice  ');
    await vm.request.submit('TXN-1', '70.00');
    const [call] = http.callsTo('requestRefund');
    expect(call.request).toEqual({ amount: '30.50', reason: 'Member paid twice' });
    expect(call.options).toEqual({ id: 'TXN-1' });
    expect(vm.done).toEqual({ key: 'refund.done.requested', values: {} });
    expect(vm.request.amount).toBe('');
    expect(http.callsTo('payment')).toHaveLength(2);
  });

  it('says what the server refused: over the refundable amount', async () => {
    const { http, vm } = await paymentPage('finance');
    http.on('requestRefund', opsFailure('REFUND_OVER_REFUNDABLE'));
    vm.request.setAmount('70');
    vm.request.setReason('Member paid twice');
    await vm.request.submit('TXN-1', '70.00');
    expect(vm.request.failure).toBe('errors.refundTooMuch');
    expect(vm.request.busy).toBe(false);
    expect(vm.done).toBeNull();
  });

  it('asks for the code when the server wants the second factor, then redoes the request', async () => {
    const { http, vm, stepUp } = await paymentPage('finance');
    http.once('requestRefund', stepUpNeeded());
    http.once('requestRefund', answer(aRefund('r-1')));
    http.on('stepUp', answer(stepUpUntil));
    vm.request.setAmount('20');
    vm.request.setReason('Member paid twice');
    const submitted = vm.request.submit('TXN-1', '70.00');
    await flushPromises();
    expect(stepUp.open).toBe(true);
    await stepUp.submit();
    expect(stepUp.codeError).toBe('errors.codeRequired');
    stepUp.setCode('123 456');
    await stepUp.submit();
    await submitted;
    expect(http.callsTo('stepUp').map((c) => c.request)).toEqual([{ totp_code: '123456' }]);
    expect(http.callsTo('requestRefund')).toHaveLength(2);
    expect(stepUp.open).toBe(false);
    expect(vm.done?.key).toBe('refund.done.requested');
  });

  it('keeps the dialog open on a wrong code, and leaves the refund unasked when cancelled', async () => {
    const { http, vm, stepUp } = await paymentPage('finance');
    http.on('requestRefund', stepUpNeeded());
    http.once('stepUp', opsFailure('VALIDATION_FAILED', { field: 'totp_code' }));
    http.on('stepUp', opsFailure('AUTH_TOO_MANY_ATTEMPTS'));
    vm.request.setAmount('20');
    vm.request.setReason('Member paid twice');
    const submitted = vm.request.submit('TXN-1', '70.00');
    await flushPromises();
    stepUp.setCode('000000');
    await stepUp.submit();
    expect(stepUp.open).toBe(true);
    expect(stepUp.codeError).toBe('errors.codeWrong');
    stepUp.setCode('111111');
    await stepUp.submit();
    expect(stepUp.failure).toBe('errors.tooMany');
    stepUp.cancel();
    await submitted;
    expect(http.callsTo('requestRefund')).toHaveLength(1);
    expect(vm.request.failure).toBe('errors.stepUpNeeded');
    expect(vm.done).toBeNull();
  });
});

describe('deciding a refund', () => {
  const requested = aRefund('r-9', { requested_by: { id: 'op-x', name: 'Siti' } });

  it('approves with a reason, after a passkey when the server wants the second factor', async () => {
    const { http, vm, stepUp, passkeys } = await paymentPage('admin');
    http.once('approveRefund', stepUpNeeded());
    http.once('approveRefund', answer(null));
    http.on('stepUpPasskeyOptions', answer({ options: { challenge: 'c-1' } }));
    http.on('stepUp', answer(stepUpUntil));
    vm.decision.open(requested, 'approve');
    await vm.decision.confirm();
    expect(vm.decision.errors).toEqual({ reason: 'errors.reasonRequired' });
    vm.decision.set('reason', 'Checked with the bank');
    const confirmed = vm.decision.confirm();
    await flushPromises();
    stepUp.setMode('passkey');
    await stepUp.submit();
    await confirmed;
    expect(passkeys.requested).toEqual([{ challenge: 'c-1' }]);
    expect(http.callsTo('stepUp')[0].request).toHaveProperty('credential');
    const calls = http.callsTo('approveRefund');
    expect(calls.map((c) => [c.request, c.options])).toEqual([
      [{ reason: 'Checked with the bank' }, { id: 'r-9' }],
      [{ reason: 'Checked with the bank' }, { id: 'r-9' }],
    ]);
    expect(vm.decision.step).toBeNull();
    expect(vm.done).toEqual({ key: 'refund.done.approve', values: {} });
  });

  it('rejects with the reason, and shows the two-person refusal', async () => {
    const { http, vm } = await paymentPage('admin');
    http.on('rejectRefund', opsFailure('REFUND_OWN_REQUEST'));
    vm.decision.open(requested, 'reject');
    vm.decision.set('reason', 'Duplicate request');
    await vm.decision.confirm();
    expect(http.callsTo('rejectRefund')[0].request).toEqual({ reason: 'Duplicate request' });
    expect(vm.decision.failure).toBe('errors.ownRefund');
    expect(vm.decision.step).toBe('reject');
  });

  it('sends a failed gateway refund again with no form', async () => {
    const { http, vm } = await paymentPage('finance');
    http.on('retryRefund', answer(null));
    vm.decision.open(aRefund('r-2', { status: 'refund_failed' }), 'retry');
    await vm.decision.confirm();
    expect(http.callsTo('retryRefund')[0].options).toEqual({ id: 'r-2' });
    expect(vm.done?.key).toBe('refund.done.retry');
  });

  it('closes a manual refund with the transfer, today by default and never a later day', async () => {
    // The fake clock's 2026-01-01T09:00Z is 17:00 on 1 January in Malaysia.
    const { http, vm, clock } = await paymentPage('finance');
    await clock.advance(16 * 60 * 60_000); // 01:00 on 2 January in Malaysia, still 1 January UTC
    http.on('closeRefund', answer(null));
    vm.decision.open(aRefund('r-3', { method: 'manual', status: 'approved' }), 'close');
    expect(vm.decision.transferDate).toBe('2026-01-02');
    vm.decision.set('transfer_date', '2026-01-03');
    await vm.decision.confirm();
    expect(vm.decision.errors).toEqual({
      reference: 'errors.referenceRequired',
      transfer_date: 'errors.dateFuture',
    });
    vm.decision.set('reference', ' MBB-778812 ');
    vm.decision.set('transfer_date', '2026-01-02');
    await vm.decision.confirm();
    expect(http.callsTo('closeRefund')[0].request).toEqual({
      reference: 'MBB-778812',
      transfer_date: '2026-01-02',
    });
    expect(vm.done?.key).toBe('refund.done.close');
  });
});

describe('RefundsQueueViewModel', () => {
  it('lists everything waiting, then one status, then the next page', async () => {
    const { http, container } = await signedInAs('finance');
    const item = (id: string) => ({ ...aRefund(id), payment_amount: '100.00', gateway: 'sandbox' });
    http.once('refunds', answer({ items: [item('a')], next_cursor: null }));
    http.once('refunds', answer({ items: [item('b')], next_cursor: 'c1' }));
    http.once('refunds', answer({ items: [item('c')], next_cursor: null }));
    const vm = container.get(RefundsQueueViewModel);
    await vm.load();
    vm.setStatus('refund_failed');
    await vm.load();
    await vm.loadMore();
    vm.setStatus('refunded');
    expect(vm.status).toBe('');
    expect(http.callsTo('refunds').map((c) => c.request)).toEqual([
      {},
      { status: 'refund_failed' },
      { status: 'refund_failed', cursor: 'c1' },
    ]);
    expect(vm.items.map((r) => r.id)).toEqual(['b', 'c']);
  });
});
