import type { FetchHttpConfig } from '../../adapters/fetch-http.adapter';

/**
 * Build-time configuration. Parcel inlines each `process.env.NAME` read below at build time, so
 * these must stay literal property reads (no destructuring, no dynamic keys).
 */
export interface AppConfig {
  http: FetchHttpConfig;
  /** Which payment gateway the hand-off posts to (see container.ts). */
  gateway: GatewayConfig;
}

export interface GatewayConfig {
  /** 'sandbox' (this origin's /sandbox-gateway/pay) or 'hosted' (staging/production hosts). */
  kind: string;
  stagingUrl: string;
  productionUrl: string;
}

export function readConfig(): AppConfig {
  return {
    http: {
      baseUrl: process.env.API_BASE || '/api',
      projectId: process.env.PROJECT_ID || 'member-portal',
      environment: process.env.APP_ENV || 'development',
    },
    gateway: {
      kind: process.env.GATEWAY || 'sandbox',
      stagingUrl: process.env.GATEWAY_STAGING_URL || '',
      productionUrl: process.env.GATEWAY_PRODUCTION_URL || '',
    },
  };
}
