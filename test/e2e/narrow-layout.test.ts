import { expect, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { applyTheme, AXE_CONTEXT, axeViolations, THEMES } from './support/axe';
import {
  aTestMember,
  expectPath,
  logIn,
  registerByApi,
  submitSignUpDetails,
} from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(180_000);

const NARROW = [360, 320] as const;

/** How far the page and the given elements reach, against the visible width. */
function widths(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const rights = [...document.querySelectorAll(sel)].map(
      (el) => el.getBoundingClientRect().right,
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      innerWidth,
      right: Math.max(0, ...rights),
    };
  }, selector);
}

const activeElementText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.textContent?.trim() ?? ''}` : '';
  });

/** At 360 and 320 px: the header's compact menu, toasts and the country list within the screen. */
describeInChromium(
  'narrow layouts in Chromium',
  ['pglite'],
  (suite) => {
    const member = aTestMember();
    // A reset code per phone is limited: each width resets a member of its own.
    const resetting = [aTestMember(), aTestMember()];
    let page: Page;

    suite.setUp(async () => {
      for (const someone of [member, ...resetting]) await registerByApi(suite.baseUrl, someone);
      page = suite.page;
      await logIn(page, suite.baseUrl, member.ic, member.password);
      await expectPath(page, '/payment');
    });

    const open = async (path: string) => {
      await page.goto(`${suite.baseUrl}${path}`);
      await page.locator('main h1').first().waitFor();
    };

    suite.step('wide screens show the links in the header, without a Menu button', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await open('/member/payments');
      await expect(page.getByRole('link', { name: 'Movies' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    });

    suite.step('narrow screens fold the links behind a Menu button, keyboard first', async () => {
      const found: string[] = [];
      for (const width of NARROW) {
        await page.setViewportSize({ width, height: 740 });
        await open('/member/payments');
        const box = await page.locator('.app-header').boundingBox();
        // The links alone took three rows (212 px) at 360 px; now at most two rows of controls.
        expect(box?.height).toBeLessThanOrEqual(120);
        const menu = page.getByRole('button', { name: 'Menu' });
        const movies = page.getByRole('link', { name: 'Movies' });
        await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
        await expect(movies.isVisible()).resolves.toBe(false);
        const controls = await menu.getAttribute('aria-controls');
        await expect(
          page.evaluate((id) => document.getElementById(id ?? '')?.tagName, controls),
        ).resolves.toBe('NAV');

        await menu.focus();
        await page.keyboard.press('Enter');
        await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
        await expect(movies.isVisible()).resolves.toBe(true);
        await expect(activeElementText(page)).resolves.toBe('a Home');
        for (const theme of THEMES) {
          await applyTheme(page, theme);
          for (const line of await axeViolations(page)) found.push(`${theme} ${width}px: ${line}`);
        }
        const header = await widths(page, '.app-header *');
        expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
        expect(header.right).toBeLessThanOrEqual(header.clientWidth);

        await page.keyboard.press('Tab');
        await page.keyboard.press('Escape');
        await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
        await expect(movies.isVisible()).resolves.toBe(false);
        await expect(activeElementText(page)).resolves.toBe('button Menu');

        // Space opens it too; following a link closes it on the new page.
        await page.keyboard.press('Space');
        await page.keyboard.press('Tab');
        await expect(activeElementText(page)).resolves.toBe('a Movies');
        await page.keyboard.press('Enter');
        await expectPath(page, '/movies');
        await page.locator('.app-header-menu-button[aria-expanded="false"]').waitFor();
        await expect(movies.isVisible()).resolves.toBe(false);
      }
      await applyTheme(page, 'light');
      expect(found).toEqual([]);

      // Its name follows the language.
      await page.getByLabel('Language').selectOption('fr');
      await page.getByRole('button', { name: 'Menu' }).waitFor();
      await page.getByLabel('Langue').selectOption('zn');
      await page.getByRole('button', { name: '菜单' }).waitFor();
      await page.getByLabel('语言').selectOption('en');
      await page.getByRole('button', { name: 'Menu' }).waitFor();
    });

    suite.step('the country list fits the screen and Enter gives focus back', async () => {
      for (const width of NARROW) {
        await page.setViewportSize({ width, height: 740 });
        await open('/member/profile');
        await page.getByRole('button', { name: 'Edit Phone Number' }).click();
        await page.locator('.selected-flag').click();
        await page.locator('.country-list').waitFor();
        const measured = await widths(page, '.country-list');
        expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
        expect(measured.right).toBeLessThanOrEqual(measured.clientWidth);

        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.locator('.country-list').waitFor({ state: 'detached' });
        await expect(
          page.evaluate(() => document.activeElement?.getAttribute('name')),
        ).resolves.toBe('phone_no');
      }
    });

    suite.step('the SMS code steps of sign-up and reset: toasts within the screen', async () => {
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('token'));
      // Short enough that the page scrolls: the scrollbar takes its share of the width.
      const measureToast = async (where: string, width: number) => {
        const toast = page.locator('.Toastify__toast').last();
        await toast.waitFor();
        // Measured once the slide-in is over (it starts off screen, clipped).
        await page.waitForFunction(
          () => !document.querySelector('.Toastify__toast.Toastify--animate'),
        );
        const measured = await widths(page, '.Toastify__toast-container, .Toastify__toast');
        expect(measured.clientWidth).toBeLessThan(width);
        expect({ where, ...measured, fits: measured.right <= measured.clientWidth }).toMatchObject({
          fits: true,
        });
        expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
      };
      for (const [index, width] of NARROW.entries()) {
        await page.setViewportSize({ width, height: 480 });
        await open('/sign-up');
        await submitSignUpDetails(page, aTestMember());
        await page.getByLabel('Digit 1', { exact: true }).waitFor();
        await measureToast('sign-up code', width);

        await open('/forgot-password');
        await page.locator('input[name="phone_no"]').fill(resetting[index].phone);
        await page.getByRole('button', { name: 'Send SMS Code' }).click();
        await page.getByLabel('Digit 1', { exact: true }).waitFor();
        await measureToast('reset code', width);
      }
    });
  },
  {
    // A phone-sized window with a classic scrollbar is where a 100vw-wide element runs past the
    // screen's edge: this suite keeps the scrollbars headless Chromium hides.
    scrollbars: true,
    context: AXE_CONTEXT,
  },
);
