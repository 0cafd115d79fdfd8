import { type FastifyPluginAsync } from 'fastify';
import { PASSKEY_NAME_MAX_LENGTH, type PasskeyDto } from '../../../src/contract/passkeys';
import { SESSION_ID_PATTERN } from '../../../src/contract/sessions';
import { deviceLabelOf } from '../../adapters/ua-parser-device-labels.adapter';
import { type ServerContainer } from '../../container';
import { type PasskeyRecord } from '../../domain/passkey';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { loginAnswer, passkeyAnswer, passkeyOptionsAnswer, passkeysAnswer } from './answers';
import { route } from './route';
import { objectBody } from './schemas';

/** Listing, renaming and removing, per session. */
const PER_SESSION_PER_MINUTE = 20;
/** Adding one (a password check, then a ceremony), over all of the member's sessions. */
const REGISTRATIONS_PER_MEMBER_PER_MINUTE = 20;
/** Sign-in options and answers per client address (before any session exists). */
const SIGN_INS_PER_ADDRESS_PER_MINUTE = 30;
const TAGS = ['Passkeys'];

/** A passkey as the member's security page lists it: its name and dates, never its key. */
const passkeyAnswerOf = (passkey: PasskeyRecord): PasskeyDto => ({
  passkey_id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt === null ? null : passkey.lastUsedAt.toISOString(),
});

/** base64url text, as WebAuthn answers are encoded. */
const b64url = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' }) as const;
const name = { type: 'string', minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH, pattern: '\\S' };
const passkeyId = { type: 'string', pattern: SESSION_ID_PATTERN.source };
const optional = { type: 'object' };
const credentialHead = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: { type: 'string', enum: ['public-key'] },
  authenticatorAttachment: { type: 'string', maxLength: 32 },
  clientExtensionResults: optional,
};
export const registrationCredential = objectBody(
  {
    ...credentialHead,
    response: objectBody(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(8192),
        transports: { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 32 } },
        // Sent by browsers beside the attestation; the server reads the attestation only.
        authenticatorData: b64url(4096),
        publicKey: b64url(2048),
        publicKeyAlgorithm: { type: 'integer' },
      },
      ['clientDataJSON', 'attestationObject'],
    ),
  },
  ['id', 'rawId', 'type', 'response'],
);
/** The browser's AuthenticationResponseJSON, as the sign-in and the deletion's confirmation take it. */
export const authenticationCredential = objectBody(
  {
    ...credentialHead,
    response: objectBody(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(4096),
        signature: b64url(1024),
        userHandle: b64url(512),
      },
      ['clientDataJSON', 'authenticatorData', 'signature'],
    ),
  },
  ['id', 'rawId', 'type', 'response'],
);

/** Passkeys: the member's (behind authentication) and signing in with one. */
export function passkeyRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    const member = memberRoute(PER_SESSION_PER_MINUTE);
    const registration = memberRoute(REGISTRATIONS_PER_MEMBER_PER_MINUTE, 'member');
    const signIn = {
      config: { rateLimit: { max: SIGN_INS_PER_ADDRESS_PER_MINUTE, timeWindow: 60_000 } },
    };

    route(
      app,
      'passkeys',
      { summary: 'The member’s passkeys', tags: TAGS, data: passkeysAnswer, options: member },
      async (request) => {
        const list = await container.managePasskeys.list({ memberId: memberOf(request).id });
        return success('Passkeys.', { passkeys: valueOrThrow(list).map(passkeyAnswerOf) });
      },
    );

    route(
      app,
      'passkeyRegistrationOptions',
      {
        summary: 'Confirm the password and get the options to create a passkey',
        tags: TAGS,
        body: objectBody({ password: { type: 'string', minLength: 1, maxLength: 1024 } }),
        data: passkeyOptionsAnswer,
        options: registration,
      },
      async (request) => {
        const options = await container.passkeyRegistration.options({
          memberId: memberOf(request).id,
          password: request.body.password,
        });
        return success('Passkey options.', valueOrThrow(options));
      },
    );

    route(
      app,
      'registerPasskey',
      {
        summary: 'Add the passkey the browser created',
        tags: TAGS,
        body: objectBody({ name, credential: registrationCredential }),
        data: passkeyAnswer,
        options: registration,
      },
      async (request) => {
        const passkey = await container.passkeyRegistration.register({
          memberId: memberOf(request).id,
          name: request.body.name,
          credential: request.body.credential,
        });
        return success('Passkey added.', passkeyAnswerOf(valueOrThrow(passkey)));
      },
    );

    route(
      app,
      'renamePasskey',
      {
        summary: 'Rename one of the member’s passkeys',
        tags: TAGS,
        body: objectBody({ passkey_id: passkeyId, name }),
        data: undefined,
        options: member,
      },
      async (request) => {
        valueOrThrow(
          await container.managePasskeys.rename({
            memberId: memberOf(request).id,
            passkeyId: request.body.passkey_id,
            name: request.body.name,
          }),
        );
        return success('Passkey renamed.');
      },
    );

    route(
      app,
      'removePasskey',
      {
        summary: 'Remove one of the member’s passkeys',
        tags: TAGS,
        body: objectBody({ passkey_id: passkeyId }),
        data: undefined,
        options: member,
      },
      async (request) => {
        valueOrThrow(
          await container.managePasskeys.remove({
            memberId: memberOf(request).id,
            passkeyId: request.body.passkey_id,
          }),
        );
        return success('Passkey removed.');
      },
    );

    route(
      app,
      'passkeyLoginOptions',
      {
        summary: 'The options to sign in with a passkey',
        tags: ['Sign-in and sign-up'],
        data: passkeyOptionsAnswer,
        options: signIn,
      },
      async () => {
        const options = await container.passkeyLogin.options();
        return success('Passkey options.', valueOrThrow(options));
      },
    );

    route(
      app,
      'passkeyLogin',
      {
        summary: 'Sign in with a passkey',
        tags: ['Sign-in and sign-up'],
        body: objectBody({ credential: authenticationCredential }),
        data: loginAnswer,
        options: signIn,
      },
      async (request) => {
        const value = valueOrThrow(
          await container.passkeyLogin.login({
            credential: request.body.credential,
            deviceLabel: deviceLabelOf(request.headers['user-agent']),
          }),
        );
        return success('Login successful', value);
      },
    );
  };
}
