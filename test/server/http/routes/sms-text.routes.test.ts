import { ApiPaths } from '../../../../src/contract/api';
import { aMember } from '../../support/members';
import { injectedApp, type InjectedApp, seedMember } from '../../support/in-memory-server';

describe('the SMS a code request sends (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp({ config: { smsBrand: 'ACME Club' } });
  });
  afterEach(() => t.close());

  const lastBody = () => t.sms.sent.at(-1)?.body;

  it('writes the text in the language the request names, with RM0 and the brand', async () => {
    const { phone_no } = aMember();
    const sent = await t.post(ApiPaths.sendSmsCode, {
      phone_no,
      purpose: 'registration',
      language: 'ms',
    });
    expect(sent.status).toBe(200);
    const code = t.sms.lastCode(phone_no.replace(/\D/g, ''));
    expect(lastBody()).toBe(
      `RM0 ACME Club: ${code} ialah kod pendaftaran anda. Sah 5 minit. Jangan kongsi kod ini.`,
    );
  });

  it('writes a password reset in Chinese when the page is in Chinese', async () => {
    const member = await seedMember(t);
    const sent = await t.post(ApiPaths.sendSmsCode, {
      phone_no: member.phone_no,
      purpose: 'password_reset',
      language: 'zn',
    });
    expect(sent.status).toBe(200);
    expect(lastBody()).toMatch(/^RM0 ACME Club: \d{6}是您的重置密码验证码，5分钟内有效。/);
  });

  it('writes English when the request names no language', async () => {
    const { phone_no } = aMember();
    expect((await t.post(ApiPaths.sendSmsCode, { phone_no, purpose: 'registration' })).status).toBe(
      200,
    );
    expect(lastBody()).toMatch(
      /^RM0 ACME Club: Your sign-up code is \d{6}\. It expires in 5 min\./,
    );
  });

  it('refuses a language the portal does not speak, and sends nothing', async () => {
    const { phone_no } = aMember();
    const refused = await t.post(ApiPaths.sendSmsCode, {
      phone_no,
      purpose: 'registration',
      language: 'de',
    });
    expect(refused.status).toBe(400);
    expect(t.sms.sent).toEqual([]);
  });

  it('adds the WebOTP line when SMS_WEBOTP_DOMAIN is set', async () => {
    await t.close();
    t = await injectedApp({ config: { smsBrand: 'ACME', smsWebOtpDomain: 'portal.acme.my' } });
    const { phone_no } = aMember();
    await t.post(ApiPaths.sendSmsCode, { phone_no, purpose: 'registration', language: 'fr' });
    const code = t.sms.lastCode(phone_no.replace(/\D/g, ''));
    expect(lastBody()).toBe(
      `RM0 ACME: ${code} est votre code d'inscription. Valable 5 min. Ne le donnez pas.\n@portal.acme.my #${code}`,
    );
  });
});
