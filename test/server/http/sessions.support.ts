import { type TestDatabase } from '../../../scripts/support/databases';
import { postEmpty, postJson } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The API on `database` for the login and password-reset suites, started before the suite and
 * closed after it, with the calls both make. Read `t` inside tests, not while declaring them.
 */
export function sessionsApiOn(database: TestDatabase) {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  return {
    get t(): TestApp {
      return t;
    },
    sessionCheck: (token?: string) =>
      postEmpty<{ user_id: string; name: string; phone_no: string }>(
        t.baseUrl,
        '/service/session-check',
        { token },
      ),
    tryLogin: (ic_or_passport: string, password: string) =>
      postJson(t.baseUrl, '/service/login', { ic_or_passport, password }),
    sendResetCode: (phone_no: string) =>
      postJson(t.baseUrl, '/service/send_sms_code', { phone_no, purpose: 'password_reset' }),
  };
}
