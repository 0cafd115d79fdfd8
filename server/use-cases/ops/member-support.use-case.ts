import { LOGIN_FAILURE_WINDOW_MS } from '../../domain/login-throttle-policy';
import { type SignedCursors } from '../../domain/ops/signed-cursor';
import { type Clock } from '../../ports/clock.port';
import { type Member } from '../../domain/member';
import { type SmsDeliveryRecord } from '../../domain/sms-delivery';
import { type MemberDetailRecords } from '../../ports/member-directory.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';
import { masked, type MaskedMember, MemberSearch, type MemberPage } from './member-search';

const PAYMENTS_SHOWN = 20;
/** The member's latest SMS codes support sees ("I never got the code"). */
const SMS_SHOWN = 10;

export { type MaskedMember, type MemberPage } from './member-search';

/** A member's page: masked, with their sessions, passkeys, latest payments and login throttle. */
export interface MemberRecord extends Omit<MemberDetailRecords, 'member'> {
  member: MaskedMember;
  throttle: { failures: number; locked: boolean };
  /** The latest codes sent to the member's phone and what became of them: never code nor text. */
  sms: SmsDeliveryRecord[];
}

/** The personal data a reveal shows, unmasked. */
export type RevealedMember = Pick<Member, 'name' | 'phoneNo' | 'icOrPassport'>;

/**
 * Member support: find a member (exact phone or IC/passport, or a name prefix), read their page
 * with personal data masked, reveal it with a reason, sign them out everywhere, clear their login
 * throttle, switch their sign-in off or on. Every action and its audit entry commit together;
 * the member's row is locked first, as every write of a member does (MemberRepository.lockLive).
 */
export class MemberSupportUseCase {
  private readonly finder: MemberSearch;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly maxLoginFailures: number,
    cursors: SignedCursors,
  ) {
    this.finder = new MemberSearch(uow, clock, cursors);
  }

  /** See MemberSearch: a name search by a role that may not reveal is limited and audited. */
  search(actor: Actor, q: string, cursor?: string): Promise<Result<MemberPage, UseCaseError>> {
    return this.finder.search(actor, q, cursor);
  }

  async detail(memberId: string): Promise<Result<MemberRecord, UseCaseError>> {
    const now = new Date(this.clock.now());
    const found = await this.uow.run(async ({ memberDirectory, loginFailures, smsCodes }) => {
      const records = await memberDirectory.detail(memberId, now, PAYMENTS_SHOWN);
      if (records === null) return null;
      const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      const failures = await loginFailures.failuresSince(records.member.icOrPassport, since);
      const sms = await smsCodes.recentDeliveries(records.member.phoneNo, SMS_SHOWN);
      return { records, failures: failures.length, sms };
    });
    if (found === null) return failWith('NOT_FOUND');
    const { records, failures, sms } = found;
    return ok({
      ...records,
      member: masked(records.member),
      throttle: { failures, locked: failures >= this.maxLoginFailures },
      sms,
    });
  }

  /** The member's personal data unmasked, for one member, with a reason: audited. */
  async reveal(
    actor: Actor,
    memberId: string,
    reason: string,
  ): Promise<Result<RevealedMember, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ members, audit }) => {
      const member = await members.findById(memberId);
      if (member === null) return failWith('NOT_FOUND');
      await audit.append(
        entryOf(actor, now, {
          action: 'member.reveal',
          targetType: 'member',
          targetId: memberId,
          reason,
        }),
      );
      return ok({ name: member.name, phoneNo: member.phoneNo, icOrPassport: member.icOrPassport });
    });
  }

  /** Ends every session of the member on every instance (the caches hear it on commit). */
  async signOutEverywhere(
    actor: Actor,
    memberId: string,
    reason: string,
  ): Promise<Result<{ signedOut: number }, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ members, sessions, audit }) => {
      if (!(await members.lockLive(memberId))) return failWith('NOT_FOUND');
      const live = await sessions.listUnrevokedForMember(memberId);
      await sessions.revokeAllForMember(memberId, now);
      await audit.append(
        entryOf(actor, now, {
          action: 'member.sign_out_everywhere',
          targetType: 'member',
          targetId: memberId,
          reason,
          changes: { live_sessions: { before: live.length, after: 0 } },
        }),
      );
      return ok({ signedOut: live.length });
    });
  }

  async clearThrottle(actor: Actor, memberId: string, reason: string) {
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ members, loginFailures, audit }) => {
      if (!(await members.lockLive(memberId))) return failWith('NOT_FOUND');
      const member = await members.findById(memberId);
      if (member === null) return failWith('NOT_FOUND');
      const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      const failures = await loginFailures.failuresSince(member.icOrPassport, since);
      await loginFailures.clear(member.icOrPassport);
      await audit.append(
        entryOf(actor, now, {
          action: 'member.clear_throttle',
          targetType: 'member',
          targetId: memberId,
          reason,
          changes: { failed_sign_ins: { before: failures.length, after: 0 } },
        }),
      );
      return ok(null);
    });
  }

  /** Switches the member's sign-in off (their sessions end) or on again. */
  async setSignIn(
    actor: Actor,
    memberId: string,
    change: { enabled: boolean; reason: string },
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ members, memberDirectory, sessions, audit }) => {
      if (!(await members.lockLive(memberId))) return failWith('NOT_FOUND');
      const current = await memberDirectory.detail(memberId, now, 0);
      const wasEnabled = current?.member.signInDisabledAt === null;
      await memberDirectory.setSignInDisabled(memberId, change.enabled ? null : now);
      if (!change.enabled) await sessions.revokeAllForMember(memberId, now);
      await audit.append(
        entryOf(actor, now, {
          action: change.enabled ? 'member.sign_in_enable' : 'member.sign_in_disable',
          targetType: 'member',
          targetId: memberId,
          reason: change.reason,
          changes: { sign_in_enabled: { before: wasEnabled, after: change.enabled } },
        }),
      );
      return ok(null);
    });
  }
}
