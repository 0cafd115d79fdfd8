import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import type { Theme } from './axe';
import type { PortalServer } from './portal-server';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);

/** The RFC 6238 code an authenticator app shows at `nowMs` for this base32 secret. */
export const totpCode = (secret: string, nowMs: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: nowMs,
  });

/**
 * `npm run ops -- create-operator` beside the running portal (its PostgreSQL database and the
 * console's public address), as a team creates its first operator; answers the enrolment link
 * it prints.
 */
export async function createOperatorWithCli(
  portal: PortalServer,
  operator: { name: string; email: string; role: string },
): Promise<string> {
  if (portal.databaseUrl === undefined || portal.opsUrl === undefined) {
    throw new Error('the operator command line needs the portal on PostgreSQL with its console');
  }
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/ops.ts',
      'create-operator',
      '--name',
      operator.name,
      '--email',
      operator.email,
      '--role',
      operator.role,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: portal.databaseUrl,
        OPS_PUBLIC_URL: portal.opsUrl,
        APP_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const link = stdout.split('\n').find((line) => line.startsWith(`${portal.opsUrl}/enrol#`));
  if (link === undefined) throw new Error(`no enrolment link in:\n${stdout}`);
  return link.trim();
}

/**
 * Puts the console in a theme through its own switch (which saves the choice), then takes the
 * focus off the switch so screenshots show no focus ring.
 */
export async function applyConsoleTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.locator('.theme-toggle').first();
  if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) {
    await toggle.click();
  }
  await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, theme);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * Gives the page Chromium's virtual authenticator (a platform one with resident keys and user
 * verification, answering every prompt), as a device with a passkey provider would; answers its
 * id and the CDP session to read its credentials through.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}
