import { expect, jest } from '@jest/globals';
import {
  aTestMember,
  expectPath,
  expectToast,
  latestCode,
  logIn,
  signUp,
  submitSignUpDetails,
  typeCode,
} from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(120_000);

describeInChromium('member session in Chromium', ['pglite', 'postgres'], (suite) => {
  const member = aTestMember();
  const newPassword = 'new-password-2026';

  suite.step(
    'an anonymous visitor is sent to /login from guarded routes',
    async ({ page, baseUrl }) => {
      await page.goto(`${baseUrl}/member/profile`);
      await expectPath(page, '/login');
      await page.goto(`${baseUrl}/`);
      await expectPath(page, '/login');
      await page.goto(`${baseUrl}/no-such-page`);
      await expectPath(page, '/login');
    },
  );

  suite.step('a visitor signs up with the code from the SMS outbox', async ({ page, baseUrl }) => {
    await signUp(page, baseUrl, member);
  });

  suite.step(
    'a reload on step 2 stays on step 2, and the code already received registers',
    async ({ page, baseUrl }) => {
      const another = aTestMember();
      await page.goto(`${baseUrl}/sign-up`);
      await submitSignUpDetails(page, another);
      await page.getByRole('heading', { name: 'Verify Phone' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Verify Phone' }).waitFor();
      await page.getByText(/Resend in \d+s/).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('pendingSignUp'))).not.toContain(
        another.password,
      );
      await page.locator('input[name="password"]').fill(another.password);
      await page.locator('input[name="confirm_password"]').fill(another.password);
      await typeCode(page, await latestCode(baseUrl, another.phone, 'registration'));
      await page.getByRole('button', { name: 'Verify & Register' }).click();
      await expectToast(page, 'Registration successful! Redirecting to login page...');
      await expectPath(page, '/login');
    },
  );

  suite.step(
    'the member logs in, sees the toast and lands on /payment',
    async ({ page, baseUrl }) => {
      await logIn(page, baseUrl, member.ic, member.password);
      await expectToast(page, 'Login successful! Redirecting to payment page...');
      await expectPath(page, '/payment');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    },
  );

  suite.step('a reload keeps the member logged in', async ({ page, baseUrl }) => {
    await page.reload();
    await page.goto(`${baseUrl}/`);
    await expectPath(page, '/');
    await page.getByText(member.name).first().waitFor();
  });

  suite.step('logging out clears the session and guards apply again', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/payment`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully!');
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${baseUrl}/member/profile`);
    await expectPath(page, '/login');
  });

  suite.step(
    'a wrong password shows the failure and keeps the visitor on /login',
    async ({ page, baseUrl }) => {
      await logIn(page, baseUrl, member.ic, 'wrong-password-1');
      await page.locator('.Toastify').getByRole('alert').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    },
  );

  suite.step('forgot password resets it with the SMS code', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.locator('input[name="phone_no"]').fill(member.phone);
    await page.getByRole('button', { name: 'Send SMS Code' }).click();
    await expectToast(page, 'SMS code sent!');
    const code = await latestCode(baseUrl, member.phone, 'password_reset');
    await typeCode(page, code);
    await page.locator('input[name="new_password"]').fill(newPassword);
    await page.locator('input[name="confirm_password"]').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset successful! Redirecting to login...');
    await expectPath(page, '/login');
  });

  suite.step('the new password works and the old one does not', async ({ page, baseUrl }) => {
    await logIn(page, baseUrl, member.ic, member.password);
    await page.locator('.Toastify').getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.reload();
    await logIn(page, baseUrl, member.ic, newPassword);
    await expectToast(page, 'Login successful! Redirecting to payment page...');
    await expectPath(page, '/payment');
  });

  suite.step(
    "a stored session fetches the member pages' bundle from the start; /login does not",
    async ({ page, baseUrl }) => {
      // The step before left the member logged in, the token in this origin's localStorage.
      const loaded = () =>
        page.evaluate(() => ({
          preloads: [...document.querySelectorAll('link[rel="modulepreload"], link[as="style"]')]
            .map((link) => new URL((link as HTMLLinkElement).href).pathname)
            .sort(),
          fetched: performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/member-screens.')),
        }));
      await page.goto(`${baseUrl}/member/profile`);
      await page.getByText(member.name).first().waitFor();
      const onProfile = await loaded();
      expect(onProfile.preloads).toHaveLength(2);
      expect(onProfile.preloads).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/member-screens\.[0-9a-f]{8}\.css$/),
          expect.stringMatching(/^\/member-screens\.[0-9a-f]{8}\.js$/),
        ]),
      );
      // The app's own import of the bundle used the preloaded one: each file fetched once.
      expect(onProfile.fetched.sort()).toEqual(onProfile.preloads);

      await page.goto(`${baseUrl}/login`);
      await page.locator('input[name="ic_or_passport"]').waitFor();
      expect((await loaded()).preloads).toEqual([]);
    },
  );

  suite.step('the page loads nothing from any other host', async ({ context, baseUrl }) => {
    const foreign: string[] = [];
    const probe = await context.newPage();
    probe.on('request', (req) => {
      if (!req.url().startsWith(baseUrl) && !req.url().startsWith('data:')) foreign.push(req.url());
    });
    await probe.goto(`${baseUrl}/sign-up`);
    await probe.waitForLoadState('networkidle');
    await probe.close();
    expect(foreign).toEqual([]);
  });

  suite.step(
    'field errors are announced, and signing in works by keyboard alone',
    async ({ browser, baseUrl }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const ic = page.locator('input[name="ic_or_passport"]');
      expect(await ic.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await ic.getAttribute('aria-describedby'))?.split(' ') ?? [];
      const descriptions = await Promise.all(
        describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      expect(descriptions.join(' ')).toContain('IC or Passport Number is required');
      await page.getByRole('alert').filter({ hasText: 'Password is required' }).first().waitFor();

      await page.reload();
      await page.locator('input[name="ic_or_passport"]').waitFor();
      const focusedName = () =>
        page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
      for (let tab = 0; tab < 15 && (await focusedName()) !== 'ic_or_passport'; tab++) {
        await page.keyboard.press('Tab');
      }
      expect(await focusedName()).toBe('ic_or_passport');
      await page.keyboard.type(member.ic);
      await page.keyboard.press('Tab');
      await page.keyboard.type(newPassword);
      await page.keyboard.press('Enter');
      await expectToast(page, 'Login successful! Redirecting to payment page...');
      await expectPath(page, '/payment');
      await context.close();
    },
  );

  suite.step(
    'the language comes from local storage first, then from the browser',
    async ({ browser, baseUrl }) => {
      const saved = await browser.newContext({ locale: 'en-US' });
      await saved.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
      const french = await saved.newPage();
      await french.goto(`${baseUrl}/login`);
      await french.getByRole('heading', { name: 'Connexion' }).waitFor();
      await saved.close();

      const chinese = await browser.newContext({ locale: 'zh-CN' });
      const page = await chinese.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('heading', { name: '登录' }).waitFor();
      // The detected language is cached for the next visit.
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('zn');
      await chinese.close();
    },
  );
});
