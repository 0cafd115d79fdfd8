import { MemberSupportUseCase } from '../../console/src/domain/use-cases/member-support.use-case';
import { AuditUseCase } from '../../console/src/domain/use-cases/audit.use-case';
import { EnrolmentViewModel } from '../../console/src/ui/screens/enrolment/enrolment.view-model';
import { MemberViewModel } from '../../console/src/ui/screens/member/member.view-model';
import type { AuditListResponse, MemberDetailResponse } from '../../src/contract/ops-api';
import { consoleContainer, signedInAs } from './console-container.support';
import { answer, FakeOpsHttp } from './fake-ops-http';

/**
 * The console's use cases turn the wire's answers into the console's models, as the member app's
 * do: the screens read camelCase fields, and a field the server adds is not carried along.
 */
const wireMember = {
  id: 'm-1',
  name: 'S*** A***',
  phone_no: '60******5678',
  ic_or_passport: '******-**-5678',
  created_at: '2026-01-01T01:00:00.000Z',
  sign_in_disabled: true,
};

const wireDetail: MemberDetailResponse = {
  member: wireMember,
  last_sign_in_at: '2026-01-02T01:00:00.000Z',
  sessions: [{ device: null, started_at: '2026-01-02T01:00:00.000Z', last_active_at: 'x' }],
  passkeys: [{ name: 'Pixel', created_at: '2026-01-03T01:00:00.000Z' }],
  payments: [
    {
      payment_id: 'TXN-1',
      receipt_number: null,
      amount: '12.50',
      status: 'pending',
      created_at: '2026-01-04T01:00:00.000Z',
    },
  ],
  throttle: { failures: 2, locked: false },
  sms_messages: [
    {
      purpose: 'password_reset',
      requested_at: '2026-01-05T01:00:00.000Z',
      status: 'failed',
      error: '30003',
      status_at: '2026-01-05T01:00:09.000Z',
    },
  ],
};

describe('console models', () => {
  it("reads a member's page into the member model, dropping what it does not know", async () => {
    const http = new FakeOpsHttp().on(
      'member',
      answer({ ...wireDetail, internal_note: 'not for the console' } as MemberDetailResponse),
    );
    const detail = await new MemberSupportUseCase(http).detail('m-1');
    expect(detail.ok && { ...detail.value }).toEqual({
      member: {
        id: 'm-1',
        name: 'S*** A***',
        phoneNo: '60******5678',
        icOrPassport: '******-**-5678',
        createdAt: '2026-01-01T01:00:00.000Z',
        signInDisabled: true,
      },
      lastSignInAt: '2026-01-02T01:00:00.000Z',
      sessions: [{ device: null, startedAt: '2026-01-02T01:00:00.000Z', lastActiveAt: 'x' }],
      passkeys: [{ name: 'Pixel', createdAt: '2026-01-03T01:00:00.000Z' }],
      payments: [
        {
          paymentId: 'TXN-1',
          receiptNumber: null,
          amount: '12.50',
          status: 'pending',
          createdAt: '2026-01-04T01:00:00.000Z',
        },
      ],
      throttle: { failures: 2, locked: false },
      sms: [
        {
          purpose: 'password_reset',
          requestedAt: '2026-01-05T01:00:00.000Z',
          status: 'failed',
          error: '30003',
          statusAt: '2026-01-05T01:00:09.000Z',
        },
      ],
    });
  });

  it('reads search rows as members', async () => {
    const http = new FakeOpsHttp().on(
      'searchMembers',
      answer({ items: [wireMember], next_cursor: 'c' }),
    );
    const page = await new MemberSupportUseCase(http).search('6012');
    expect(page.ok && [page.value.items[0].phoneNo, page.value.next_cursor]).toEqual([
      '60******5678',
      'c',
    ]);
  });

  it('reads an audit page: entries, the chain and the targets by name', async () => {
    const wire: AuditListResponse = {
      items: [
        {
          seq: 7,
          at: '2026-01-05T01:00:00.000Z',
          actor_id: 'op-1',
          actor_name: 'Nur',
          actor_role: 'admin',
          address: null,
          action: 'member.reveal',
          target_type: 'member',
          target_id: 'm-1',
          reason: 'Asked by phone',
          changes: { role: { before: 'viewer', after: 'support' } },
          prev_hash: 'p',
          hash: 'h',
        },
      ],
      next_cursor: null,
      chain: {
        verified: false,
        entries: 7,
        first_bad_seq: 7,
        last_checkpoint: { entries: 6, head_hash: 'h6', signed_at: '2026-01-04T00:00:00.000Z' },
      },
      target_labels: { 'member:m-1': 'S*** A***' },
    };
    const page = await new AuditUseCase(new FakeOpsHttp().on('audit', answer(wire))).list({});
    if (!page.ok) throw new Error('the audit page was not read');
    expect(page.value.items[0]).toMatchObject({
      actorName: 'Nur',
      targetType: 'member',
      targetId: 'm-1',
      changes: { role: { before: 'viewer', after: 'support' } },
    });
    expect({ ...page.value.chain, lastCheckpoint: { ...page.value.chain.lastCheckpoint } }).toEqual(
      {
        verified: false,
        entries: 7,
        firstBadSeq: 7,
        lastCheckpoint: { entries: 6, signedAt: '2026-01-04T00:00:00.000Z' },
      },
    );
    expect(page.value.targetLabels).toEqual({ 'member:m-1': 'S*** A***' });
  });

  it('names the member by the revealed data once revealed', async () => {
    const { http, container } = await signedInAs('support');
    http.on('member', answer(wireDetail));
    http.on(
      'revealMember',
      answer({ name: 'Siti Aminah', phone_no: '60123455678', ic_or_passport: '900101-14-5678' }),
    );
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    expect(vm.shown).toMatchObject({ name: 'S*** A***', phoneNo: '60******5678' });
    vm.open('reveal');
    vm.setReason('Member asked on the phone');
    await vm.confirm();
    expect(vm.shown).toEqual({
      name: 'Siti Aminah',
      phoneNo: '60123455678',
      icOrPassport: '900101-14-5678',
    });
  });

  it('reads an enrolment link into the invitation the page shows', async () => {
    const { http, container } = consoleContainer();
    http.on(
      'enrolmentStart',
      answer({
        name: 'Nur',
        email: 'nur@ops.example',
        role: 'support' as const,
        totp_secret: 'JBSWY3DPEHPK3PXP',
        totp_uri: 'otpauth://totp/Console:nur?secret=JBSWY3DPEHPK3PXP',
      }),
    );
    const vm = container.get(EnrolmentViewModel);
    await vm.load('#token=enrolment-token-0123456789');
    expect({ ...vm.details }).toEqual({
      name: 'Nur',
      email: 'nur@ops.example',
      role: 'support',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      totpUri: 'otpauth://totp/Console:nur?secret=JBSWY3DPEHPK3PXP',
    });
  });
});
