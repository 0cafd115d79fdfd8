import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemberViewModel } from '../../console/src/ui/screens/member/member.view-model';
import { consoleTitleKeyOf } from '../../console/src/ui/shell/page-title';
import type { MemberDetailResponse } from '../../src/contract/ops-api';
import { type FocusTarget, returnFocus } from '../../src/ui-kit/focus-return';
import { signedInAs } from './console-container.support';
import { answer } from './fake-ops-http';

/** An element as focus return sees it: on the page or not, taking focus or not (disabled). */
class FakeElement implements FocusTarget {
  constructor(
    private readonly page: { active: unknown },
    public isConnected = true,
    private readonly focusable = true,
  ) {}
  focus(): void {
    if (this.isConnected && this.focusable) this.page.active = this;
  }
}

function aPage() {
  const page: { active: unknown } = { active: null };
  const body = new FakeElement(page);
  const dialogs: FakeElement[] = [];
  const doc = {
    body,
    get activeElement() {
      return page.active;
    },
    openDialogs: () => dialogs,
  };
  return { page, body, dialogs, doc };
}

describe('the console: keyboard and titles', () => {
  it('gives focus back to the dialog beneath when the opener cannot take it', () => {
    const { page, body, dialogs, doc } = aPage();
    const approve = new FakeElement(page);
    dialogs.push(approve);
    // The Approve dialog's Confirm, disabled while its action asked for the second factor.
    returnFocus(new FakeElement(page, true, false), doc);
    expect(page.active).toBe(approve);
    page.active = null;
    returnFocus(body, doc);
    expect(page.active).toBe(approve);
    page.active = null;
    returnFocus(new FakeElement(page, false), doc);
    expect(page.active).toBe(approve);
    const opener = new FakeElement(page);
    returnFocus(opener, doc);
    expect(page.active).toBe(opener);
  });

  it('asks for focus on the revealed data once a reveal is confirmed', async () => {
    const { http, container } = await signedInAs('admin');
    const detail: MemberDetailResponse = {
      member: {
        id: 'm-1',
        name: 'S*** A****',
        phone_no: '60******5678',
        ic_or_passport: '******-**-5678',
        created_at: '2026-01-01T01:00:00.000Z',
        sign_in_disabled: false,
      },
      last_sign_in_at: null,
      sessions: [],
      passkeys: [],
      payments: [],
      throttle: { failures: 0, locked: false },
      sms_messages: [],
    };
    http.on('member', answer(detail));
    http.on(
      'revealMember',
      answer({ name: 'Siti Aminah', phone_no: '60123455678', ic_or_passport: '900101-14-5678' }),
    );
    const vm = container.get(MemberViewModel);
    await vm.load('m-1');
    expect(vm.focusRequest).toBeNull();
    vm.open('reveal');
    vm.setReason('Verifying caller identity');
    await vm.confirm();
    expect(vm.focusRequest).toBe('personal-data');
    vm.focusHandled();
    expect(vm.focusRequest).toBeNull();
  });

  it('gives every console page a title of its own', () => {
    const en = JSON.parse(
      readFileSync(join(__dirname, '../../locales/en/console.json'), 'utf8'),
    ) as Record<string, Record<string, string>>;
    const text = (key: string) => {
      const [section, name] = key.split('.');
      return en[section][name];
    };
    const pages = [
      ['/enrol', false],
      ['/members', false],
      ['/members', true],
      ['/members/m-1', true],
      ['/payments', true],
      ['/payments/TXN1', true],
      ['/refunds', true],
      ['/reports', true],
      ['/operators', true],
      ['/audit', true],
      ['/nowhere', true],
    ] as const;
    const titles = pages.map(([path, signedIn]) => {
      const key = consoleTitleKeyOf(path, signedIn);
      return key === null ? null : text(key);
    });
    expect(titles).toEqual([
      'Set up your operator account',
      'Sign in to the operator console',
      'Members',
      'Member',
      'Payments',
      'Payment',
      'Refunds',
      'Reports',
      'Operators',
      'Audit log',
      'Page not found',
    ]);
    expect(consoleTitleKeyOf('/', true)).toBeNull();
    expect(en.frame.titleFormat).toContain('{{page}}');
  });
});
