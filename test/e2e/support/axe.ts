import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';

/** WCAG 2.2 A and AA, as axe-core tags them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_PATH = require.resolve('axe-core/axe.min.js');
/**
 * A browser context for pages axe checks: axe is injected as a script, which the portal's and the
 * console's CSP (rightly) refuse, so the context bypasses the CSP.
 */
export const AXE_CONTEXT: BrowserContextOptions = { bypassCSP: true, locale: 'en-US' };
export const GALLERY_DIR = resolve(__dirname, '../../../docs/gallery');
/**
 * The README gallery's screenshots are taken only when asked (`npm run gallery`): encoding 44
 * full-page PNGs costs the browser suite about a third of its time, and a test run should not
 * rewrite tracked files.
 */
const TAKE_SCREENSHOTS = process.env.GALLERY === '1';

export type Theme = 'light' | 'dark';
export const WIDTHS = [1280, 360] as const;
export const THEMES: Theme[] = ['light', 'dark'];
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 1280: 800, 360: 740 };
/**
 * Every width with every theme, in an order where one step changes either the width or the theme
 * (1280 light, 1280 dark, 360 dark, 360 light): two resizes and relayouts per state, not four.
 */
const COMBINATIONS = WIDTHS.flatMap((width, i) =>
  (i % 2 === 0 ? THEMES : [...THEMES].reverse()).map((theme) => ({ width, theme })),
);

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[]; failureSummary?: string }[];
  }[];
}

/**
 * The rules whose answer can change with the theme alone: a theme changes colours and nothing
 * else (custom properties in ui-kit/theme.css; the console's likewise), so every other rule sees
 * the same document and gives the same answer in both themes.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The violations axe-core finds on the page as it is now, one line per element: of every
 * WCAG 2.2 A and AA rule, or (`colourOnly`) of the rules that depend on colours.
 */
export async function axeViolations(
  page: Page,
  options: { colourOnly?: boolean } = {},
): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_PATH });
  // Only the violations come back: axe's whole result (passes, inapplicable rules, each with its
  // details) costs the test process seconds of CPU to receive over the protocol.
  const runOnly = options.colourOnly
    ? { type: 'rule', values: COLOUR_RULES }
    : { type: 'tag', values: WCAG_TAGS };
  const result = await page.evaluate(async (only) => {
    const { axe } = window as unknown as {
      axe: { run: (c: Document, o: unknown) => Promise<AxeResult> };
    };
    const { violations } = await axe.run(document, {
      runOnly: only,
      // Not a WCAG rule, but Lighthouse checks it: the skip link must reach an element.
      ...(only.type === 'tag' ? { rules: { 'skip-link': { enabled: true } } } : {}),
      resultTypes: ['violations'],
    });
    return {
      violations: violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      })),
    };
  }, runOnly);
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')} ${n.failureSummary ?? ''}`,
    ),
  );
}

/**
 * Applies a theme as ThemeViewModel does (<html data-theme>, kept under themeMode), without a
 * click, so a state with an open dialog stays open.
 */
export async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((mode) => {
    localStorage.setItem('themeMode', mode);
    document.documentElement.setAttribute('data-theme', mode);
  }, theme);
}

/**
 * For each theme and width: axe on the page as it is, and (when `shot` names it) a screenshot
 * for the README gallery. At each width the first theme gets every rule and the second the
 * colour rules (the document is the same; only its colours changed). Returns every violation found, labelled with theme and width. An app
 * with a theme switch of its own (the console) passes how to apply a theme through it.
 */
export async function checkEveryThemeAndWidth(
  page: Page,
  state: string,
  shot?: string,
  options: { applyTheme?: (page: Page, theme: Theme) => Promise<void> } = {},
): Promise<string[]> {
  const found: string[] = [];
  let shown: { width?: number; theme?: Theme } = {};
  for (const { width, theme } of COMBINATIONS) {
    // The second theme at a width: the same document in other colours.
    const colourOnly = width === shown.width;
    if (width !== shown.width) await page.setViewportSize({ width, height: HEIGHT[width] });
    if (theme !== shown.theme) await (options.applyTheme ?? applyTheme)(page, theme);
    shown = { width, theme };
    // Let layout, transitions and lazy images settle.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.waitForLoadState('networkidle').catch(() => undefined);
    for (const line of await axeViolations(page, { colourOnly }))
      found.push(`${state} ${theme} ${width}px: ${line}`);
    if (shot && TAKE_SCREENSHOTS) {
      mkdirSync(GALLERY_DIR, { recursive: true });
      await page.screenshot({
        path: join(GALLERY_DIR, `${shot}-${width}-${theme}.png`),
        scale: 'css',
        animations: 'disabled',
        caret: 'hide',
      });
    }
  }
  return found;
}

/** Elements wider than the viewport (text cut off or a page that scrolls sideways). */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      // Shapes inside an <svg> are clipped by it: the <svg> itself is measured.
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
      if (box.width === 0 || getComputedStyle(el).position === 'fixed') continue;
      if (el.closest('.visually-hidden, .skip-link, .Toastify')) continue;
      if (box.right > width + 1 || box.left < -1) {
        out.push(
          `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} (${Math.round(box.left)}-${Math.round(box.right)} of ${width})`,
        );
      }
    }
    return out.slice(0, 10);
  });
}
