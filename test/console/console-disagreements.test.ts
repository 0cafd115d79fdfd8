import { MemberViewModel } from '../../console/src/ui/screens/member/member.view-model';
import { PaymentViewModel } from '../../console/src/ui/screens/payment/payment.view-model';
import type { MemberDetailResponse } from '../../src/contract/ops-api';
import { signedInAs } from './console-container.support';
import { answer } from './fake-ops-http';
import { aDetail, aPayment } from './payments-fixtures';

const memberPage = (): MemberDetailResponse => ({
  member: {
    id: 'm-1',
    name: 'S*** A****',
    phone_no: '60******5678',
    ic_or_passport: '******-**-5678',
    created_at: '2026-01-01T01:00:00.000Z',
    sign_in_disabled: false,
  },
  last_sign_in_at: null,
  sessions: [],
  passkeys: [],
  payments: [
    {
      payment_id: 'TXNPAID',
      receipt_number: 'RCP-2026-000001',
      amount: '50.00',
      status: 'completed',
      created_at: '2026-01-01T01:00:00.000Z',
    },
    {
      payment_id: 'TXNWAITING',
      receipt_number: null,
      amount: '20.00',
      status: 'pending',
      created_at: '2026-01-02T01:00:00.000Z',
    },
  ],
  throttle: { failures: 0, locked: false },
});

/** What one console screen says of a payment, every other says the same way. */
describe('the console: screens that agree', () => {
  it("names the member page's payments by receipt number, with status labels", async () => {
    const { http, container } = await signedInAs('support');
    http.on('member', answer(memberPage()));
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    expect(vm.payments.map((row) => [row.id, row.name, row.statusKey])).toEqual([
      ['TXNPAID', 'RCP-2026-000001', 'payment.status.completed'],
      ['TXNWAITING', 'TXNWAITING', 'payment.status.pending'],
    ]);
  });

  it('shows the gateway reference its receipt prints, the transaction id when the gateway gave none', async () => {
    const { http, container } = await signedInAs('viewer');
    const vm = container.get(PaymentViewModel);
    http.on('payment', answer(aDetail({ payment: aPayment('TXNSANDBOX', { gateway_ref: null }) })));
    await vm.load('TXNSANDBOX');
    expect(vm.gatewayReference).toBe('TXNSANDBOX');
    http.on(
      'payment',
      answer(aDetail({ payment: aPayment('TXNBILL', { gateway_ref: 'bill-8x2k' }) })),
    );
    await vm.load('TXNBILL');
    expect(vm.gatewayReference).toBe('bill-8x2k');
  });
});
