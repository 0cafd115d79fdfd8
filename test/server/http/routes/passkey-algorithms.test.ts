import { ApiPaths } from '../../../../src/contract/api';
import { type PasskeyOptionsResponse } from '../../../../src/contract/passkeys';
import { injectedApp, logIn, seedMember } from '../../support/in-memory-server';

/**
 * A member's passkey is made with EdDSA, ES256 or RS256 on any runtime: on Node 24,
 * @simplewebauthn/server would otherwise ask for ML-DSA-44 first, and Chromium's passkeys made
 * with it could not sign in.
 */
describe('passkey registration options (app.inject)', () => {
  it('offer EdDSA, ES256 and RS256 only, whatever algorithms the runtime adds', async () => {
    const t = await injectedApp({ config: { publicUrl: 'http://portal.test' } });
    try {
      const member = await seedMember(t);
      const { token } = await logIn(t, member);
      const answer = await t.post(
        ApiPaths.passkeyRegistrationOptions,
        { password: member.password },
        { token },
      );
      expect(answer.status).toBe(200);
      const { options } = answer.body.data as PasskeyOptionsResponse;
      const params = options.pubKeyCredParams as { alg: number }[];
      expect(params.map((param) => param.alg)).toEqual([-8, -7, -257]);
    } finally {
      await t.close();
    }
  });
});
