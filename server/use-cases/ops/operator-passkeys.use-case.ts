import { type RegistrationResponseJSON } from '@simplewebauthn/server';
import { PASSKEY_ALGORITHMS, webauthn } from '../webauthn';
import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
  type PasskeyRegistrationCredential,
} from '../../../src/contract/passkeys';
import { CHALLENGE_TTL_MS } from '../../domain/passkey';
import { normaliseEmail } from '../../domain/ops/operator';
import { type Clock } from '../../ports/clock.port';
import { type LoginFailureStore } from '../../ports/login-failure-store.port';
import { type PasskeyStore } from '../../ports/passkey-store.port';
import { type PasswordHasher } from '../../ports/password-hasher.port';
import { type Random } from '../../ports/random.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { PasskeyCeremony, type PasskeyLog, type RelyingPartyConfig } from '../passkey-support';
import { isGuessablePassword } from '../../domain/ops/guessable-password';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { entryOf } from './actor';
import { hashToken } from './manage-operators.use-case';
import { isOperatorPassword, type OperatorSignedIn } from './operator-auth.use-case';
import { auditFailedSignIn, checkOperatorPassword, openOperatorSession } from './operator-sign-in';

const REFUSED = 'operator passkey refused';

/**
 * An operator's passkey as their second factor (instead of a TOTP app): made at enrolment from the
 * one-time link, then asked at every sign-in after the password. The ceremony is the member
 * side's (PasskeyCeremony: single-use challenges, user verification required, counters forward)
 * over the operators' own passkey tables, with the console's origin (OPS_PUBLIC_URL) as the
 * relying party.
 */
