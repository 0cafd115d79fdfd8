import { MemberViewModel } from '../../console/src/ui/screens/member/member.view-model';
import { MemberSearchViewModel } from '../../console/src/ui/screens/members/member-search.view-model';
import type { MemberDetailResponse, MemberSummaryDto } from '../../src/contract/ops-api';
import { signedInAs } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';

const member = (id: string, disabled = false): MemberSummaryDto => ({
  id,
  name: `Siti ${id}`,
  phone_no: '60******5678',
  ic_or_passport: '******-**-5678',
  created_at: '2026-01-01T01:00:00.000Z',
  sign_in_disabled: disabled,
});

const detail = (disabled = false): MemberDetailResponse => ({
  member: member('m-1', disabled),
  last_sign_in_at: null,
  sessions: [
    {
      device: 'Chrome on Android',
      started_at: '2026-01-01T01:00:00.000Z',
      last_active_at: '2026-01-01T02:00:00.000Z',
    },
  ],
  passkeys: [],
  payments: [],
  throttle: { failures: 3, locked: false },
  sms_messages: [],
});

describe('MemberViewModel: the support actions', () => {
  it('offers a viewer no action, support every one', async () => {
    const viewer = await signedInAs('viewer');
    viewer.http.on('member', answer(detail()));
    const seen = viewer.container.get(MemberViewModel);
    await seen.load('m-1');
    expect(seen.actions).toEqual([]);

    const support = await signedInAs('support');
    support.http.on('member', answer(detail(true)));
    const helped = support.container.get(MemberViewModel);
    await helped.load('m-1');
    expect(helped.actions).toEqual([
      'reveal',
      'sign-out-everywhere',
      'clear-throttle',
      'enable-sign-in',
    ]);
  });

  it('refuses a reason under 3 characters without calling the API', async () => {
    const { http, container } = await signedInAs('support');
    http.on('member', answer(detail()));
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    vm.open('sign-out-everywhere');
    vm.setReason('  no ');
    await vm.confirm();
    expect(vm.reasonError).toBe('errors.reasonLength');
    expect(http.callsTo('signMemberOutEverywhere')).toHaveLength(0);
    expect(vm.pending).toBe('sign-out-everywhere');
  });

  it('signs the member out everywhere with the reason, the CSRF token, and reloads the page', async () => {
    const { http, container, session } = await signedInAs('support');
    http.on('member', answer(detail()));
    http.on('signMemberOutEverywhere', answer({ signed_out: 2 }));
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    vm.open('sign-out-everywhere');
    vm.setReason('Member phoned: lost phone');
    await vm.confirm();

    const [call] = http.callsTo('signMemberOutEverywhere');
    expect(call.request).toEqual({ reason: 'Member phoned: lost phone' });
    expect(call.options).toEqual({ id: 'm-1' });
    expect(call.csrf).toBe(session.state.kind === 'signed-in' && session.state.session.csrf_token);
    expect(vm.pending).toBeNull();
    expect(vm.done).toEqual({ key: 'member.done.sign-out-everywhere', values: { count: 2 } });
    expect(http.callsTo('member')).toHaveLength(2);
  });

  it('reveals the personal data in place of the masked one, and stops offering it', async () => {
    const { http, container } = await signedInAs('admin');
    http.on('member', answer(detail()));
    http.on(
      'revealMember',
      answer({ name: 'Siti Aminah', phone_no: '60123455678', ic_or_passport: '900101-14-5678' }),
    );
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    vm.open('reveal');
    vm.setReason('Verifying caller identity');
    await vm.confirm();
    expect(vm.revealed?.phone_no).toBe('60123455678');
    expect(vm.actions).not.toContain('reveal');
  });

  it('disables sign-in with enabled: false, and keeps the dialog open with the failure when refused', async () => {
    const { http, container } = await signedInAs('support');
    http.on('member', answer(detail()));
    http.once('setMemberSignIn', opsFailure('RATE_LIMITED'));
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    vm.open('disable-sign-in');
    vm.setReason('Account reported stolen');
    await vm.confirm();
    expect(http.callsTo('setMemberSignIn')[0].request).toEqual({
      reason: 'Account reported stolen',
      enabled: false,
    });
    expect(vm.pending).toBe('disable-sign-in');
    expect(vm.actionFailure).toBe('errors.tooMany');
    expect(vm.busy).toBe(false);
  });

  it('ends the session when the server says it is over mid-action', async () => {
    const { http, container, session } = await signedInAs('support');
    http.on('member', answer(detail()));
    http.on('clearMemberThrottle', opsFailure('AUTH_REQUIRED'));
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    vm.open('clear-throttle');
    vm.setReason('Member locked out');
    await vm.confirm();
    expect(session.signedIn).toBe(false);
    expect(session.ended).toBe(true);
  });
});

describe('MemberSearchViewModel', () => {
  it('searches, then follows the cursor with "Load more", appending', async () => {
    const { http, container } = await signedInAs('viewer');
    http.once('searchMembers', answer({ items: [member('a'), member('b')], next_cursor: 'c1' }));
    http.once('searchMembers', answer({ items: [member('c')], next_cursor: null }));
    const vm = container.get(MemberSearchViewModel);
    vm.setQuery(' Siti ');
    await vm.load();
    expect(vm.items.map((m) => m.id)).toEqual(['a', 'b']);
    await vm.loadMore();
    expect(http.callsTo('searchMembers').map((c) => c.request)).toEqual([
      { q: 'Siti' },
      { q: 'Siti', cursor: 'c1' },
    ]);
    expect(vm.items.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(vm.firstNew).toBe(2);
    expect(vm.nextCursor).toBeNull();
  });

  it('asks for a query before searching', async () => {
    const { http, container } = await signedInAs('viewer');
    const vm = container.get(MemberSearchViewModel);
    await vm.load();
    expect(vm.queryError).toBe('members.queryRequired');
    expect(http.callsTo('searchMembers')).toHaveLength(0);
  });

  it("marks the field for a name too short for the role, and says when the hour's searches are spent", async () => {
    const { http, container } = await signedInAs('viewer');
    http.once('searchMembers', opsFailure('OPS_SEARCH_TOO_SHORT', { field: 'q' }));
    http.once('searchMembers', opsFailure('OPS_NAME_SEARCH_LIMIT', { retryAfterSeconds: 600 }));
    const vm = container.get(MemberSearchViewModel);
    vm.setQuery('Si');
    await vm.load();
    expect([vm.queryError, vm.results.failure]).toEqual(['members.nameTooShort', null]);
    vm.setQuery('Siti');
    await vm.load();
    expect([vm.queryError, vm.results.failure]).toEqual([null, 'members.nameSearchLimit']);
  });
});
