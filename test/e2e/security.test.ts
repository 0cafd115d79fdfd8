import { expect, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { PersonalDataExport } from '../../src/contract/personal-data';
import { SESSION_CHECK_INTERVAL_MS } from '../../src/domain/use-cases/watch-session.use-case';
import { AXE_CONTEXT, checkEveryThemeAndWidth, overflowing } from './support/axe';
import { aTestMember, expectPath, expectToast, logIn, registerByApi } from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(180_000);

/**
 * The member's security page in Chromium, on both databases: a passkey registered and used to
 * sign in through the DevTools protocol's virtual authenticator, another browser signed out from
 * the sessions list, the data file, axe on the page and its dialogs, and deleting the account.
 * The portal runs on 'localhost': WebAuthn takes a domain, never an IP address, as its RP ID.
 */
describeInChromium(
  'security page in Chromium',
  ['pglite', 'postgres'],
  (suite) => {
    const member = aTestMember();
    let context: BrowserContext;
    let page: Page;

    suite.setUp(async () => {
      await registerByApi(suite.baseUrl, member);
      ({ context, page } = suite);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
    });

    const openSecurity = async () => {
      await page.goto(`${suite.baseUrl}/member/security`);
      await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
      await page.getByText('This device').waitFor();
    };

    suite.step('the profile links to the security page, which names this device', async () => {
      await logIn(page, suite.baseUrl, member.ic, member.password);
      await expectPath(page, '/payment');
      await page.goto(`${suite.baseUrl}/member/profile`);
      await page.getByRole('link', { name: 'Security and privacy' }).click();
      await expectPath(page, '/member/security');
      await page.getByText('This device').waitFor();
      await page.getByText('You have no passkeys yet.').waitFor();
      expect(await page.locator('.security-item-dates').first().innerText()).toContain('UTC+8');
    });

    suite.step('adds a passkey after the password and a name', async () => {
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      await dialog.locator('input[name="passkey_password"]').fill(member.password);
      await dialog.locator('input[name="passkey_new_name"]').fill('Test laptop');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expectToast(page, 'Passkey added.');
      await dialog.waitFor({ state: 'detached' });
      const item = page.locator('li[data-passkey-id]', { hasText: 'Test laptop' });
      await item.getByText('Not used yet').waitFor();
    });

    const logOut = async () => {
      await page.goto(`${suite.baseUrl}/payment`);
      await page.getByRole('button', { name: 'Logout' }).click();
    };

    suite.step('passkey autofill on the IC field signs the member in', async () => {
      // Chromium's virtual authenticator answers the IC field's conditional request at once, as
      // a member picking the passkey from the field's suggestions would.
      const before = await page.evaluate(() => localStorage.getItem('token'));
      await logOut();
      // Signed out, then in again with a new session, without a click.
      await page.waitForFunction(
        (old) => {
          const token = localStorage.getItem('token');
          return token !== null && token !== old;
        },
        before,
        { timeout: 10_000 },
      );
      await expectPath(page, '/payment');
    });

    suite.step('"Sign in with a passkey" signs the member in', async () => {
      // From here on this browser offers no autofill, so only the button can start a request.
      await page.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await logOut();
      await expectPath(page, '/login');
      const icField = page.locator('input[name="ic_or_passport"]');
      expect(await icField.getAttribute('autocomplete')).toBe('username webauthn');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expectPath(page, '/payment');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await openSecurity();
      const item = page.locator('li[data-passkey-id]', { hasText: 'Test laptop' });
      await item.locator('.security-item-dates', { hasText: 'Last used' }).waitFor();
    });

    suite.step(
      'signs one browser out, then all other devices, from the sessions list',
      async () => {
        const contexts = [
          await suite.browser.newContext({ locale: 'en-US' }),
          await suite.browser.newContext({ locale: 'en-US' }),
        ];
        try {
          // Their clocks run as usual, but can jump ahead to their next session check.
          await Promise.all(contexts.map((one) => one.clock.install()));
          const devices = await Promise.all(contexts.map((one) => one.newPage()));
          for (const device of devices) {
            await logIn(device, suite.baseUrl, member.ic, member.password);
            await expectPath(device, '/payment');
          }
          await openSecurity();
          const others = page.locator('li[data-session-id]').filter({
            has: page.getByRole('button', { name: /^Sign out/ }),
          });
          expect(await others.count()).toBe(2);
          await others
            .first()
            .getByRole('button', { name: /^Sign out/ })
            .click();
          await expectToast(page, 'That device has been signed out.');
          await page.waitForFunction(
            () =>
              document.querySelectorAll('li[data-session-id]').length === 2 &&
              document.querySelectorAll('li[data-session-id] button').length === 1,
          );
          await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
          await expectToast(page, 'Signed out of 1 other device(s).');
          await others.first().waitFor({ state: 'detached' });
          await page.getByText('This device').waitFor();
          expect(
            await page.getByRole('button', { name: 'Sign out of all other devices' }).count(),
          ).toBe(0);
          // Each other browser's next session check (every 10 s) takes it to the login page.
          await Promise.all(
            devices.map(async (device) => {
              await device.clock.fastForward(SESSION_CHECK_INTERVAL_MS);
              await device.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
              await device.getByText('Your session has ended, please log in again').waitFor();
            }),
          );
        } finally {
          await Promise.all(contexts.map((one) => one.close()));
        }
      },
    );

    suite.step('downloads the data file as JSON without secrets', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const text = readFileSync((await download.path()) as string, 'utf8');
      const data = JSON.parse(text) as PersonalDataExport;
      expect(data.profile.ic_or_passport).toBe(member.ic);
      expect(data.profile.name).toBe(member.name);
      expect(data.passkeys.map((one) => one.name)).toEqual(['Test laptop']);
      expect(data.sessions.length).toBeGreaterThanOrEqual(3);
      expect(text).not.toContain(member.password);
      expect(text).not.toMatch(/public_?key|credential_?id|token/i);
    });

    suite.step('the page and its dialogs pass axe in both themes at 1280 and 360 px', async () => {
      const found: string[] = [];
      await openSecurity();
      found.push(...(await checkEveryThemeAndWidth(page, 'security')));
      found.push(...(await overflowing(page)).map((line) => `security 360px: ${line}`));
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('dialog', { name: 'Add a passkey' }).waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'add passkey dialog')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Rename Test laptop' }).click();
      found.push(...(await checkEveryThemeAndWidth(page, 'renaming a passkey')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('Type DELETE to confirm').last().waitFor();
      found.push(...(await checkEveryThemeAndWidth(page, 'delete dialog with errors')));
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(found).toEqual([]);
    });

    suite.step(
      'deletes the account with the passkey; the old password and passkey then fail',
      async () => {
        await page.getByRole('button', { name: 'Delete my account…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await dialog.locator('input[name="delete_confirmation"]').fill('DELETE');
        await dialog
          .getByRole('button', { name: 'Confirm with a passkey instead of the password' })
          .click();
        await expectPath(page, '/login');
        await expectToast(page, 'Your account has been deleted.');
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

        await logIn(page, suite.baseUrl, member.ic, member.password);
        await expectToast(page, 'Invalid IC/passport number or password.');
        expect(new URL(page.url()).pathname).toBe('/login');

        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await expectToast(page, 'The passkey could not be verified.');
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      },
    );

    suite.step(
      'a browser with WebAuthn but no authenticator opens /login without a toast',
      async () => {
        const plain = await suite.browser.newContext({ locale: 'en-US' });
        try {
          const other = await plain.newPage();
          await other.goto(`${suite.baseUrl}/login`, { waitUntil: 'networkidle' });
          await other.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
          // The autofill request could not wait for a pick here: it is just not offered.
          expect(await other.locator('.Toastify__toast').count()).toBe(0);
        } finally {
          await plain.close();
        }
      },
    );

    suite.step('a browser without WebAuthn sees no passkey button', async () => {
      const plain = await suite.browser.newContext({ locale: 'en-US' });
      try {
        const other = await plain.newPage();
        await other.addInitScript(() => {
          delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
        });
        await other.goto(`${suite.baseUrl}/login`);
        await other.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        expect(await other.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
        const icField = other.locator('input[name="ic_or_passport"]');
        expect(await icField.getAttribute('autocomplete')).toBe('username');
      } finally {
        await plain.close();
      }
    });
  },
  {
    host: 'localhost',
    // A member in Malaysia: the app says times in the browser's zone.
    context: { ...AXE_CONTEXT, acceptDownloads: true, timezoneId: 'Asia/Kuala_Lumpur' },
  },
);