export class OperatorPasskeysUseCase {
  private readonly ceremony: PasskeyCeremony;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly passkeys: PasskeyStore,
    private readonly failures: LoginFailureStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly relyingParty: RelyingPartyConfig,
    log: PasskeyLog,
    private readonly maxFailures: number,
  ) {
    this.ceremony = new PasskeyCeremony(passkeys, clock, relyingParty, log);
  }

  /** Creation options for the operator an enrolment link belongs to. */
  async enrolmentOptions(token: string): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const now = new Date(this.clock.now());
    const operator = await this.uow.run(async ({ operators }) => {
      const id = await operators.peekEnrolment(hashToken(token), now);
      return id === null ? null : operators.findById(id);
    });
    if (operator === null || operator.disabledAt !== null) return failWith('OPS_ENROLMENT_INVALID');
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: this.relyingParty.name(),
      rpID: this.ceremony.relyingPartyNow().rpId,
      userName: operator.email,
      userDisplayName: operator.name,
      userID: new TextEncoder().encode(operator.id),
      attestationType: 'none',
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      timeout: CHALLENGE_TTL_MS,
    });
    await this.ceremony.keepChallenge(options.challenge, 'registration', operator.id);
    return ok({ options: { ...options } });
  }

  /** Enrols with the link: the password and the passkey just made, verified, once. */
  async finishEnrolment(input: {
    token: string;
    password: string;
    credential: PasskeyRegistrationCredential;
    address: string;
  }): Promise<Result<null, UseCaseError>> {
    if (!isOperatorPassword(input.password)) {
      return failWith('VALIDATION_FAILED', {
        field: 'password',
        reason: 'operator-password-length',
      });
    }
    // A common, breached or repetitive password is refused, from the package's lists only.
    if (isGuessablePassword(input.password)) {
      return failWith('OPS_PASSWORD_WEAK', { field: 'password' });
    }
    const now = new Date(this.clock.now());
    const tokenHash = hashToken(input.token);
    const operatorId = await this.uow.run(({ operators }) =>
      operators.peekEnrolment(tokenHash, now),
    );
    if (operatorId === null) return failWith('OPS_ENROLMENT_INVALID');
    const verified = await this.verifyRegistration(operatorId, input.credential, now);
    if (verified === null) return failWith('PASSKEY_REJECTED');
    const passwordHash = await this.hasher.hash(input.password);
    return this.uow.run(async (tx) => {
      const { operators, audit } = tx;
      const operator = await operators.findById(operatorId);
      if (operator === null || (await operators.takeEnrolment(tokenHash, now)) === null) {
        return failWith('OPS_ENROLMENT_INVALID');
      }
      await operators.enrol(operator.id, { passwordHash, totpSecret: null }, now);
      const inserted = await tx.operatorPasskeys.insert({
        id: this.random.uuid(),
        memberId: operator.id,
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        signCount: verified.counter,
        transports: (input.credential.response.transports ?? []).slice(0, 8),
        name: 'Console passkey',
        createdAt: now,
        lastUsedAt: null,
      });
      if (!inserted.ok) return failWith('PASSKEY_ALREADY_REGISTERED');
      await audit.append(
        entryOf({ kind: 'operator', ...operator, address: input.address }, now, {
          action: 'operator.enrol',
          targetType: 'operator',
          targetId: operator.id,
          changes: { second_factor: { before: null, after: 'passkey' } },
        }),
      );
      return ok(null);
    });
  }

  /**
   * The first step of a passkey sign-in: the password (throttled, audited when wrong), then
   * request options for that operator's passkeys only.
   */
  async signInOptions(input: {
    email: string;
    password: string;
    address: string;
  }): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const now = new Date(this.clock.now());
    const email = normaliseEmail(input.email);
    const checked = await checkOperatorPassword(
      {
        uow: this.uow,
        failures: this.failures,
        hasher: this.hasher,
        random: this.random,
        maxFailures: this.maxFailures,
      },
      { email, password: input.password, now, address: input.address },
    );
    if (!checked.ok) return checked;
    const { found, verified: usable } = checked.value;
    const own = usable === null ? [] : await this.passkeys.listForMember(usable.id);
    if (usable === null || own.length === 0) {
      await this.uow.run(({ audit }) =>
        auditFailedSignIn(audit, { found, email, address: input.address, now }),
      );
      return failWith('AUTH_INVALID_CREDENTIALS');
    }
    return ok(await this.ceremony.authenticationOptions(usable.id, own));
  }

  /** The second step: the passkey's answer to the challenge given after the password. */
  async signIn(input: {
    email: string;
    credential: PasskeyAuthenticationCredential;
    address: string;
  }): Promise<Result<{ token: string; csrfToken: string } & OperatorSignedIn, UseCaseError>> {
    const now = new Date(this.clock.now());
    const email = normaliseEmail(input.email);
    const found = await this.uow.run(({ operators }) => operators.findByEmail(email));
    const usable = found !== null && found.disabledAt === null ? found : null;
    const answered =
      usable === null
        ? null
        : await this.ceremony.answeredPasskey(
            input.credential,
            { memberId: usable.id, now },
            REFUSED,
          );
    const verified =
      answered !== null &&
      (await this.ceremony.verifyAndRecordUse(
        answered.passkey,
        { credential: input.credential, challenge: answered.challenge, now },
        REFUSED,
      ));
    return this.uow.run(async (tx) => {
      if (usable === null || !verified) {
        await auditFailedSignIn(tx.audit, { found, email, address: input.address, now });
        return failWith('PASSKEY_REJECTED');
      }
      return ok(
        await openOperatorSession(tx, usable, { address: input.address, now, random: this.random }),
      );
    });
  }

  private async verifyRegistration(
    operatorId: string,
    credential: PasskeyRegistrationCredential,
    now: Date,
  ): Promise<{ credentialId: string; publicKey: string; counter: number } | null> {
    const taken = await this.ceremony.takeAnsweredChallenge(
      credential.response.clientDataJSON,
      { purpose: 'registration', memberId: operatorId, now },
      REFUSED,
    );
    if (taken === null) return null;
    const { rpId, origin } = this.ceremony.relyingPartyNow();
    const response: RegistrationResponseJSON = {
      id: credential.id,
      rawId: credential.rawId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: credential.response.clientDataJSON,
        attestationObject: credential.response.attestationObject,
      },
    };
    try {
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
      if (!verification.verified) return null;
      const { credential: made } = verification.registrationInfo;
      return {
        credentialId: made.id,
        publicKey: Buffer.from(made.publicKey).toString('base64url'),
        counter: made.counter,
      };
    } catch {
      return null;
    }
  }
}
