import { expect, jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { AXE_CONTEXT, checkEveryThemeAndWidth } from './support/axe';
import {
  addVirtualAuthenticator,
  applyConsoleTheme,
  createOperatorWithCli,
  totpCode,
} from './support/console';
import { aTestMember, expectPath, latestCode, logIn, registerByApi } from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(300_000);

/** The console's masking as an operator without a reveal sees it (60******5678). */
const maskedPhone = (phone: string) =>
  `${phone.slice(0, 2)}${'*'.repeat(phone.length - 6)}${phone.slice(-4)}`;

/**
 * The operator console in Chromium against the real servers on the default database, PGlite in
 * a data directory (the operator command line beside the running server asks it over its local
 * channel, and the link it prints is one the server knows): an admin created on the command
 * line enrols with a TOTP code and signs in with both factors, finds a member by
 * phone, reveals the phone with a reason, signs the member out everywhere (their own browser
 * lands on the login page), and finds all of it in the audit log. A second operator, in a browser
 * with Chromium's virtual authenticator, enrols with a passkey instead of an app and signs in with
 * the password and the passkey. axe-core checks every console screen in both themes at 1280 and
 * 360 px; with GALLERY=1 the gallery's console shots are taken.
 */
describeInChromium(
  'operator console in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();
    const admin = {
      name: 'Nur Aisyah',
      email: `nur.${Date.now().toString(36)}@example.my`,
      role: 'admin',
      password: 'console-passphrase-2026',
    };
    const reveal = 'Member called to confirm the number on file';
    const signOut = 'Member reported a lost phone';
    let page: Page;
    let memberContext: BrowserContext;
    let memberPage: Page;
    let opsUrl: string;
    let secret = '';
    let authenticator: Awaited<ReturnType<typeof addVirtualAuthenticator>>;
    let memberId = '';

    const viewer = {
      name: 'Tan Mei Ling',
      email: `tan.${Date.now().toString(36)}@example.my`,
      role: 'viewer',
      password: 'passkey-operator-2026',
    };
    const axe = (state: string, shot: string) =>
      checkEveryThemeAndWidth(page, state, `console-${shot}`, { applyTheme: applyConsoleTheme });

    suite.setUp(async () => {
      opsUrl = suite.portal.opsUrl ?? '';
      await registerByApi(suite.baseUrl, member);
      page = suite.page;
      memberContext = await suite.browser.newContext({ locale: 'en-US' });
      memberPage = await memberContext.newPage();
    });

    suite.step('an admin created on the command line enrols with a TOTP code', async () => {
      const link = await createOperatorWithCli(suite.portal, admin);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set up your operator account' }).waitFor();
      await page.getByText(`Welcome, ${admin.name}. You are joining as Admin.`).waitFor();
      secret = (await page.locator('code.console-secret').textContent()) ?? '';
      expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      expect(await axe('enrolment', 'enrolment')).toEqual([]);

      // The enrolment link's token stays in the fragment: it never reaches a server log.
      expect(suite.portal.output()).not.toContain(new URL(link).hash.slice('#token='.length));
      await page.getByLabel('New password').fill(admin.password);
      await page.getByLabel('Repeat the password').fill(admin.password);
      await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, Date.now()));
      await page.getByRole('button', { name: 'Finish set-up' }).click();
      await page.getByText('Your account is ready.').waitFor();
    });

    suite.step('the admin signs in with e-mail, password and a code', async () => {
      await page.getByRole('link', { name: 'Go to sign-in' }).click();
      await page.getByRole('heading', { name: 'Sign in to the operator console' }).waitFor();
      expect(await axe('sign-in', 'sign-in')).toEqual([]);

      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      // Enrolment took this step's code, and each code counts once: the next step's code (one
      // step of drift is allowed) signs in without waiting up to 30 s.
      await page.getByLabel('Authenticator code').fill(totpCode(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/members');
      const menu = page.getByRole('navigation', { name: 'Console menu' });
      for (const name of ['Members', 'Operators', 'Audit log']) {
        await menu.getByRole('link', { name }).waitFor();
      }
      await page.locator('.console-operator', { hasText: `${admin.name} (Admin)` }).waitFor();
      // At 1280 px the header is one row: the brand, the menu and the account side by side.
      await page.setViewportSize({ width: 1280, height: 800 });
      const oneRow = await page.locator('.console-header > *').evaluateAll((items) => {
        const boxes = items.map((item) => item.getBoundingClientRect());
        return Math.max(...boxes.map((box) => box.top)) < Math.min(...boxes.map((b) => b.bottom));
      });
      expect(oneRow).toBe(true);
    });

    suite.step('a member is signed in to the member app in another browser', async () => {
      await logIn(memberPage, suite.baseUrl, member.ic, member.password);
      await expectPath(memberPage, '/payment');
    });

    suite.step('the admin finds the member by phone and sees it masked', async () => {
      await page.getByLabel('Phone, IC, passport or name').fill(member.phone);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('Members found: 1').waitFor();
      const row = page.getByRole('list', { name: 'Members found' }).getByRole('listitem');
      await row.getByText(maskedPhone(member.phone), { exact: true }).waitFor();
      await row.getByText(`******-**-${member.ic.slice(-4)}`, { exact: true }).waitFor();
      const shown = await page.locator('main').innerText();
      expect(shown).not.toContain(member.phone);
      expect(shown).not.toContain(member.ic);
      expect(shown).not.toContain(member.name);
      expect(await axe('members search', 'members')).toEqual([]);

      await row.getByRole('link').click();
      await page.waitForURL((url) => url.pathname.startsWith('/members/'));
      memberId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
      await page.getByRole('heading', { name: 'Live sessions (1)' }).waitFor();
      await expect(page.locator('dd[data-field="phone_no"]').textContent()).resolves.toBe(
        maskedPhone(member.phone),
      );
      expect(await axe('member', 'member')).toEqual([]);
    });

    suite.step('sees the member’s SMS code: purpose, time and status, never the code', async () => {
      const sms = page.getByRole('region', { name: 'SMS codes (1)' });
      const row = sms.getByRole('row').nth(1);
      await row.getByRole('cell', { name: 'Sign-up' }).waitFor();
      await row.getByRole('cell', { name: /^With the provider/ }).waitFor();
      const code = await latestCode(suite.baseUrl, member.phone, 'registration');
      expect(await sms.innerText()).not.toContain(code);
    });

    suite.step('reveals the phone with a reason and sees the real number', async () => {
      await page.getByRole('button', { name: 'Reveal personal data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal personal data' });
      await dialog.getByLabel('Reason').fill(reveal);
      await dialog.getByRole('button', { name: 'Reveal personal data' }).click();
      await page.getByRole('status').getByText('Personal data revealed.').waitFor();
      await page
        .locator('dd[data-field="phone_no"]', { hasText: member.phone })
        .waitFor({ timeout: 10_000 });
      await page.getByRole('heading', { name: member.name, level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Reveal personal data' }).count()).toBe(0);
      // Its button gone, focus is on the revealed data's heading, not on <body>.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('member-status');
      expect(await page.title()).toBe('Member · Operator console');
    });

    suite.step('signs the member out everywhere: their browser lands on login', async () => {
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
      await dialog.getByLabel('Reason').fill(signOut);
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByText('Signed out everywhere: 1 sessions ended.').waitFor();
      const ended = Date.now();
      // The member app checks its session every 10 s.
      try {
        await memberPage.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
        await memberPage.getByText('Your session has ended, please log in again').waitFor();
      } catch (error) {
        await memberPage.screenshot({ path: 'test-results/console-member-browser.png' });
        throw error;
      }
      expect(Date.now() - ended).toBeLessThan(15_000);
      await page.reload();
      await page.getByRole('heading', { name: 'Live sessions (0)' }).waitFor();
    });

    suite.step('the audit log lists the reveal, the sign-out and the sign-in', async () => {
      await page
        .getByRole('navigation', { name: 'Console menu' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expectPath(page, '/audit');
      await page.locator('[data-chain="verified"]').waitFor();
      const rows = page.locator('tbody tr');
      const entry = (action: string) =>
        rows.filter({ has: page.locator('code', { hasText: new RegExp(`^${action}$`) }) });
      for (const [action, reason] of [
        ['member.reveal', reveal],
        ['member.sign_out_everywhere', signOut],
        ['operator.sign_in', null],
      ] as const) {
        await expect(entry(action).count()).resolves.toBe(1);
        const text = await entry(action).innerText();
        expect(text).toContain(`${admin.name} (admin)`);
        if (reason !== null) {
          expect(text).toContain(reason);
          expect(text).toContain(memberId);
        }
      }
      // The command line's creation and the enrolment are there too, the first by `cli`.
      expect(await entry('operator.enrol').count()).toBe(1);
      expect(await entry('operator.create').innerText()).toMatch(/cli/);
      expect(await axe('audit', 'audit')).toEqual([]);
    });

    suite.step('the operators and not-found pages pass axe too', async () => {
      await page
        .getByRole('navigation', { name: 'Console menu' })
        .getByRole('link', { name: 'Operators' })
        .click();
      await expectPath(page, '/operators');
      const list = page.getByRole('list', { name: 'Operators' });
      await list.getByRole('heading', { name: admin.name }).waitFor();
      expect(await axe('operators', 'operators')).toEqual([]);

      await page.goto(`${opsUrl}/no-such-page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await axe('not-found', 'not-found')).toEqual([]);
    });

    suite.step('an operator an admin adds waits for another admin to confirm them', async () => {
      await page
        .getByRole('navigation', { name: 'Console menu' })
        .getByRole('link', { name: 'Operators' })
        .click();
      await expectPath(page, '/operators');
      await page.getByLabel('Name').fill('Farah Finance');
      await page.getByLabel('E-mail').fill(`farah.${Date.now().toString(36)}@example.my`);
      await page.getByLabel('Role', { exact: true }).selectOption('finance');
      await page.getByRole('button', { name: 'Create and get link' }).click();
      await page.getByRole('heading', { name: 'Enrolment link for Farah Finance' }).waitFor();
      const waiting = page.getByRole('list', { name: 'Operators to confirm' });
      await waiting.getByRole('heading', { name: 'Confirm Farah Finance' }).waitFor();
      await waiting.getByText('Not enrolled yet').waitFor();
      expect(await waiting.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
      expect(await axe('operators awaiting a second admin', 'operators-pending')).toEqual([]);
    });

    suite.step('a second operator enrols with a passkey instead of an app', async () => {
      const context = await suite.browser.newContext(AXE_CONTEXT);
      page = await context.newPage();
      suite.usePage(page);
      authenticator = await addVirtualAuthenticator(page);
      await page.goto(await createOperatorWithCli(suite.portal, viewer));
      await page.getByText(`Welcome, ${viewer.name}. You are joining as Viewer.`).waitFor();
      await page.getByRole('radio', { name: 'Passkey' }).check();
      await page
        .getByRole('heading', { name: 'Choose a password and create your passkey' })
        .waitFor();
      expect(await page.getByLabel('Code from your authenticator app').count()).toBe(0);
      expect(
        await page.getByRole('img', { name: 'QR code for your authenticator app' }).count(),
      ).toBe(0);
      expect(await axe('enrolment with a passkey', 'enrolment-passkey')).toEqual([]);

      await page.getByLabel('New password').fill(viewer.password);
      await page.getByLabel('Repeat the password').fill(viewer.password);
      await page.getByRole('button', { name: 'Create passkey' }).click();
      await page.getByText('Your account is ready.').waitFor();
      // The authenticator holds the new passkey, for the console's name as relying party.
      const [credential, ...others] = await authenticator.credentials();
      expect(others).toEqual([]);
      expect(credential?.rpId).toBe('localhost');
    });

    suite.step('signs in with the password and the passkey', async () => {
      await page.getByRole('link', { name: 'Go to sign-in' }).click();
      await page.getByRole('button', { name: 'Sign in with a passkey instead' }).click();
      expect(await page.getByLabel('Authenticator code').count()).toBe(0);
      expect(await axe('sign-in with a passkey', 'sign-in-passkey')).toEqual([]);
      await page.getByLabel('E-mail').fill(viewer.email);
      await page.getByLabel('Password', { exact: true }).fill(viewer.password);
      await page.getByRole('button', { name: 'Continue with a passkey' }).click();
      await expectPath(page, '/members');
      await page.locator('.console-operator', { hasText: `${viewer.name} (Viewer)` }).waitFor();
      // The passkey signed: its counter moved on from the enrolment's.
      const [credential] = await authenticator.credentials();
      expect(credential?.signCount).toBeGreaterThan(0);
    });
  },
  {
    host: 'localhost',
    console: true,
    context: AXE_CONTEXT,
  },
);
