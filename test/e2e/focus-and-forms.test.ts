import { expect, jest } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { PersonalDataExport } from '../../src/contract/personal-data';
import {
  aTestMember,
  expectPath,
  expectToast,
  latestCode,
  logIn,
  registerByApi,
  submitSignUpDetails,
  typeCode,
} from './support/journeys';
import { approvedPaymentByHttp } from './support/payments';
import { describeInChromium } from './support/suite';

jest.setTimeout(240_000);

/** What has the keyboard focus: its tag, id and text, to compare and to read in a failure. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? null,
      id: element?.id ?? '',
      text: element?.textContent?.trim() ?? '',
    };
  });

/** Waits a moment for focus to land somewhere other than <body>; the expectation after says where. */
const focusSettled = (page: Page) =>
  page
    .waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 3000 })
    .catch(() => undefined);

const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** A new session of the member over the API (another device, as the sessions list sees it). */
async function tokenByApi(baseUrl: string, icOrPassport: string, password: string) {
  const res = await fetch(`${baseUrl}/api/service/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ic_or_passport: icOrPassport, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * How far below a focused field's ring the next field's label starts (negative: they overlap);
 * the field must show a ring for the figure to mean anything.
 */
const ringGap = (page: Page, input: string, nextLabel: string) =>
  page.evaluate(
    ([inputSelector, labelSelector]) => {
      const field = document.querySelector<HTMLElement>(inputSelector);
      const label = document.querySelector<HTMLElement>(labelSelector);
      if (!field || !label || document.activeElement !== field) return null;
      const style = getComputedStyle(field);
      const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      if (style.outlineStyle === 'none' || ring <= 0) return null;
      return label.getBoundingClientRect().top - (field.getBoundingClientRect().bottom + ring);
    },
    [input, nextLabel] as const,
  );

/**
 * The member's choices stay as picked, and keyboard focus never falls to <body>: Non-Malaysian
 * picked at sign-up stays shown (and is what gets registered); focus after Load more's last
 * page, the receipt downloads, a device signed out, a rename cancelled with Escape and a passkey
 * removed; the security page's own title; and room between a dialog's focused password field's
 * ring and the next label. On 'localhost' for the passkey (WebAuthn takes a domain as RP ID).
 */
describeInChromium(
  'choices and keyboard focus in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();
    const newcomer = aTestMember();
    const passport = `P${newcomer.ic.slice(-7)}`;
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

    suite.step('Non-Malaysian picked at sign-up stays shown and is registered', async () => {
      await page.goto(`${suite.baseUrl}/sign-up`);
      const nationality = page.getByLabel('Nationality');
      expect(await nationality.inputValue()).toBe('Malaysian');
      await nationality.selectOption({ label: 'Non-Malaysian' });
      // React has had its turn (a controlled select not re-rendered is put back at once).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await nationality.inputValue()).toBe('Non-Malaysian');
      expect(await nationality.locator('option:checked').innerText()).toBe('Non-Malaysian');

      await submitSignUpDetails(page, { ...newcomer, ic: passport });
      await page.getByText('Verify Phone').first().waitFor();
      await typeCode(page, await latestCode(suite.baseUrl, newcomer.phone, 'registration'));
      await page.getByRole('button', { name: 'Verify & Register' }).click();
      await expectPath(page, '/login');
      const token = await tokenByApi(suite.baseUrl, passport, newcomer.password);
      const data = await fetch(`${suite.baseUrl}/api/user/data`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      const body = (await data.json()) as { data: PersonalDataExport };
      expect(body.data.profile.nationality).toBe('Non-Malaysian');
    });

    suite.step('the security page has a title of its own', async () => {
      await logIn(page, suite.baseUrl, member.ic, member.password);
      await expectPath(page, '/payment');
      await page.goto(`${suite.baseUrl}/member/security`);
      await page.getByText('This device').waitFor();
      expect(await page.title()).toBe('Security and privacy · Member Portal');
    });

    suite.step('signing a device out moves focus to the next one, then the heading', async () => {
      for (let device = 0; device < 2; device++) {
        await tokenByApi(suite.baseUrl, member.ic, member.password);
      }
      await page.reload();
      const signOuts = page
        .locator('li[data-session-id]')
        .getByRole('button', { name: /^Sign out/ });
      await signOuts.nth(1).waitFor();
      expect(await signOuts.count()).toBe(2);
      const second = await signOuts
        .nth(1)
        .evaluate((button) => button.closest('li')?.dataset.sessionId);
      await signOuts.first().focus();
      await page.keyboard.press('Enter');
      await expectToast(page, 'That device has been signed out.');
      await page.waitForFunction(
        () => document.querySelectorAll('li[data-session-id] button').length === 1,
      );
      await focusSettled(page);
      const remaining = page.locator(`li[data-session-id="${second}"]`).getByRole('button');
      expect({ focus: await focused(page), onNext: await hasFocus(remaining) }).toMatchObject({
        onNext: true,
      });

      await page.getByRole('button', { name: 'Sign out of all other devices' }).focus();
      await page.keyboard.press('Enter');
      await expectToast(page, 'Signed out of 1 other device(s).');
      await page
        .getByRole('button', { name: 'Sign out of all other devices' })
        .waitFor({ state: 'detached' });
      await focusSettled(page);
      expect(await focused(page)).toMatchObject({ tag: 'h2', id: 'security-sessions-title' });
    });

    suite.step('the add-passkey dialog keeps its password ring off the next label', async () => {
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      const password = dialog.locator('input[name="passkey_password"]');
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('name') === 'passkey_password',
      );
      const gap = await ringGap(
        page,
        'input[name="passkey_password"]',
        'label[for="field-passkey_new_name"]',
      );
      await password.fill(member.password);
      await dialog.locator('input[name="passkey_new_name"]').fill('Test laptop');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expectToast(page, 'Passkey added.');
      await dialog.waitFor({ state: 'detached' });
      expect(gap).not.toBeNull();
      expect(gap).toBeGreaterThanOrEqual(4);
    });

    suite.step('Escape in the rename form returns focus to its Rename button', async () => {
      const rename = page.getByRole('button', { name: 'Rename Test laptop' });
      await rename.focus();
      await page.keyboard.press('Enter');
      const field = page.locator('input[name="passkey_name"]');
      await field.waitFor();
      expect(await hasFocus(field)).toBe(true);
      await page.keyboard.press('Escape');
      await field.waitFor({ state: 'detached' });
      await focusSettled(page);
      expect({ focus: await focused(page), onRename: await hasFocus(rename) }).toMatchObject({
        onRename: true,
      });
    });

    suite.step('removing the last passkey moves focus to the passkeys heading', async () => {
      await page.getByRole('button', { name: 'Remove Test laptop' }).focus();
      await page.keyboard.press('Enter');
      await expectToast(page, 'Passkey removed.');
      await page.getByText('You have no passkeys yet.').waitFor();
      await focusSettled(page);
      expect(await focused(page)).toMatchObject({ tag: 'h2', id: 'security-passkeys-title' });
    });

    suite.step('the delete dialog keeps its password ring off the next label', async () => {
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('name') === 'delete_password',
      );
      const gap = await ringGap(
        page,
        'input[name="delete_password"]',
        'label[for="field-delete_confirmation"]',
      );
      await page.keyboard.press('Escape');
      expect(gap).not.toBeNull();
      expect(gap).toBeGreaterThanOrEqual(4);
    });

    suite.step('after Load more brings the last page, focus is on its first row', async () => {
      const token = await tokenByApi(suite.baseUrl, member.ic, member.password);
      // One more than a page (20): the second page holds the oldest payment alone.
      const ids: string[] = [];
      for (let n = 1; n <= 21; n++) {
        ids.push(await approvedPaymentByHttp(suite.baseUrl, token, `${50 + n}.00`));
      }
      await page.goto(`${suite.baseUrl}/member/payments`);
      const rows = page.locator('li.history-item');
      await rows.nth(19).waitFor();
      expect(await rows.count()).toBe(20);
      const loadMore = page.getByRole('button', { name: 'Load more' });
      await loadMore.focus();
      await page.keyboard.press('Enter');
      await loadMore.waitFor({ state: 'detached' });
      await rows.nth(20).waitFor();
      await focusSettled(page);
      const oldest = page.locator(`li.history-item[data-transaction-id="${ids[0]}"]`);
      const link = oldest.getByRole('link', { name: 'View receipt' });
      expect({ focus: await focused(page), onFirstNew: await hasFocus(link) }).toMatchObject({
        onFirstNew: true,
      });
    });

    suite.step('Download PDF keeps the focus, on the history and on the receipt', async () => {
      const row = page.locator('li.history-item').first();
      const rowButton = row.getByRole('button', { name: 'Download receipt (PDF)' });
      await rowButton.focus();
      const [fromRow] = await Promise.all([
        page.waitForEvent('download'),
        page.keyboard.press('Enter'),
      ]);
      await fromRow.path();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect({ focus: await focused(page), onButton: await hasFocus(rowButton) }).toMatchObject({
        onButton: true,
      });

      await row.getByRole('link', { name: 'View receipt' }).click();
      await expectPath(page, /^\/receipt\//);
      const button = page.getByRole('button', { name: 'Download receipt (PDF)' });
      await button.focus();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.keyboard.press('Enter'),
      ]);
      await download.path();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect({ focus: await focused(page), onButton: await hasFocus(button) }).toMatchObject({
        onButton: true,
      });
    });
  },
  { host: 'localhost', context: { locale: 'en-US', acceptDownloads: true } },
);
