import { type MemberDetailResponse, OpsPaths } from '../../../src/contract/ops-api';
import { seedMember } from '../support/in-memory-server';
import { get, opsHarness, type OpsHarness, operatorSignedIn } from './ops-support';

/**
 * Support's answer to "I never got the code": the member's page lists the latest codes sent to
 * their phone, with purpose, time, what became of the SMS and the provider's error; never the
 * code or the text.
 */
describe('the console: a member’s SMS codes', () => {
  let h: OpsHarness;
  afterAll(() => h.close());

  it('lists each code’s purpose, time, status and error, newest first, never the code', async () => {
    h = await opsHarness();
    const support = await operatorSignedIn(h, 'support');
    const member = await seedMember(h.server);
    const request = { phoneNo: member.phone_no, clientAddress: '203.0.113.9' };
    const requestedAt = new Date(h.server.clock.now()).toISOString();
    h.server.sms.failNext();
    const refused = await h.server.container.sendSmsCode.execute({
      ...request,
      purpose: 'password_reset',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'SMS_SEND_FAILED' } });
    await h.server.clock.advance(1000);
    // The refused send is not counted: the resend is not held by the cooldown.
    const sent = await h.server.container.sendSmsCode.execute({
      ...request,
      purpose: 'password_reset',
    });
    expect(sent.ok).toBe(true);
    const code = h.server.sms.lastCode(member.phone_no) ?? '';

    const answer = await get(h, `${OpsPaths.member}/${member.id}`, support);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const page = answer.json().data as MemberDetailResponse;
    const later = new Date(h.server.clock.now()).toISOString();
    expect(page.sms_messages).toEqual([
      {
        purpose: 'password_reset',
        requested_at: later,
        status: 'queued',
        error: null,
        status_at: later,
      },
      {
        purpose: 'password_reset',
        requested_at: requestedAt,
        status: 'failed',
        error: 'timeout',
        status_at: requestedAt,
      },
    ]);
    expect(answer.body).not.toContain(code);
    expect(answer.body).not.toContain('RM0');
  });
});
