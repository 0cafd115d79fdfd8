import { type FastifyPluginAsync } from 'fastify';
import { ApiPaths } from '../../../src/contract/api';
import {
  PASSKEY_NAME_MAX_LENGTH,
  type PasskeyLoginRequest,
  type PasskeyRegistrationOptionsRequest,
  type RegisterPasskeyRequest,
  type RemovePasskeyRequest,
  type RenamePasskeyRequest,
} from '../../../src/contract/passkeys';
import { SESSION_ID_PATTERN } from '../../../src/contract/sessions';
import { deviceLabelOf } from '../../adapters/ua-parser-device-labels.adapter';
import { type ServerContainer } from '../../container';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { objectBody } from './schemas';

/** Listing, renaming and removing, per session. */
const PER_SESSION_PER_MINUTE = 20;
/** Adding one (a password check, then a ceremony), over all of the member's sessions. */
const REGISTRATIONS_PER_MEMBER_PER_MINUTE = 20;
/** Sign-in options and answers per client address (before any session exists). */
const SIGN_INS_PER_ADDRESS_PER_MINUTE = 30;

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
const registrationCredential = objectBody(
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

    app.get(ApiPaths.passkeys, member, async (request) => {
      const list = await container.managePasskeys.list({ memberId: memberOf(request).id });
      return success('Passkeys.', valueOrThrow(list));
    });

    app.post<{ Body: PasskeyRegistrationOptionsRequest }>(
      ApiPaths.passkeyRegistrationOptions,
      {
        ...registration,
        schema: {
          body: objectBody({ password: { type: 'string', minLength: 1, maxLength: 1024 } }),
        },
      },
      async (request) => {
        const options = await container.passkeyRegistration.options({
          memberId: memberOf(request).id,
          password: request.body.password,
        });
        return success('Passkey options.', valueOrThrow(options));
      },
    );

    app.post<{ Body: RegisterPasskeyRequest }>(
      ApiPaths.registerPasskey,
      {
        ...registration,
        schema: { body: objectBody({ name, credential: registrationCredential }) },
      },
      async (request) => {
        const passkey = await container.passkeyRegistration.register({
          memberId: memberOf(request).id,
          name: request.body.name,
          credential: request.body.credential,
        });
        return success('Passkey added.', valueOrThrow(passkey));
      },
    );

    app.post<{ Body: RenamePasskeyRequest }>(
      ApiPaths.renamePasskey,
      { ...member, schema: { body: objectBody({ passkey_id: passkeyId, name }) } },
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

    app.post<{ Body: RemovePasskeyRequest }>(
      ApiPaths.removePasskey,
      { ...member, schema: { body: objectBody({ passkey_id: passkeyId }) } },
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

    app.post(ApiPaths.passkeyLoginOptions, signIn, async () => {
      const options = await container.passkeyLogin.options();
      return success('Passkey options.', valueOrThrow(options));
    });

    app.post<{ Body: PasskeyLoginRequest }>(
      ApiPaths.passkeyLogin,
      { ...signIn, schema: { body: objectBody({ credential: authenticationCredential }) } },
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
