import { expect, jest } from '@jest/globals';
import { aTestMember, expectPath, expectToast, logIn, registerByApi } from './support/journeys';
import { describeInChromium } from './support/suite';

jest.setTimeout(120_000);

// The catalogue lives in the browser (bookmarks behind StoragePort): one database is enough.
describeInChromium('catalogue, languages and themes in Chromium', ['pglite'], (suite) => {
  const member = aTestMember();

  suite.setUp(async () => {
    await registerByApi(suite.baseUrl, member);
  });

  suite.step(
    'a visitor following Bookmarks on the marketing page logs in and lands on /bookmarks',
    async ({ page, baseUrl }) => {
      await page.goto(`${baseUrl}/wizardz`);
      await page.getByRole('link', { name: 'Bookmarks' }).click();
      await expectPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/bookmarks');
      await logIn(page, baseUrl, member.ic, member.password);
      await expectToast(page, 'Login successful!');
      await expectPath(page, '/bookmarks');
      await page.getByRole('heading', { level: 1, name: 'Bookmarks' }).waitFor();
    },
  );

  suite.step(
    'home greets the member, five trending titles first, then the rest',
    async ({ page, baseUrl }) => {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}!` }).waitFor();
      const trending = page.locator('section', {
        has: page.getByRole('heading', { name: 'Trending' }),
      });
      expect(await trending.locator('li').count()).toBe(5);
      const rest = page.locator('section', {
        has: page.getByRole('heading', { name: 'Recommended for you' }),
      });
      expect(await rest.locator('li').count()).toBe(24);
      const card = trending.locator('li').first();
      await card.getByText('2019 · Movie · Rated PG').waitFor();
      // The artwork ships with the app (drawn inline, nothing fetched) and is decorative.
      expect(await card.locator('svg.catalogue-thumbnail').getAttribute('aria-hidden')).toBe(
        'true',
      );
      expect(await page.title()).toBe('Home · Member Portal');
    },
  );

  suite.step(
    'a bookmark made on /movies is under /bookmarks, also after a reload',
    async ({ page, baseUrl }) => {
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Movies' })
        .click();
      await expectPath(page, '/movies');
      // Focus moves to the new page's heading, and the title follows the route.
      await page.getByRole('heading', { level: 1, name: 'Movies' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      expect(await page.title()).toBe('Movies · Member Portal');
      const toggle = page.getByRole('button', { name: 'Bookmark The Great Lands' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      await page.reload();
      await page.goto(`${baseUrl}/bookmarks`);
      await page.getByRole('button', { name: 'Bookmark The Great Lands', pressed: true }).waitFor();
      // Un-bookmarking there removes it from the view.
      await page.getByRole('button', { name: 'Bookmark The Great Lands' }).click();
      await page
        .getByRole('button', { name: 'Bookmark The Great Lands' })
        .waitFor({ state: 'detached' });
      await page.goto(`${baseUrl}/tv-series`);
      // The list renders after the route's chunk and the data load: wait for it before reading.
      await page.locator('.catalogue-meta').first().waitFor();
      const series = await page.locator('.catalogue-meta').allTextContents();
      expect(series.length).toBeGreaterThan(0);
      expect(series.every((text) => text.includes('TV Series'))).toBe(true);
    },
  );

  suite.step(
    'French and Chinese from any page; the choice is kept and <html lang> follows',
    async ({ page, baseUrl }) => {
      await page.goto(`${baseUrl}/movies`);
      await page.getByLabel('Language').selectOption('fr');
      await page.getByRole('heading', { level: 1, name: 'Films' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
      await page.getByRole('button', { name: 'Ajouter The Great Lands aux favoris' }).waitFor();

      await page.goto(`${baseUrl}/wizardz`);
      await page.getByLabel('Langue').selectOption('zn');
      await page.getByRole('link', { name: '书签' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('zn');
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font).toContain('Noto Sans CJK SC');

      await page.reload();
      await page.getByRole('link', { name: '书签' }).waitFor();
      await page.getByLabel('语言').selectOption('en');
      await page.getByRole('link', { name: 'Bookmarks' }).waitFor();
    },
  );

  suite.step(
    'the theme toggle works on the login page, and the light theme is light',
    async ({ browser, baseUrl }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      const background = () =>
        page.evaluate(
          () => getComputedStyle(document.querySelector('.public-layout')!).backgroundColor,
        );
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await background()).toBe('rgb(247, 245, 255)');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await background()).toBe('rgb(15, 10, 30)');
      expect(await page.evaluate(() => localStorage.getItem('themeMode'))).toBe('dark');
      await page.reload();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      await context.close();
    },
  );

  suite.step(
    'every page starts with a skip link to its main heading',
    async ({ page, baseUrl }) => {
      for (const path of ['/login', '/wizardz', '/movies']) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.keyboard.press('Tab');
        const link = page.getByRole('link', { name: 'Skip to main content' });
        expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      }
    },
  );
});
