import {
  type PasskeyAuthenticationCredential,
  type PasskeyOptionsResponse,
} from '../../src/contract/passkeys';
import { type Clock } from '../ports/clock.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { PasskeyCeremony, type PasskeyLog, type RelyingPartyConfig } from './passkey-support';
import { failWith, ok, type Result, type UseCaseError } from './result';

const REFUSED = 'passkey confirmation refused';

/**
 * A signed-in member's passkey asked before a sensitive step (deleting the account), instead of
 * the password: a single-use challenge given to that member only (5 minutes by the clock), for
 * one of their own passkeys, with user verification required and a counter that moves forward.
 * A challenge given for this never signs anyone in (PasskeyLoginUseCase refuses one that names a
 * member), and a sign-in challenge never confirms this.
 */
export class PasskeyConfirmation {
  private readonly ceremony: PasskeyCeremony;

  constructor(
    private readonly passkeys: PasskeyStore,
    private readonly clock: Clock,
    relyingParty: RelyingPartyConfig,
    log: PasskeyLog,
  ) {
    this.ceremony = new PasskeyCeremony(passkeys, clock, relyingParty, log);
  }

  /**
   * Request options for the member's own passkeys; PASSKEY_NOT_FOUND, naming no field (the
   * request sent none), when they hold none.
   */
  async options(memberId: string): Promise<Result<PasskeyOptionsResponse, UseCaseError>> {
    const own = await this.passkeys.listForMember(memberId);
    if (own.length === 0) {
      return failWith('PASSKEY_NOT_FOUND', { reason: 'no-passkey-to-confirm' });
    }
    return ok(await this.ceremony.authenticationOptions(memberId, own));
  }

  /** Verifies the answer; PASSKEY_REJECTED (nothing changed) when it does not hold. */
  async confirm(
    memberId: string,
    credential: PasskeyAuthenticationCredential,
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    const answered = await this.ceremony.answeredPasskey(credential, { memberId, now }, REFUSED);
    if (answered === null) return failWith('PASSKEY_REJECTED');
    const { passkey, challenge } = answered;
    const verified = await this.ceremony.verifyAndRecordUse(
      passkey,
      { credential, challenge, now },
      REFUSED,
    );
    return verified ? ok(null) : failWith('PASSKEY_REJECTED');
  }
}
