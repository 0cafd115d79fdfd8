import type { GatewayHandOff } from '../contract/payment';
import type { GatewayPort, GatewayTab } from '../domain/ports/gateway.port';

/** The parts of the browser window the gateway hand-off uses (a fake in adapter tests). */
export type GatewayBrowser = Pick<Window, 'open' | 'document' | 'crypto'>;

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
 * The one browser gateway adapter: opens a named blank tab inside the click, then hands off as
 * the server said (a hidden form POST targeting the tab, or a plain navigation for GET). Which
 * gateway and which host is the server's choice, so no gateway host is built into the app.
 */
export class FormPostGatewayAdapter implements GatewayPort {
  constructor(private readonly browser: GatewayBrowser = globalThis.window) {}

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

  submit(tab: GatewayTab, handOff: GatewayHandOff): void {
    if (handOff.method === 'GET') {
      // The fields are already in the URL for a GET hand-off.
      if (tab instanceof BrowserGatewayTab) tab.window.location.href = handOff.url;
      return;
    }
    const document = this.browser.document;
    const form = document.createElement('form');
    form.method = 'post';
    form.action = handOff.url;
    form.target = tab.name;
    form.style.display = 'none';
    for (const [name, value] of Object.entries(handOff.fields)) {
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
