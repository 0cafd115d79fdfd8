import { expect, jest } from '@jest/globals';
import { aTestMember, expectPath, expectToast, logIn, registerByApi } from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(120_000);

// The profile screen is the same on both databases; PGlite keeps this suite short.
describeInChromium('profile in Chromium', ['pglite'], (suite) => {
  const member = aTestMember();

  suite.setUp(async () => {
    await registerByApi(suite.baseUrl, member);
    await logIn(suite.page, suite.baseUrl, member.ic, member.password);
    await expectPath(suite.page, '/payment');
  });

  suite.step('the profile shows the member read from the server', async ({ page }) => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await expectPath(page, '/member/profile');
    await page.getByText('Profile Information').waitFor();
    await page.getByText(member.ic).waitFor();
    await page.getByText(member.name).first().waitFor();
  });

  suite.step('editing the name saves it and shows it after a reload', async ({ page }) => {
    await page.getByRole('button', { name: 'Edit Full Name' }).click();
    await page.locator('input[name="name"]').fill('Aisyah Binti Rahman');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile updated successfully!');
    await page.reload();
    await page.getByText('Aisyah Binti Rahman').first().waitFor();
  });

  suite.step('a too-short name is refused with its message', async ({ page }) => {
    await page.getByRole('button', { name: 'Edit Full Name' }).click();
    await page.locator('input[name="name"]').fill('A');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.keyboard.press('Escape');
  });

  suite.step(
    'the password dialog updates the password, and it works at the next login',
    async ({ page, browser, baseUrl }) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Password' });
      await dialog.locator('input[name="new_password"]').fill('another-password-9');
      await dialog.locator('input[name="confirm_password"]').fill('another-password-9');
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, 'Password updated successfully!');

      const fresh = await (await browser.newContext()).newPage();
      await logIn(fresh, baseUrl, member.ic, 'another-password-9');
      await expectPath(fresh, '/payment');
      expect(await fresh.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await fresh.context().close();
    },
  );
});
