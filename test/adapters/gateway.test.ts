import {
  type FormPostGatewayAdapter,
  GATEWAY_TAB_PREFIX,
  type GatewayBrowser,
} from '../../src/adapters/form-post-gateway.adapter';
import { SandboxGatewayAdapter } from '../../src/adapters/sandbox-gateway.adapter';
import {
  gatewayUrlFor,
  HostedGatewayAdapter,
  isStagingHost,
} from '../../src/adapters/hosted-gateway.adapter';
import { gatewayFields } from '../../src/domain/model/payment';
import { aPaymentRequest } from '../builders/payment-request';

/** Just enough of a DOM element for the form hand-off, recording what was done to it. */
class FakeElement {
  readonly children: FakeElement[] = [];
  readonly style: Record<string, string> = {};
  method = '';
  action = '';
  target = '';
  type = '';
  name = '';
  value = '';
  submitted = false;
  removed = false;
  constructor(readonly tagName: string) {}
  appendChild(child: FakeElement): FakeElement {
    this.children.push(child);
    return child;
  }
  submit(): void {
    this.submitted = true;
  }
  remove(): void {
    this.removed = true;
  }
}

class FakeTabWindow {
  opener: unknown = 'the portal';
  closed = false;
  close(): void {
    this.closed = true;
  }
}

class FakeBrowser {
  blocked = false;
  readonly opens: { url: string; target: string; tab: FakeTabWindow }[] = [];
  readonly body = new FakeElement('body');
  readonly document = {
    body: this.body,
    createElement: (tag: string) => new FakeElement(tag),
  };
  readonly crypto = { randomUUID: () => `uuid-${this.opens.length}` };
  constructor(readonly location: { hostname: string; origin: string }) {}
  open(url: string, target: string): FakeTabWindow | null {
    if (this.blocked) return null;
    const tab = new FakeTabWindow();
    this.opens.push({ url, target, tab });
    return tab;
  }
  /** The browser is a third-party edge: the fake covers only what the adapters touch. */
  asBrowser(): GatewayBrowser {
    return this as unknown as GatewayBrowser;
  }
}

const fields = gatewayFields(aPaymentRequest());

describe('isStagingHost (spec section 7)', () => {
  it.each([
    ['uat.portal.example.my', true],
    ['portal-uat.example.my', true],
    ['staging.portal.example.my', true],
    ['portal.staging.example.my', true],
    ['STAGING.example.my', true],
    ['localhost', true],
    ['127.0.0.1', true],
    ['192.168.1.20', true],
    ['[::1]', true],
    ['portal.example.my', false],
    ['www.pay.my', false],
    ['localhost.example.my', false],
  ])('%s -> staging %p', (host, staging) => {
    expect(isStagingHost(host)).toBe(staging);
  });

  it('picks the configured page for the host', () => {
    const urls = { staging: 'https://stg.gw/pay', production: 'https://gw/pay' };
    expect(gatewayUrlFor('uat.portal.my', urls)).toBe('https://stg.gw/pay');
    expect(gatewayUrlFor('portal.my', urls)).toBe('https://gw/pay');
  });
});

describe('form-post gateway adapters', () => {
  it('opens a named blank tab and cuts its opener', () => {
    const browser = new FakeBrowser({ hostname: 'localhost', origin: 'http://localhost:8080' });
    const tab = new SandboxGatewayAdapter(browser.asBrowser()).openTab();
    expect(tab?.name).toBe(`${GATEWAY_TAB_PREFIX}uuid-0`);
    expect(browser.opens).toHaveLength(1);
    expect(browser.opens[0]).toMatchObject({ url: '', target: tab?.name });
    expect(browser.opens[0].tab.opener).toBeNull();
  });

  it('still opens when the window refuses to drop its opener', () => {
    const browser = new FakeBrowser({ hostname: 'localhost', origin: 'http://localhost:8080' });
    const open = browser.open.bind(browser);
    browser.open = (url, target) => {
      const tab = open(url, target);
      if (tab)
        Object.defineProperty(tab, 'opener', {
          set: () => {
            throw new Error('SecurityError');
          },
        });
      return tab;
    };
    expect(new SandboxGatewayAdapter(browser.asBrowser()).openTab()).not.toBeNull();
  });

  it('returns null when the pop-up is blocked', () => {
    const browser = new FakeBrowser({ hostname: 'localhost', origin: 'http://localhost:8080' });
    browser.blocked = true;
    expect(new SandboxGatewayAdapter(browser.asBrowser()).openTab()).toBeNull();
  });

  it('sandbox posts a hidden form with the eleven fields into the tab on this origin', () => {
    const browser = new FakeBrowser({ hostname: 'localhost', origin: 'http://localhost:8080' });
    const gateway = new SandboxGatewayAdapter(browser.asBrowser());
    const tab = gateway.openTab()!;
    gateway.submit(tab, fields);

    const [form] = browser.body.children;
    expect(form).toMatchObject({
      tagName: 'form',
      method: 'post',
      action: 'http://localhost:8080/sandbox-gateway/pay',
      target: tab.name,
      submitted: true,
      removed: true,
    });
    expect(form.children.every((input) => input.type === 'hidden')).toBe(true);
    expect(Object.fromEntries(form.children.map((input) => [input.name, input.value]))).toEqual(
      fields,
    );
  });

  it.each([
    ['uat.portal.my', 'https://stg.gw/pay'],
    ['portal.my', 'https://gw/pay'],
  ])('hosted on %s posts to %s', (hostname, action) => {
    const browser = new FakeBrowser({ hostname, origin: `https://${hostname}` });
    const gateway = new HostedGatewayAdapter(
      { staging: 'https://stg.gw/pay', production: 'https://gw/pay' },
      browser.asBrowser(),
    );
    gateway.submit(gateway.openTab()!, fields);
    expect(browser.body.children[0].action).toBe(action);
  });

  it('hosted refuses to start without both hosts configured', () => {
    const browser = new FakeBrowser({ hostname: 'portal.my', origin: 'https://portal.my' });
    expect(
      () => new HostedGatewayAdapter({ staging: '', production: 'x' }, browser.asBrowser()),
    ).toThrow(/GATEWAY_STAGING_URL/);
  });

  it('closes an unused tab and issues random attempt keys', () => {
    const browser = new FakeBrowser({ hostname: 'localhost', origin: 'http://localhost' });
    const gateway: FormPostGatewayAdapter = new SandboxGatewayAdapter(browser.asBrowser());
    const tab = gateway.openTab()!;
    gateway.close(tab);
    expect(browser.opens[0].tab.closed).toBe(true);
    expect(gateway.newAttemptKey()).toBe('uuid-1');
    expect(gateway.openTab()?.name).not.toBe(tab.name);
  });
});
