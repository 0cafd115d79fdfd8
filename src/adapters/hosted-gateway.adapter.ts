import { FormPostGatewayAdapter, type GatewayBrowser } from './form-post-gateway.adapter';

export interface HostedGatewayUrls {
  /** Payment page of the gateway's staging host (build-time GATEWAY_STAGING_URL). */
  staging: string;
  /** Payment page of the gateway's production host (build-time GATEWAY_PRODUCTION_URL). */
  production: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The spec's rule (section 7): the staging gateway when the page host contains 'uat' or
 * 'staging', or is localhost or an IP address; production otherwise.
 */
export function isStagingHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host.includes('uat') ||
    host.includes('staging') ||
    host === 'localhost' ||
    IPV4.test(host) ||
    // IPv6 literals: location.hostname keeps the brackets ('[::1]').
    host.includes(':')
  );
}

export const gatewayUrlFor = (hostname: string, urls: HostedGatewayUrls): string =>
  isStagingHost(hostname) ? urls.staging : urls.production;

/** Staging and production: posts to the real gateway host chosen by the page's host. */
export class HostedGatewayAdapter extends FormPostGatewayAdapter {
  constructor(
    private readonly urls: HostedGatewayUrls,
    browser: GatewayBrowser = globalThis.window,
  ) {
    super(browser);
    // Fail at start-up, not at the member's first payment.
    if (!urls.staging || !urls.production) {
      throw new Error(
        'The hosted gateway needs GATEWAY_STAGING_URL and GATEWAY_PRODUCTION_URL at build time',
      );
    }
  }

  protected paymentPageUrl(): string {
    return gatewayUrlFor(this.browser.location.hostname, this.urls);
  }
}
