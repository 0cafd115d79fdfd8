import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Parcel names its outputs name.<8 hex>.ext: a new build of a changed file is a new URL. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;
/** index.html and the fixed-URL files (robots.txt, favicon.ico...): checked again every time. */
export const REVALIDATE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The last path segment has an extension: a request for a file, never a client-side route. */
const looksLikeFile = (urlPath: string) => /\.[^/]+$/.test(urlPath);
const isApi = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

/** A path the app's shell (index.html) answers: neither the API's nor a file's. */
const isAppRoute = (urlPath: string) => !isApi(urlPath) && !looksLikeFile(urlPath);
/** A request's path, without its query. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/** Never served: source maps, and the precompressed copies asked for by name. */
const isServable = (urlPath: string) => !/\.(map|br|gz)$/i.test(urlPath);

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return HASHED.test(name) ? IMMUTABLE : REVALIDATE;
}

/** 'sha256-...' sources for the inline scripts of index.html (Parcel's import map). */
export function inlineScriptHashes(html: string): string[] {
  const inline = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...html.matchAll(inline)]
    .filter((match) => match[1].length > 0)
    .map((match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
}

/** Adds sources to a CSP's script-src (or adds a script-src of 'self' plus them). */
export function withScriptSources(csp: string, sources: string[]): string {
  if (sources.length === 0) return csp;
  const directives = csp.split(';').map((d) => d.trim());
  const at = directives.findIndex((d) => /^script-src(\s|$)/i.test(d));
  if (at >= 0) directives[at] = `${directives[at]} ${sources.join(' ')}`;
  else directives.push(`script-src 'self' ${sources.join(' ')}`);
  return directives.filter(Boolean).join('; ');
}

/**
 * An answer that is index.html: HTML outside /api, or the 304 that revalidates it for an app route such as
 * `/` (a directory index, answered without a content type). A browser keeps the policy of a 304
 * with its cached copy, so that policy too must allow the import map, or the next visit of `/`
 * could not load the app.
 */
function carriesIndexHtml(request: FastifyRequest, reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  // An HTML page the API itself answers (the development SMS outbox) is not index.html, and
  // keeps its own policy.
  if (typeof type === 'string') return type.startsWith('text/html') && !isApi(pathOf(request));
  return reply.statusCode === 304 && isAppRoute(pathOf(request));
}

export interface Spa {
  /** Answers a request nothing else matched, if the SPA should: true when it did. */
  handleNotFound(request: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Serves the built SPA from distDir (nothing when there is no index.html):
 *  - the precompressed .br or .gz copy (scripts/precompress.ts) to a browser that accepts it;
 *  - hashed files cached for a year as immutable, index.html and fixed-URL files revalidated;
 *  - no source maps;
 *  - index.html for client-side routes (GET or HEAD, outside /api, no file extension), while a
 *    missing file (/app.abc.js, /favicon.png) stays a 404;
 *  - index.html's inline import map (Parcel's lazy-bundle URLs) allowed by its hash in the CSP.
 * Files are looked up per request, so a rebuilt dist/ is served without a restart.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Spa | null> {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return null;

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    // send's own Cache-Control (max-age=0) off: setHeaders decides per file.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
    allowedPath: (pathName) => isServable(pathName),
  });

  let hashes: { mtimeMs: number; sources: string[] } | null = null;
  const scriptSources = (): string[] => {
    try {
      const { mtimeMs } = statSync(indexHtml);
      if (hashes?.mtimeMs !== mtimeMs) {
        hashes = { mtimeMs, sources: inlineScriptHashes(readFileSync(indexHtml, 'utf8')) };
      }
      return hashes.sources;
    } catch {
      return [];
    }
  };

  // A callback hook, not an async one: every answer passes through it, most of them not HTML.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!carriesIndexHtml(request, reply)) return done(null, payload);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header('content-security-policy', withScriptSources(csp, scriptSources()));
    }
    done(null, payload);
  });

  return {
    handleNotFound(request, reply) {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (!isRead || !isAppRoute(pathOf(request))) return false;
      // Client-side routes (/login, /member/profile, ...) all load the SPA shell.
      void reply.type('text/html').sendFile('index.html', distDir);
      return true;
    },
  };
}
