import {
  FormPostGatewayAdapter,
  GATEWAY_TAB_PREFIX,
  type GatewayBrowser,
} from '../../src/adapters/form-post-gateway.adapter';
import type { GatewayHandOff } from '../../src/contract/payment';
import { handOffFor } from '../../src/domain/model/payment';
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
  readonly location = { href: 'about:blank' };
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

const request = aPaymentRequest();
const postHandOff = handOffFor(request);

const setUp = () => {
  const browser = new FakeBrowser();
  return { browser, gateway: new FormPostGatewayAdapter(browser.asBrowser()) };
};

describe('FormPostGatewayAdapter', () => {
  it('opens a named blank tab and cuts its opener', () => {
    const { browser, gateway } = setUp();
    const tab = gateway.openTab();
    expect(tab?.name).toBe(`${GATEWAY_TAB_PREFIX}uuid-0`);
    expect(browser.opens).toHaveLength(1);
    expect(browser.opens[0]).toMatchObject({ url: '', target: tab?.name });
    expect(browser.opens[0].tab.opener).toBeNull();
  });

  it('still opens when the window refuses to drop its opener', () => {
    const { browser, gateway } = setUp();
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
    expect(gateway.openTab()).not.toBeNull();
  });

  it('returns null when the pop-up is blocked', () => {
    const { browser, gateway } = setUp();
    browser.blocked = true;
    expect(gateway.openTab()).toBeNull();
  });

  it("POST: posts a hidden form with the server's fields to the server's URL, into the tab", () => {
    const { browser, gateway } = setUp();
    const tab = gateway.openTab()!;
    gateway.submit(tab, postHandOff);

    const [form] = browser.body.children;
    expect(form).toMatchObject({
      tagName: 'form',
      method: 'post',
      action: request.gateway.url,
      target: tab.name,
      submitted: true,
      removed: true,
    });
    expect(form.children.every((input) => input.type === 'hidden')).toBe(true);
    expect(Object.fromEntries(form.children.map((input) => [input.name, input.value]))).toEqual(
      postHandOff.fields,
    );
    expect(browser.opens[0].tab.location.href).toBe('about:blank');
  });

  it.each([
    ['https://staging.gw.example/pay', 'https://staging.gw.example/pay'],
    ['https://gw.example/pay', 'https://gw.example/pay'],
  ])('posts wherever the server says (%s): no host is built in', (url, action) => {
    const { browser, gateway } = setUp();
    gateway.submit(gateway.openTab()!, { url, method: 'POST', fields: { a: '1' } });
    expect(browser.body.children[0].action).toBe(action);
  });

  it('GET: navigates the tab to the URL and builds no form', () => {
    const { browser, gateway } = setUp();
    const handOff: GatewayHandOff = {
      url: 'https://www.billplz-sandbox.com/bills/abc123',
      method: 'GET',
      fields: {},
    };
    gateway.submit(gateway.openTab()!, handOff);
    expect(browser.opens[0].tab.location.href).toBe(handOff.url);
    expect(browser.body.children).toHaveLength(0);
  });

  it('closes an unused tab and issues random attempt keys', () => {
    const { browser, gateway } = setUp();
    const tab = gateway.openTab()!;
    gateway.close(tab);
    expect(browser.opens[0].tab.closed).toBe(true);
    expect(gateway.newAttemptKey()).toBe('uuid-1');
    expect(gateway.openTab()?.name).not.toBe(tab.name);
  });
});
