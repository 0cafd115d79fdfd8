import type { GatewayPort, GatewayTab } from '../domain/ports/gateway.port';
import type { GatewayFields } from '../domain/model/payment';

/** The parts of the browser window the gateway hand-off uses (a fake in adapter tests). */
export type GatewayBrowser = Pick<Window, 'open' | 'document' | 'location' | 'crypto'>;

/**
 * Prefix of the gateway tab's window name. Each attempt gets its own name: reusing a name would
 * hand back an older gateway tab (another origin, another transaction) instead of a blank one.
 */
export const GATEWAY_TAB_PREFIX = 'payment-gateway-';

class BrowserGatewayTab implements GatewayTab {
  constructor(
    readonly name: string,
    readonly window: WindowProxy,
  ) {}
}

/**
 * The hand-off shared by every gateway: open a named blank tab inside the click, then post a
 * hidden form targeting it. Subclasses only say where the payment page is.
 */
export abstract class FormPostGatewayAdapter implements GatewayPort {
  constructor(protected readonly browser: GatewayBrowser) {}

  /** The gateway's payment page the form posts to. */
  protected abstract paymentPageUrl(): string;

  openTab(): GatewayTab | null {
    const name = GATEWAY_TAB_PREFIX + this.browser.crypto.randomUUID();
    const opened = this.browser.open('', name);
    if (!opened) return null;
    try {
      // The tab is about:blank on our origin for now: cut its way back to this page so the
      // gateway page it will show cannot navigate the portal (reverse tabnabbing).
      opened.opener = null;
    } catch {
      // Only a cross-origin window refuses this, and a fresh blank tab is never one.
    }
    return new BrowserGatewayTab(name, opened);
  }

  submit(tab: GatewayTab, fields: GatewayFields): void {
    const document = this.browser.document;
    const form = document.createElement('form');
    form.method = 'post';
    form.action = this.paymentPageUrl();
    form.target = tab.name;
    form.style.display = 'none';
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
    form.remove();
  }

  close(tab: GatewayTab): void {
    if (tab instanceof BrowserGatewayTab && !tab.window.closed) tab.window.close();
  }

  newAttemptKey(): string {
    return this.browser.crypto.randomUUID();
  }
}
