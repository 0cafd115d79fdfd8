import { ApiPaths } from '../../../../src/contract/api';
import { SMS_REPORT_PATHS } from '../../../../server/domain/sms-delivery';
import { twilioSignature } from '../../../../server/http/routes/sms-delivery.routes';
import { type SmsSent } from '../../../../server/ports/sms-sender.port';
import { aMember } from '../../support/members';
import { injectedApp } from '../../support/in-memory-server';

const AUTH_TOKEN = 'twilio-auth-token-for-tests';

/** The time from a code's request to its SMS delivered, as support's dashboards read it. */
describe('sms_request_to_delivered_seconds (app.inject)', () => {
  it('times a code from its request to the first report that says delivered, once', async () => {
    let named = 0;
    const sender = { send: async (): Promise<SmsSent> => ({ providerMessageId: `SM${++named}` }) };
    const t = await injectedApp({
      config: {
        smsProvider: 'twilio',
        twilio: { accountSid: 'AC1', authToken: AUTH_TOKEN, from: '+1500', baseUrl: 'http://x' },
      },
      adapters: { smsSender: sender },
    });
    try {
      const { phone_no } = aMember();
      expect(
        (await t.post(ApiPaths.sendSmsCode, { phone_no, purpose: 'registration' })).status,
      ).toBe(200);
      const report = async (status: string) => {
        const fields = new URLSearchParams({ MessageSid: 'SM1', MessageStatus: status });
        const url = `http://portal.test/api${SMS_REPORT_PATHS.twilio}`;
        const answer = await t.app.inject({
          method: 'POST',
          url: `/api${SMS_REPORT_PATHS.twilio}`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioSignature(AUTH_TOKEN, url, fields),
          },
          payload: fields.toString(),
        });
        expect(answer.statusCode).toBe(200);
      };
      await t.clock.advance(3000);
      await report('sent');
      await t.clock.advance(4000);
      await report('delivered');
      // Twilio repeats itself: a second "delivered" is not timed again.
      await report('delivered');
      const { body } = await t.container.metrics.scrape();
      expect(body).toContain('sms_request_to_delivered_seconds_count 1');
      expect(body).toContain('sms_request_to_delivered_seconds_sum 7');
      expect(body).toContain('sms_request_to_delivered_seconds_bucket{le="5"} 0');
      expect(body).toContain('sms_request_to_delivered_seconds_bucket{le="10"} 1');
    } finally {
      await t.close();
    }
  });
});
