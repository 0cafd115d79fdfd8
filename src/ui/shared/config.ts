import type { FetchHttpConfig } from '../../adapters/fetch-http.adapter';

/**
 * Build-time configuration. Parcel inlines each `process.env.NAME` read below at build time, so
 * these must stay literal property reads (no destructuring, no dynamic keys). The payment gateway
 * is not configured here: the server hands the browser its URL with each payment request.
 */
export interface AppConfig {
  http: FetchHttpConfig;
}

export function readConfig(): AppConfig {
  return {
    http: {
      baseUrl: process.env.API_BASE || '/api',
      projectId: process.env.PROJECT_ID || 'member-portal',
      environment: process.env.APP_ENV || 'development',
    },
  };
}
