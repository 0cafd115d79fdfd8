import {
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { PASSKEY_ALGORITHMS, webauthn } from './webauthn';
import {
  type PasskeyOptionsResponse,
  type PasskeyRegistrationCredential,
} from '../../src/contract/passkeys';
import { CHALLENGE_TTL_MS, passkeyName, type PasskeyRecord } from '../domain/passkey';
import { type Clock } from '../ports/clock.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { type Random } from '../ports/random.port';
import { type PasswordConfirmation } from './confirm-password';
import { PasskeyCeremony, type PasskeyLog, type RelyingPartyConfig } from './passkey-support';
import { failWith, ok, type Result, type UseCaseError } from './result';

/**
 * Adding a passkey: options after the password is confirmed (a registration challenge tied to
 * the member, single use, 5 minutes by the clock), then the browser's answer verified against that
 * challenge, PUBLIC_URL's origin and RP ID, with user verification required.
 */
export class PasskeyRegistrationUseCase {
  private readonly ceremony: PasskeyCeremony;

  constructor(
    private readonly members: MemberRepository,
    private readonly passkeys: PasskeyStore,
    private readonly password: PasswordConfirmation,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly relyingParty: RelyingPartyConfig,
    private readonly log: PasskeyLog,
  ) {
    this.ceremony = new PasskeyCeremony(passkeys, clock, relyingParty, log);
  }

  async options(input: {
    memberId: string;
    password: string;
  }): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const member = await this.members.findById(input.memberId);
    if (member === null) return failWith('MEMBER_NOT_FOUND');
    const confirmed = await this.password.confirm(member, input.password);
    if (!confirmed.ok) return confirmed;

    const { rpId } = this.ceremony.relyingPartyNow();
    const existing = await this.passkeys.listForMember(member.id);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: this.relyingParty.name(),
      rpID: rpId,
      userName: member.name,
      userDisplayName: member.name,
      userID: new TextEncoder().encode(member.id),
      attestationType: 'none',
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_TTL_MS,
    });
    await this.ceremony.keepChallenge(options.challenge, 'registration', member.id);
    return ok({ options: { ...options } });
  }

  async register(input: {
    memberId: string;
    name: string;
    credential: PasskeyRegistrationCredential;
  }): Promise<Result<PasskeyRecord, UseCaseError>> {
    const now = new Date(this.clock.now());
    const taken = await this.ceremony.takeAnsweredChallenge(
      input.credential.response.clientDataJSON,
      { purpose: 'registration', memberId: input.memberId, now },
      'passkey registration refused',
    );
    if (taken === null) return failWith('PASSKEY_REJECTED');
    const { rpId, origin } = this.ceremony.relyingPartyNow();
    const response: RegistrationResponseJSON = {
      id: input.credential.id,
      rawId: input.credential.rawId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: input.credential.response.clientDataJSON,
        attestationObject: input.credential.response.attestationObject,
      },
    };
    let verification: VerifiedRegistrationResponse;
    try {
      const { verifyRegistrationResponse } = await webauthn();
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    } catch (error) {
      this.log(`passkey registration refused: ${(error as Error).message}`);
      return failWith('PASSKEY_REJECTED');
    }
    if (!verification.verified) return failWith('PASSKEY_REJECTED');
    const { credential } = verification.registrationInfo;
    const passkey = {
      id: this.random.uuid(),
      memberId: input.memberId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: (input.credential.response.transports ?? []).slice(0, 8),
      name: passkeyName(input.name),
      createdAt: now,
      lastUsedAt: null,
    };
    const inserted = await this.passkeys.insert(passkey);
    if (!inserted.ok) {
      // A member deleted while the passkey was being made has no session left to hold it.
      return failWith(
        inserted.conflict === 'no_member' ? 'AUTH_SESSION_ENDED' : 'PASSKEY_ALREADY_REGISTERED',
      );
    }
    return ok(passkey);
  }
}
