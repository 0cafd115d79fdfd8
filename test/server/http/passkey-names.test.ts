import { passkeyName } from '../../../server/domain/passkey';
import { ApiPaths } from '../../../src/contract/api';
import {
  PASSKEY_NAME_MAX_LENGTH,
  type PasskeyDto,
  type PasskeyOptionsResponse,
} from '../../../src/contract/passkeys';
import { passkeyNameError } from '../../../src/domain/rules/security-forms';
import { eachDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { type LoggedInMember, registerAndLogin } from '../support/members';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const ORIGIN = 'http://portal.test';
const RP_ID = 'portal.test';
const EMOJI = '\u{1F511}'; // one code point, two UTF-16 units
/** Names of exactly 64 code points, however many UTF-16 units they take. */
const AT_THE_LIMIT = [
  'a'.repeat(63) + EMOJI,
  EMOJI.repeat(64),
  `${'é'.repeat(32)}${EMOJI.repeat(32)}`,
];
const OVER_THE_LIMIT = [EMOJI.repeat(65), 'a'.repeat(64) + EMOJI];
const hasLoneSurrogate = (text: string) => /\p{Cs}/u.test(text);

describe('a passkey name’s limit, in code points', () => {
  it('keeps a name of 64 code points whole, on the server and in the SPA’s form', () => {
    for (const name of AT_THE_LIMIT) {
      expect(passkeyName(name)).toBe(name);
      expect(passkeyNameError(name)).toBeNull();
    }
  });

  it('refuses a longer one in the form, and cuts it by code point on the server', () => {
    for (const name of OVER_THE_LIMIT) {
      expect(passkeyNameError(name)).toBe('security.passkeys.nameTooLong');
      const kept = passkeyName(name);
      expect(Array.from(kept)).toHaveLength(PASSKEY_NAME_MAX_LENGTH);
      expect(hasLoneSurrogate(kept)).toBe(false);
      expect(name.startsWith(kept)).toBe(true);
    }
  });
});

describe.each(eachDatabase())('passkey names over HTTP on %s', (database: TestDatabase) => {
  let t: TestApp;
  let member: LoggedInMember;
  beforeAll(async () => {
    t = await startTestApp({ database, config: { publicUrl: ORIGIN } });
    member = await registerAndLogin(t.baseUrl);
  });
  afterAll(() => t.close());

  const names = async () => {
    const list = await getJson<{ passkeys: PasskeyDto[] }>(t.baseUrl, ApiPaths.passkeys, {
      token: member.token,
    });
    return list.body.data?.passkeys.map((passkey) => passkey.name);
  };

  async function register(name: string) {
    const options = await postJson<PasskeyOptionsResponse>(
      t.baseUrl,
      ApiPaths.passkeyRegistrationOptions,
      { password: member.password },
      { token: member.token },
    );
    const challenge = options.body.data?.options.challenge ?? '';
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    return postJson<PasskeyDto>(
      t.baseUrl,
      ApiPaths.registerPasskey,
      { name, credential: authenticator.register(challenge) },
      { token: member.token },
    );
  }

  it('stores and answers names of 64 code points whole, registered or renamed', async () => {
    const [first, ...others] = AT_THE_LIMIT;
    const added = await register(first);
    expect(added.status).toBe(200);
    expect(added.body.data?.name).toBe(first);
    expect(await names()).toEqual([first]);
    const id = added.body.data?.passkey_id;
    for (const name of others) {
      const renamed = await postJson(
        t.baseUrl,
        ApiPaths.renamePasskey,
        { passkey_id: id, name },
        { token: member.token },
      );
      expect(renamed.status).toBe(200);
      expect(await names()).toEqual([name]);
    }
  });

  it('refuses a longer name with 400 VALIDATION_FAILED naming it, storing nothing', async () => {
    const before = await names();
    for (const name of OVER_THE_LIMIT) {
      const added = await register(name);
      expect(added.status).toBe(400);
      expect(added.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    }
    expect(await names()).toEqual(before);
  });
});
