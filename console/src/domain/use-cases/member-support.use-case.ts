import type { RevealResponse, SignOutEverywhereResponse } from '../../../../src/contract/ops-api';
import { err } from '../../../../src/contract/result';
import {
  toMemberDetail,
  toMemberSummary,
  type MemberDetail,
  type MemberSummary,
} from '../model/member';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import { reasonError } from '../rules';

/** The support actions on one member, each asking a written reason. */
export const SUPPORT_ACTIONS = [
  'reveal',
  'sign-out-everywhere',
  'clear-throttle',
  'disable-sign-in',
  'enable-sign-in',
] as const;
export type SupportAction = (typeof SUPPORT_ACTIONS)[number];

export type SupportOutcome =
  | { action: 'reveal'; revealed: RevealResponse }
  | { action: 'sign-out-everywhere'; signedOut: number }
  | { action: 'clear-throttle' | 'disable-sign-in' | 'enable-sign-in' };

/** A reason that breaks the rules, refused before any call: the field the form marks. */
const badReason = () => err({ code: 'VALIDATION_FAILED' as const, field: 'reason' });

/** Finding members, reading one, and the support actions on them. */
export class MemberSupportUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  /** A phone or IC/passport (exact) or a name prefix; `cursor` for the next page. */
  async search(
    q: string,
    cursor?: string,
  ): Promise<OpsResult<{ items: MemberSummary[]; next_cursor: string | null }>> {
    const answer = await this.http.call('searchMembers', {
      q: q.trim(),
      ...(cursor !== undefined ? { cursor } : {}),
    });
    if (!answer.ok) return answer;
    const { items, next_cursor } = answer.value;
    return { ok: true, value: { items: items.map(toMemberSummary), next_cursor } };
  }

  async detail(id: string): Promise<OpsResult<MemberDetail>> {
    const answer = await this.http.call('member', undefined, { id });
    return answer.ok ? { ok: true, value: toMemberDetail(answer.value) } : answer;
  }

  async act(id: string, action: SupportAction, reason: string): Promise<OpsResult<SupportOutcome>> {
    if (reasonError(reason) !== null) return badReason();
    const body = { reason: reason.trim() };
    switch (action) {
      case 'reveal': {
        const answer = await this.http.call('revealMember', body, { id });
        return answer.ok ? { ok: true, value: { action, revealed: answer.value } } : answer;
      }
      case 'sign-out-everywhere': {
        const answer: OpsResult<SignOutEverywhereResponse> = await this.http.call(
          'signMemberOutEverywhere',
          body,
          { id },
        );
        return answer.ok
          ? { ok: true, value: { action, signedOut: answer.value.signed_out } }
          : answer;
      }
      case 'clear-throttle': {
        const answer = await this.http.call('clearMemberThrottle', body, { id });
        return answer.ok ? { ok: true, value: { action } } : answer;
      }
      case 'disable-sign-in':
      case 'enable-sign-in': {
        const enabled = action === 'enable-sign-in';
        const answer = await this.http.call('setMemberSignIn', { ...body, enabled }, { id });
        return answer.ok ? { ok: true, value: { action } } : answer;
      }
    }
  }
}
