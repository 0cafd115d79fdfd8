import { AuditViewModel } from '../../console/src/ui/screens/audit/audit.view-model';
import { PaymentViewModel } from '../../console/src/ui/screens/payment/payment.view-model';
import { PaymentSearchViewModel } from '../../console/src/ui/screens/payments/payment-search.view-model';
import type { OpsRole } from '../../src/contract/ops-roles';
import { signedInAs } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';
import { aDetail, aPayment, aRefund } from './payments-fixtures';

describe('PaymentSearchViewModel', () => {
  it('sends every filter combined, trimmed, amounts in ringgit with two decimals', async () => {
    const { http, container } = await signedInAs('viewer');
    http.on('searchPayments', answer({ items: [aPayment('TXN-1')], next_cursor: null }));
    const vm = container.get(PaymentSearchViewModel);
    vm.setFilter('ref', ' RCP-1 ');
    vm.setFilter('member', '+60123455678');
    vm.setFilter('status', 'completed');
    vm.setFilter('gateway', 'billplz');
    vm.setFilter('from', '2026-01-01');
    vm.setFilter('to', '2026-01-31');
    vm.setFilter('min_amount', '50');
    vm.setFilter('max_amount', 'RM 1,000.5');
    await vm.load();
    expect(http.callsTo('searchPayments')[0].request).toEqual({
      ref: 'RCP-1',
      member: '+60123455678',
      status: 'completed',
      gateway: 'billplz',
      from: '2026-01-01',
      to: '2026-01-31',
      min_amount: '50.00',
      max_amount: '1000.50',
    });
    expect(vm.items.map((p) => p.transaction_id)).toEqual(['TXN-1']);
  });

  it('follows the cursor with "Load more" on the shown filters, not the edited ones', async () => {
    const { http, container } = await signedInAs('viewer');
    http.once(
      'searchPayments',
      answer({ items: [aPayment('a'), aPayment('b')], next_cursor: 'c1' }),
    );
    http.once('searchPayments', answer({ items: [aPayment('c')], next_cursor: null }));
    const vm = container.get(PaymentSearchViewModel);
    vm.setFilter('status', 'failed');
    await vm.load();
    vm.setFilter('status', 'pending');
    await vm.loadMore();
    expect(http.callsTo('searchPayments').map((c) => c.request)).toEqual([
      { status: 'failed' },
      { status: 'failed', cursor: 'c1' },
    ]);
    expect(vm.items.map((p) => p.transaction_id)).toEqual(['a', 'b', 'c']);
    expect(vm.firstNew).toBe(2);
    expect(vm.nextCursor).toBeNull();
  });

  it.each([
    ['min_amount', '12.345', 'errors.amountFormat'],
    ['max_amount', '-5', 'errors.amountFormat'],
    ['from', '2026-02-30', 'errors.dateFormat'],
  ] as const)('refuses %s %j before any call', async (field, value, key) => {
    const { http, container } = await signedInAs('viewer');
    const vm = container.get(PaymentSearchViewModel);
    vm.setFilter(field, value);
    await vm.load();
    expect(vm.errors[field]).toBe(key);
    expect(vm.firstError).toBe(field);
    expect(http.callsTo('searchPayments')).toHaveLength(0);
  });

  it('refuses ranges the wrong way round', async () => {
    const { http, container } = await signedInAs('viewer');
    const vm = container.get(PaymentSearchViewModel);
    vm.setFilter('from', '2026-02-01');
    vm.setFilter('to', '2026-01-01');
    vm.setFilter('min_amount', '100');
    vm.setFilter('max_amount', '99.99');
    await vm.load();
    expect(vm.errors).toEqual({ to: 'errors.rangeReversed', max_amount: 'errors.rangeReversed' });
    expect(http.calls.filter((c) => c.endpoint === 'searchPayments')).toHaveLength(0);
  });

  it('marks the field the server names as wrong', async () => {
    const { http, container } = await signedInAs('viewer');
    http.on('searchPayments', opsFailure('VALIDATION_FAILED', { field: 'gateway' }));
    const vm = container.get(PaymentSearchViewModel);
    await vm.load();
    expect(vm.errors).toEqual({ gateway: 'errors.filterInvalid' });
    expect(vm.failure).toBeNull();
  });

  it.each([
    ['viewer', false],
    ['support', false],
    ['finance', true],
    ['admin', true],
  ] as [OpsRole, boolean][])('offers %s the CSV of the shown search: %s', async (role, offered) => {
    const { http, container } = await signedInAs(role);
    http.on('searchPayments', answer({ items: [], next_cursor: 'c9' }));
    const vm = container.get(PaymentSearchViewModel);
    expect(vm.exportHref).toBeNull();
    vm.setFilter('status', 'completed');
    vm.setFilter('min_amount', '5');
    await vm.load();
    vm.setFilter('gateway', 'billplz');
    expect(vm.exportHref).toBe(
      offered ? '/api/payments/export.csv?status=completed&min_amount=5.00' : null,
    );
  });
});

