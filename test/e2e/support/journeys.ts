import type { Page } from 'playwright-core';

export interface TestMember {
  name: string;
  ic: string;
  phone: string;
  password: string;
}

let counter = 0;

/** A member with a unique 12-digit IC and a Malaysian mobile number. */
export function aTestMember(): TestMember {
  counter += 1;
  const unique = `${Date.now() % 1_000_000}${counter}`.padStart(7, '0').slice(-7);
  return {
    name: 'Aisyah Rahman',
    ic: `90010114${unique.slice(-4)}`,
    phone: `6012${unique}`,
    password: 'correct-horse-42',
  };
}

/** The newest code the console SMS sender kept for this phone and purpose. */
export async function latestCode(
  baseUrl: string,
  phone: string,
  purpose: 'registration' | 'password_reset',
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(`${baseUrl}/api/dev/sms-outbox?phone_no=${phone}`);
    const body = (await res.json()) as { data?: { purpose: string; code: string }[] };
    const found = body.data?.find((m) => m.purpose === purpose);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${purpose} code for ${phone} in the dev outbox`);
}

export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1', { exact: true }).click();
  await page.keyboard.type(code);
}

/** A toast with this text appears (react-toastify renders role="alert"). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page
    .locator('.Toastify')
    .getByText(text, { exact: false })
    .first()
    .waitFor({ timeout: 10_000 });
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL(
    (url) =>
      typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search),
    {
      timeout: 10_000,
    },
  );
}

/** Fills the open sign-up page's first step for `member` and presses Proceed. */
export async function submitSignUpDetails(page: Page, member: TestMember): Promise<void> {
  await page.locator('input[name="name"]').fill(member.name);
  await page.locator('input[name="ic_or_passport"]').fill(member.ic);
  await page.locator('input[name="phone_no"]').fill(member.phone);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="confirm_password"]').fill(member.password);
  await page.getByRole('button', { name: 'Proceed' }).click();
}

export async function signUp(page: Page, baseUrl: string, member: TestMember): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  await submitSignUpDetails(page, member);
  await expectToast(page, 'OTP sent successfully! Code expires in');
  await page.getByText('Verify Phone').first().waitFor();
  const code = await latestCode(baseUrl, member.phone, 'registration');
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expectToast(page, 'Registration successful! Redirecting to login page...');
  await expectPath(page, '/login');
}

export async function logIn(
  page: Page,
  baseUrl: string,
  ic: string,
  password: string,
): Promise<void> {
  if (new URL(page.url(), baseUrl).pathname !== '/login') await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="ic_or_passport"]').fill(ic);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Registers a member through the real API (the sign-up screens have their own suite). */
export async function registerByApi(baseUrl: string, member: TestMember): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/service/send_sms_code', {
    phone_no: member.phone,
    purpose: 'registration',
  });
  if (sent.status !== 200) throw new Error(`send_sms_code answered ${sent.status}`);
  const tac_code = await latestCode(baseUrl, member.phone, 'registration');
  const registered = await post('/service/register', {
    name: member.name,
    nationality: 'Malaysian',
    ic_or_passport: member.ic,
    phone_no: member.phone,
    password: member.password,
    tac_code,
  });
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`);
}
