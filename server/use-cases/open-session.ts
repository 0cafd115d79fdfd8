import { type LoginResponse } from '../../src/contract/api';
import { type Member } from '../domain/member';
import { boundedDeviceLabel } from '../domain/member-sessions';
import { hashSessionToken } from '../domain/session-policy';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';

/**
 * Opens a signed-in member's session, whichever way they proved who they are (password or
 * passkey): the account's login failures are forgotten and the session row is made in one
 * transaction, after the member's row is locked (MemberRepository.lockForSignIn): an account
 * deleted while the password was being checked, or whose sign-in an operator has disabled, gets
 * no session (null). The token is handed out once;
 * only its hash is stored.
 */
export async function openSession(
  deps: { uow: UnitOfWork; random: Random },
  member: Member,
  signIn: { accountKey: string; now: Date; deviceLabel?: string },
): Promise<LoginResponse | null> {
  const token = deps.random.sessionToken();
  const opened = await deps.uow.run(async ({ members, loginFailures, sessions }) => {
    if (!(await members.lockForSignIn(member.id))) return false;
    await loginFailures.clear(signIn.accountKey);
    await sessions.create({
      id: deps.random.uuid(),
      memberId: member.id,
      tokenHash: hashSessionToken(token),
      now: signIn.now,
      deviceLabel: boundedDeviceLabel(signIn.deviceLabel),
    });
    return true;
  });
  if (!opened) return null;
  return { user_id: member.id, name: member.name, phone_no: member.phoneNo, token };
}