describe('the exports, fetched with the CSRF header', () => {
  it('downloads the CSV of the shown search with the session token, and says why not', async () => {
    const { http, container } = await signedInAs('finance');
    http.on('searchPayments', answer({ items: [], next_cursor: null }));
    const vm = container.get(PaymentSearchViewModel);
    vm.setFilter('status', 'completed');
    await vm.load();
    await vm.download();
    expect(http.downloads).toEqual([
      {
        href: '/api/payments/export.csv?status=completed',
        fileName: 'payments.csv',
        csrf: http.csrf,
      },
    ]);
    expect(http.csrf).not.toBeNull();
    expect(vm.exportFailure).toBeNull();
    http.downloadAnswer = opsFailure('OPS_CSRF_REJECTED');
    await vm.download();
    expect(vm.exportFailure).toBe('errors.csrf');
  });

  it('downloads the audit log as JSON Lines', async () => {
    const { http, container } = await signedInAs('admin');
    const vm = container.get(AuditViewModel);
    await vm.download();
    expect(http.downloads).toEqual([
      { href: '/api/audit/export', fileName: 'audit.jsonl', csrf: http.csrf },
    ]);
  });
});

describe('PaymentViewModel', () => {
  it('lets the approver decide another operator\u2019s request, never the requester', async () => {
    const own = aRefund('r-own', { requested_by: { id: 'op-finance', name: 'Ana finance' } });
    const other = aRefund('r-other', { requested_by: { id: 'op-x', name: 'Someone' } });
    const finance = await signedInAs('finance');
    const vm = finance.container.get(PaymentViewModel);
    expect(vm.stepsFor(own)).toEqual([]);
    expect(vm.stepsFor(other)).toEqual(['approve', 'reject']);
    const admin = (await signedInAs('admin')).container.get(PaymentViewModel);
    expect(admin.stepsFor(own)).toEqual(['approve', 'reject']);
    const support = (await signedInAs('support')).container.get(PaymentViewModel);
    expect(support.stepsFor(other)).toEqual([]);
  });

  it('offers a retry for gateway refunds approved or failed, a close for manual approved ones', async () => {
    const vm = (await signedInAs('admin')).container.get(PaymentViewModel);
    expect(vm.stepsFor(aRefund('a', { status: 'approved' }))).toEqual(['retry']);
    expect(vm.stepsFor(aRefund('b', { status: 'refund_failed' }))).toEqual(['retry']);
    expect(vm.stepsFor(aRefund('c', { status: 'approved', method: 'manual' }))).toEqual(['close']);
    expect(vm.stepsFor(aRefund('d', { status: 'refunded' }))).toEqual([]);
    expect(vm.stepsFor(aRefund('e', { status: 'rejected', method: 'manual' }))).toEqual([]);
  });

  it('offers the refund form to finance on a completed payment with something left', async () => {
    const cases: [OpsRole, Parameters<typeof aDetail>[0], boolean][] = [
      ['finance', {}, true],
      ['admin', {}, false],
      ['finance', { refundable: '0.00' }, false],
      ['finance', { payment: aPayment('TXN-1', { status: 'pending' }) }, false],
    ];
    for (const [role, detail, offered] of cases) {
      const { http, container } = await signedInAs(role);
      http.on('payment', answer(aDetail(detail)));
      const vm = container.get(PaymentViewModel);
      await vm.load('TXN-1');
      expect([role, detail, vm.canRequestRefund]).toEqual([role, detail, offered]);
    }
  });

  it('asks the gateway now, says what it answered and reloads the timeline', async () => {
    const { http, container } = await signedInAs('support');
    http.once('payment', answer(aDetail({ payment: aPayment('TXN-1', { status: 'pending' }) })));
    http.once('payment', answer(aDetail()));
    http.on('requeryPayment', answer({ result: 'applied', status: 'completed', detail: null }));
    const vm = container.get(PaymentViewModel);
    await vm.load('TXN-1');
    expect(vm.canRequery).toBe(true);
    await vm.requery();
    expect(http.callsTo('requeryPayment')[0].options).toEqual({ id: 'TXN-1' });
    expect(vm.done).toEqual({
      key: 'payment.requery.applied',
      values: { status: 'completed', detail: '' },
    });
    expect(vm.detail?.payment.status).toBe('completed');
    expect(vm.requerying).toBe(false);
  });

  it('says why the gateway could not be asked, and offers a viewer no requery', async () => {
    const { http, container } = await signedInAs('support');
    http.on('payment', answer(aDetail()));
    http.on('requeryPayment', opsFailure('PAYMENT_GATEWAY_UNAVAILABLE'));
    const vm = container.get(PaymentViewModel);
    await vm.load('TXN-1');
    await vm.requery();
    expect(vm.requeryFailure).toBe('errors.gatewayDown');
    expect(vm.done).toBeNull();

    const viewer = await signedInAs('viewer');
    viewer.http.on('payment', answer(aDetail()));
    const seen = viewer.container.get(PaymentViewModel);
    await seen.load('TXN-1');
    expect(seen.canRequery).toBe(false);
  });

  it('shows an unknown payment as not found', async () => {
    const { http, container } = await signedInAs('viewer');
    http.on('payment', opsFailure('NOT_FOUND'));
    const vm = container.get(PaymentViewModel);
    await vm.load('TXN-nope');
    expect(vm.loadFailure).toBe('errors.notFound');
    expect(vm.detail).toBeNull();
  });
});
