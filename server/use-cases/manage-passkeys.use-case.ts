import { passkeyName, type PasskeyRecord } from '../domain/passkey';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { failWith, ok, type Result, type UseCaseError } from './result';

/**
 * The member's passkeys: listed (names and dates, never keys), renamed, removed. Another member's
 * passkey id answers PASSKEY_NOT_FOUND, as an unknown one does.
 */
export class ManagePasskeysUseCase {
  constructor(private readonly passkeys: PasskeyStore) {}

  async list(input: { memberId: string }): Promise<Result<PasskeyRecord[], UseCaseError>> {
    return ok(await this.passkeys.listForMember(input.memberId));
  }

  async rename(input: {
    memberId: string;
    passkeyId: string;
    name: string;
  }): Promise<Result<null, UseCaseError>> {
    const renamed = await this.passkeys.rename(
      input.memberId,
      input.passkeyId,
      passkeyName(input.name),
    );
    return renamed ? ok(null) : failWith('PASSKEY_NOT_FOUND');
  }

  async remove(input: {
    memberId: string;
    passkeyId: string;
  }): Promise<Result<null, UseCaseError>> {
    const removed = await this.passkeys.remove(input.memberId, input.passkeyId);
    return removed ? ok(null) : failWith('PASSKEY_NOT_FOUND');
  }
}
