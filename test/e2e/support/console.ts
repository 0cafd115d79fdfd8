import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import type { Theme } from './axe';
import type { PortalServer } from './portal-server';
import { USE_COMPILED_SERVER } from '../../server/support/server-entry';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);

/**
 * `scripts/ops` as node runs it: compiled, from the dist-server/ that `npm test` has just built
 * (when that build has it), or from the sources through tsx (a second of CPU more per run).
 */
function opsArgs(): string[] {
  const compiled = join(ROOT, 'dist-server', 'scripts', 'ops.js');
  if (USE_COMPILED_SERVER && existsSync(compiled)) return [compiled];
  return ['--import', 'tsx', 'scripts/ops.ts'];
}

/** The RFC 6238 code an authenticator app shows at `nowMs` for this base32 secret. */
export const totpCode = (secret: string, nowMs: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: nowMs,
  });

/**
 * `npm run ops -- create-operator` beside the running portal (its PostgreSQL database, or its
 * PGlite directory, where the command asks the running server, and the console's public
 * address), as a team creates its first operator; answers the enrolment link it prints.
 */
export async function createOperatorWithCli(
  portal: PortalServer,
  operator: { name: string; email: string; role: string },
): Promise<string> {
  if (portal.opsUrl === undefined) {
    throw new Error('the operator command line needs the portal with its console');
  }
  const database =
    portal.databaseUrl === undefined
      ? { DATABASE_URL: '', DATA_DIR: portal.dataDir }
      : { DATABASE_URL: portal.databaseUrl };
  const { stdout } = await run(
    process.execPath,
    [
      ...opsArgs(),
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
        ...database,
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

/**
 * Enrols an operator from their link with an authenticator app's code, as the enrolment page
 * asks; answers the app's secret (base32) for the codes that follow.
 */
export async function enrolWithCode(page: Page, link: string, password: string): Promise<string> {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Set up your operator account' }).waitFor();
  const secret = ((await page.locator('code.console-secret').textContent()) ?? '').trim();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await page.getByText('Your account is ready.').waitFor();
  return secret;
}

/**
 * Signs in with e-mail, password and a code. Enrolment took this step's code and each code
 * counts once: the next step's code (one step of drift is allowed) signs in at once.
 */
export async function signInWithCode(
  page: Page,
  opsUrl: string,
  operator: { email: string; password: string },
  secret: string,
): Promise<void> {
  await page.goto(opsUrl);
  await page.getByRole('heading', { name: 'Sign in to the operator console' }).waitFor();
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByLabel('Authenticator code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
}

/** Enrols with a passkey (the page needs a virtual authenticator), then signs in with it. */
export async function enrolAndSignInWithPasskey(
  page: Page,
  link: string,
  operator: { email: string; password: string },
): Promise<void> {
  await page.goto(link);
  await page.getByRole('radio', { name: 'Passkey' }).check();
  await page.getByLabel('New password').fill(operator.password);
  await page.getByLabel('Repeat the password').fill(operator.password);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await page.getByText('Your account is ready.').waitFor();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey instead' }).click();
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
}
