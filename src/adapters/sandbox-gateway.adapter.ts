import { FormPostGatewayAdapter, type GatewayBrowser } from './form-post-gateway.adapter';

/** The sandbox gateway's payment page, served by our own server outside production. */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway/pay';

/** Development and test: posts to the sandbox gateway on this origin. */
export class SandboxGatewayAdapter extends FormPostGatewayAdapter {
  constructor(browser: GatewayBrowser = globalThis.window) {
    super(browser);
  }

  protected paymentPageUrl(): string {
    return new URL(SANDBOX_GATEWAY_PATH, this.browser.location.origin).toString();
  }
}
