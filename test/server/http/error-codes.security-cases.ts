import { ApiPaths } from '../../../src/contract/api';
import { type PasskeyOptionsResponse } from '../../../src/contract/passkeys';
import { type FailureCase, type FailureContext } from '../support/failures';
import { type Answer, logIn, seedMember } from '../support/in-memory-server';
import { SoftwareAuthenticator } from '../support/software-authenticator';

/** Failures of the security page: sessions, passkeys and the account's deletion. */
export const SECURITY_CASES: FailureCase[] = [
  [
    'PASSKEY_NOT_FOUND',
    'removing a passkey that does not exist',
    (c) =>
      c.t.post(
        ApiPaths.removePasskey,
        { passkey_id: '00000000-0000-4000-8000-000000000000' },
        { token: c.token },
      ),
  ],
  [
    'PASSKEY_REJECTED',
    'a passkey answer to no challenge',
    (c) =>
      c.t.post(ApiPaths.passkeyLogin, {
        credential: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: {
            clientDataJSON: Buffer.from('{"challenge":"none"}').toString('base64url'),
            authenticatorData: 'AAAA',
            signature: 'AAAA',
          },
        },
      }),
  ],
  ['PASSKEY_ALREADY_REGISTERED', 'a passkey registered twice', registerPasskeyTwice],
  [
    'PASSWORD_CONFIRMATION_WRONG',
    'deleting the account with a wrong password',
    async (c) => {
      // A member of its own: the wrong try counts against that account's login throttle.
      const { token } = await logIn(c.t, await seedMember(c.t));
      return c.t.post(
        ApiPaths.deleteAccount,
        { password: 'not the password', confirmation: 'DELETE' },
        { token },
      );
    },
  ],
  [
    'SESSION_NOT_FOUND',
    'signing out a session that does not exist',
    (c) =>
      c.t.post(
        ApiPaths.signOutSession,
        { session_id: '00000000-0000-4000-8000-000000000000' },
        { token: c.token },
      ),
  ],
];

/** One software authenticator registered by a member, then offered again by another. */
async function registerPasskeyTwice(c: FailureContext): Promise<Answer> {
  const authenticator = new SoftwareAuthenticator(
    c.t.config.publicUrl,
    new URL(c.t.config.publicUrl).hostname,
  );
  let last: Answer | undefined;
  for (let i = 0; i < 2; i += 1) {
    const member = await seedMember(c.t);
    const { token } = await logIn(c.t, member);
    const options = await c.t.post(
      ApiPaths.passkeyRegistrationOptions,
      { password: member.password },
      { token },
    );
    const { challenge } = (options.body.data as PasskeyOptionsResponse).options;
    last = await c.t.post(
      ApiPaths.registerPasskey,
      { name: 'Phone', credential: authenticator.register(challenge) },
      { token },
    );
  }
  if (last === undefined) throw new Error('no answer');
  return last;
}
