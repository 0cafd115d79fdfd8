import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type Config, configuredGatewayAddresses, configuredGatewayOrigins } from '../config';

/**
 * Helmet's options for this portal: a CSP that names no third-party host but the configured
 * gateways' (`formActionOrigins`, from configuredGatewayOrigins).
 */
export function helmetOptions(config: Config, formActionOrigins: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React components set inline style attributes; no third-party host is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // The hand-off form posts to a configured gateway's payment page, and to no other host.
        formAction: ["'self'", ...formActionOrigins],
      },
    },
    // The payment page opens in a new tab and must be able to navigate back to us.
    crossOriginOpenerPolicy: false,
    // The legacy twin of frame-ancestors 'none'.
    xFrameOptions: { action: 'deny' },
    // Browsers ignore HSTS over plain http, and pinning https on a host served over http (a
    // development machine, localhost) would lock it out; behind TLS PUBLIC_URL is https.
    strictTransportSecurity: isHttps(config.publicUrl)
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  };
}

/** The headers Helmet sets with these options, computed once by running it on a blank answer. */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)(
    {} as IncomingMessage,
    // Helmet only sets and removes headers on the answer it is given.
    answer as unknown as ServerResponse,
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed !== undefined) throw failed;
  return headers;
}

/**
 * The headers of every /api answer. They are JSON, which a browser never renders as a page, so
 * the document policies (a CSP's sources, DNS prefetch, downloads, cross-domain policy files, the
 * legacy XSS filter, origin-keyed agent clusters) have nothing to govern there. What stays is what
 * still applies to a JSON answer: a CSP allowing nothing and no framing, no type sniffing, no
 * referrer, same-origin reads, HSTS behind TLS, and `no-store`: private answers (tokens, profiles,
 * payments) and their errors are never cached anywhere.
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const hsts = computeSecurityHeaders(helmetOptions(config, []))['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
    'cache-control': 'no-store',
  };
}

/** A listener's own pages' headers and public address (the console's), see below. */
export interface OwnPages {
  pageHeaders: Record<string, string>;
  publicUrl: string;
}

/**
 * Security headers on every answer of the app: Helmet's on pages, assets and other answers, and
 * apiSecurityHeaders on every /api answer (errors and 404s included). Helmet itself would rebuild
 * the same headers, its CSP included, on every request; they depend only on the configuration, so
 * they are built once, and again only if a gateway's address changes (tests learn their port
 * after building). A listener with pages and an address of its own (the console's) gives their
 * headers instead, and its address decides HSTS on its API answers.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  isApiPath: (url: string) => boolean,
  own?: OwnPages,
): void {
  const apiHeaders = apiSecurityHeaders(
    own === undefined ? config : { ...config, publicUrl: own.publicUrl },
  );
  const pageHeaders = own?.pageHeaders;
  let address = '';
  let headers: Record<string, string> = {};
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) {
      reply.headers(apiHeaders);
      return done();
    }
    if (pageHeaders !== undefined) {
      reply.headers(pageHeaders);
      return done();
    }
    // Read on every page request, so only the addresses (no URL parsing): the origins and
    // headers are rebuilt when one of them changes.
    const addresses = configuredGatewayAddresses(config).join(' ');
    if (addresses !== address) {
      address = addresses;
      headers = computeSecurityHeaders(helmetOptions(config, configuredGatewayOrigins(config)));
    }
    reply.headers(headers);
    done();
  });
}

function isHttps(url: string): boolean {
  return new URL(url).protocol === 'https:';
}
