import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import { AuditViewModel } from '../../console/src/ui/screens/audit/audit.view-model';
import { MemberViewModel } from '../../console/src/ui/screens/member/member.view-model';
import { initConsoleI18n } from '../../console/src/ui/shell/i18n';
import { PaymentViewModel } from '../../console/src/ui/screens/payment/payment.view-model';
import type { AuditEntryDto, MemberDetailResponse } from '../../src/contract/ops-api';
import { LANGUAGES } from '../../src/contract/languages';
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
  sms_messages: [],
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

  it('counts audit entries in words that agree with the number, in every language', async () => {
    const texts = Object.fromEntries(
      LANGUAGES.map((lng) => [
        lng,
        JSON.parse(
          readFileSync(join(__dirname, `../../locales/${lng}/console.json`), 'utf8'),
        ) as object,
      ]),
    ) as Parameters<typeof initConsoleI18n>[0];
    const i18n = createInstance();
    const saved = new Map<string, string>([['language', 'en']]);
    await initConsoleI18n(
      texts,
      { get: (key) => saved.get(key) ?? null, set: (key, value) => saved.set(key, value) },
      i18n,
    );
    await i18n.changeLanguage('en');
    const at = '8 Dec 2026';
    expect(i18n.t('audit.lastCheckpoint', { at, count: 1 })).toBe(
      'Last signed checkpoint 8 Dec 2026 (1 entry).',
    );
    expect(i18n.t('audit.lastCheckpoint', { at, count: 2 })).toContain('(2 entries)');
    expect(i18n.t('audit.verified', { count: 1 })).toBe('Chain verified: 1 entry.');
    await i18n.changeLanguage('fr');
    expect(i18n.t('audit.verified', { count: 1 })).toBe('Chaîne vérifiée : 1 entrée.');
  });

  it("names an audit entry's target, the id beside it", async () => {
    const { http, container } = await signedInAs('admin');
    const entry = (seq: number, type: string | null, id: string | null): AuditEntryDto => ({
      seq,
      at: '2026-01-01T01:00:00.000Z',
      actor_id: null,
      actor_name: 'cli',
      actor_role: null,
      address: null,
      action: 'x',
      target_type: type,
      target_id: id,
      reason: null,
      changes: null,
      prev_hash: '0',
      hash: '1',
    });
    http.on(
      'audit',
      answer({
        items: [entry(3, 'member', 'm-1'), entry(2, 'payment', 'TXN1'), entry(1, null, null)],
        next_cursor: null,
        chain: { verified: true, entries: 3, first_bad_seq: null, last_checkpoint: null },
        target_labels: { 'member:m-1': 'S*** A****' },
      }),
    );
    const vm = container.get(AuditViewModel);
    await vm.load();
    expect(vm.items.map((item) => vm.targetOf(item))).toEqual([
      { typeKey: 'audit.targetType.member', type: 'member', name: 'S*** A****', id: 'm-1' },
      { typeKey: 'audit.targetType.payment', type: 'payment', name: null, id: 'TXN1' },
      null,
    ]);
  });
});
