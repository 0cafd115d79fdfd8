import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeBillplz } from '../server/support/fake-billplz';
import { FakeToyyibPay } from '../server/support/fake-toyyibpay';
import { browserAvailable, launchChromium, recordPageEvents } from '../../scripts/support/browser';
import { aTestMember, expectPath, expectToast, logIn, registerByApi } from './support/journeys';
import { handOffToGateway } from './support/payments';
import { startPortal, type PortalServer } from './support/portal-server';

jest.setTimeout(180_000);

/** A gateway's simulator, and the settings that point the portal at it. */
interface Simulator {
  settings: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** Every gateway the portal can take payments through, each with its simulator. */
const GATEWAYS: Record<string, () => Promise<Simulator>> = {
  // The sandbox gateway app the launcher starts beside the API (the default).
  sandbox: async () => ({ settings: {}, close: async () => undefined }),
  billplz: async () => {
    const keys = { apiKey: 'e2e-api-key', collectionId: 'e2ecolle', xSignatureKey: 'S-e2e' };
    const fake = await new FakeBillplz(keys).start();
    return {
      // PUBLIC_URL is 127.0.0.1: the host rule picks the staging host, the simulator here.
      settings: {
        GATEWAY: 'billplz',
        BILLPLZ_API_KEY: keys.apiKey,
        BILLPLZ_COLLECTION_ID: keys.collectionId,
        BILLPLZ_X_SIGNATURE_KEY: keys.xSignatureKey,
        BILLPLZ_STAGING_URL: fake.url,
      },
      close: () => fake.close(),
    };
  },
  toyyibpay: async () => {
    const keys = { userSecretKey: 'e2e-user-secret', categoryCode: 'e2ecateg' };
    const fake = await new FakeToyyibPay(keys).start();
    return {
      settings: {
        GATEWAY: 'toyyibpay',
        TOYYIBPAY_USER_SECRET_KEY: keys.userSecretKey,
        TOYYIBPAY_CATEGORY_CODE: keys.categoryCode,
        TOYYIBPAY_STAGING_URL: fake.url,
      },
      close: () => fake.close(),
    };
  },
};

interface Setting {
  simulator: Simulator;
  portal: PortalServer;
  context: BrowserContext;
  page: Page;
  events: () => string;
}

const run = browserAvailable() ? describe : describe.skip;

// One Chromium for every gateway; a portal (PGlite) and a simulator per gateway, started at once.
run('paying through each gateway in Chromium', () => {
  let browser: Browser;
  const settings = new Map<string, Setting>();
  beforeAll(async () => {
    browser = await launchChromium();
    await Promise.all(
      Object.entries(GATEWAYS).map(async ([name, simulate]) => {
        const simulator = await simulate();
        const portal = await startPortal('pglite', { settings: simulator.settings });
        const context = await browser.newContext();
        const page = await context.newPage();
        settings.set(name, { simulator, portal, context, page, events: recordPageEvents(page) });
      }),
    );
  });
  afterAll(async () => {
    for (const { simulator, portal, context } of settings.values()) {
      await context.close();
      await portal.close();
      await simulator.close();
    }
    await browser?.close();
  });

  test.each(Object.keys(GATEWAYS))(
    'through %s: the hand-off opens a tab, the gateway approves, the receipt shows completed',
    async (name) => {
      const { portal, context, page, events } = settings.get(name)!;
      const member = aTestMember();
      try {
        await registerByApi(portal.baseUrl, member);
        await logIn(page, portal.baseUrl, member.ic, member.password);
        await expectPath(page, '/payment');
        const { gatewayTab, transactionId } = await handOffToGateway(
          page,
          context,
          portal.baseUrl,
          '123.45',
        );
        expect(transactionId).not.toBe('');

        // The simulated gateway approves: its callback reaches the API, the tab comes back.
        await gatewayTab.getByRole('button', { name: 'Approve payment' }).click();
        await gatewayTab.waitForURL(
          (url) => url.origin === portal.baseUrl && url.pathname === '/return',
          { timeout: 15_000 },
        );
        expect(new URL(gatewayTab.url()).searchParams.get('transactionId')).toBe(transactionId);
        await gatewayTab.getByText('Payment Successful').first().waitFor({ timeout: 15_000 });
        await gatewayTab.close();

        // The payer's tab, on the receipt, shows the payment completed.
        await page.getByRole('button', { name: 'Refresh Status' }).click();
        await expectToast(page, 'Payment completed successfully!');
        await page.getByText('RM 123.45').first().waitFor();
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\npage events:\n${events()}\nserver output:\n${portal.output().slice(-3000)}`,
        );
      }
    },
  );
});
