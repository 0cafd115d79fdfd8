import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/http/app';
import { copyPublicFiles, precompress, PUBLIC_DIR } from '../../../scripts/precompress';
import { firstLoadFiles } from '../../../scripts/first-load';
import { StorageKeys } from '../../../src/domain/ports/storage.port';
import { Paths } from '../../../src/ui/shared/paths';
import { inMemoryServer } from '../support/in-memory-server';

const ROOT = path.resolve(__dirname, '../../..');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A JS bundle large enough to compress, named as Parcel names its outputs. */
const SCRIPT = `export const greet = () => ${JSON.stringify('Selamat datang! '.repeat(200))};\n`;
const IMPORT_MAP = '{"imports":{"a1B2c":"/lazy.0a1b2c3d.js"}}';
const INDEX_HTML =
  `<!DOCTYPE html><html lang=en><script type=importmap>${IMPORT_MAP}</script>` +
  '<link rel=stylesheet href=/app.5e6f7a8b.css><meta name=description content="Member Portal">' +
  `<title>Member Portal</title><body><div id=root></div>${'<!-- padding -->'.repeat(40)}` +
  '<script type=module src=/app.1a2b3c4d.js></script>';

/** A dist/ as `npm run build` leaves it: Parcel's files, the public files, their .br and .gz. */
function builtDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'app.1a2b3c4d.js'), SCRIPT);
  writeFileSync(path.join(dist, 'app.1a2b3c4d.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(dist, 'app.5e6f7a8b.css'), `body{color:red}${' '.repeat(2000)}`);
  writeFileSync(path.join(dist, 'lazy.0a1b2c3d.js'), 'export default 1;');
  writeFileSync(
    path.join(dist, 'manifest.webmanifest'),
    readFileSync(path.join(ROOT, 'src/ui/manifest.webmanifest')),
  );
  copyPublicFiles(dist);
  precompress(dist);
  return dist;
}

describe('static delivery of the built SPA (app.inject)', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = builtDist();
    const server = inMemoryServer();
    app = await buildApp(server.container, server.config, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const expectNotFound = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 0, message: 'Not found.', code: 'NOT_FOUND' });
  };

  describe('compression', () => {
    it('sends the brotli copy to a browser that accepts br', async () => {
      const res = await get('/app.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    });

    it('sends the gzip copy to a browser that accepts gzip only', async () => {
      const res = await get('/app.5e6f7a8b.css', { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(gunzipSync(res.rawPayload).toString()).toMatch(/^body\{color:red\}/);
    });

    it('sends the file itself to a client that accepts no compression', async () => {
      const res = await get('/app.1a2b3c4d.js');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
    });

    it('compresses index.html for the client-side routes too', async () => {
      const res = await get('/login', { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    });
  });

  describe('caching', () => {
    it('caches hashed files for a year as immutable, compressed or not', async () => {
      const variants: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'br' },
        { 'accept-encoding': 'gzip' },
      ];
      for (const headers of variants) {
        expect((await get('/app.1a2b3c4d.js', headers)).headers['cache-control']).toBe(IMMUTABLE);
        expect((await get('/app.5e6f7a8b.css', headers)).headers['cache-control']).toBe(IMMUTABLE);
      }
    });

    it('has the HTML revalidated on every visit, whichever way it is asked for', async () => {
      for (const url of ['/', '/index.html', '/login', '/member/profile']) {
        for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
          const res = await get(url, headers);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.headers['cache-control']).toBe('no-cache');
        }
      }
    });

    it('has the fixed-URL files revalidated too (their names do not change)', async () => {
      for (const url of ['/robots.txt', '/favicon.ico', '/manifest.webmanifest']) {
        expect((await get(url)).headers['cache-control']).toBe('no-cache');
      }
    });
  });

  describe('what is and is not served', () => {
    it('never serves a source map, nor a precompressed copy by its own name', async () => {
      expect(existsSync(path.join(dist, 'app.1a2b3c4d.js.map'))).toBe(true);
      expectNotFound(await get('/app.1a2b3c4d.js.map'));
      expectNotFound(await get('/app.1a2b3c4d.js.map', { 'accept-encoding': 'br' }));
      expectNotFound(await get('/app.1a2b3c4d.js.br'));
      expectNotFound(await get('/index.html.gz'));
    });

    it('answers a missing file with 404, not the app', async () => {
      for (const url of [
        '/app.abc.js',
        '/favicon.png',
        '/styles/missing.css',
        '/member/photo.jpg',
        '/app.0000aaaa.js?v=1',
      ]) {
        expectNotFound(await get(url));
        expectNotFound(await get(url, { 'accept-encoding': 'br, gzip' }));
      }
    });

    it('answers client-side routes with index.html, HEAD included', async () => {
      for (const url of ['/login', '/sign-up', '/member/profile', '/receipt/TXNABC234', '/x?y=1']) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(INDEX_HTML);
      }
      const head = await app.inject({ method: 'HEAD', url: '/payment-status' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
    });

    it('keeps API misses in the envelope and never answers a POST with the app', async () => {
      expectNotFound(await get('/api/no/such/thing'));
      const post = await app.inject({ method: 'POST', url: '/login', payload: {} });
      expect(post.statusCode).toBe(404);
    });

    it('serves robots.txt, the favicon and the web manifest as themselves', async () => {
      const robots = await get('/robots.txt');
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body).toMatch(/^User-agent: \*$/m);
      expect(robots.body).toMatch(/^Disallow: \/api\/$/m);

      const icon = await get('/favicon.ico');
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

      const manifest = await get('/manifest.webmanifest');
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const { icons, name } = manifest.json<{ name: string; icons: { src: string }[] }>();
      expect(name).toBe('Member Portal');
      for (const { src } of icons) {
        const res = await get(src);
        expect([src, res.statusCode]).toEqual([src, 200]);
        expect(res.headers['content-type']).toMatch(/^image\//);
      }
    });
  });

  describe('content security policy', () => {
    const hashOf = (script: string) =>
      `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

    it("allows index.html's inline import map by its hash, and nothing else inline", async () => {
      for (const url of ['/', '/login']) {
        const csp = (await get(url, { 'accept-encoding': 'br' })).headers[
          'content-security-policy'
        ] as string;
        const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
        expect(scriptSrc?.trim()).toBe(`script-src 'self' ${hashOf(IMPORT_MAP)}`);
        expect(csp).not.toContain("'unsafe-inline' 'sha256");
      }
    });

    it('keeps the hash when the HTML is revalidated (304), whichever encoding is asked for', async () => {
      // Chromium keeps a 304's policy with its cached page: without the hash, the next visit
      // of / blocked the import map, and the app could not load its other bundles.
      for (const url of ['/', '/login']) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          const first = await get(url, { 'accept-encoding': encoding });
          const again = await get(url, {
            'accept-encoding': encoding,
            'if-none-match': first.headers.etag as string,
          });
          expect(again.statusCode).toBe(304);
          expect(again.headers['content-security-policy']).toContain(hashOf(IMPORT_MAP));
        }
      }
    });

    it('leaves files with the plain policy, and API answers with one that allows nothing', async () => {
      const csp = (await get('/app.1a2b3c4d.js')).headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('sha256-');
      expect((await get('/api/health')).headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    });
  });
});

describe('the shipped static files', () => {
  it('gives every page a meta description, a favicon and the web manifest', () => {
    const html = readFileSync(path.join(ROOT, 'src/ui/index.html'), 'utf8');
    const description = /<meta\s+name="description"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    // Search engines show about 150 characters; a description much shorter says too little.
    expect(description.length).toBeGreaterThanOrEqual(70);
    expect(description.length).toBeLessThanOrEqual(170);
    expect(html).toMatch(/<link rel="icon" href="[^"]+\.svg"/);
    expect(html).toMatch(/<link rel="manifest" href="\.\/manifest\.webmanifest"/);
  });

  it("preloads the member pages for the app's token key, on every page but the account ones", () => {
    // index.html's inline script cannot import the app's constants: it must name the same ones.
    const html = readFileSync(path.join(ROOT, 'src/ui/index.html'), 'utf8');
    expect(html).toContain(`localStorage.getItem('${StorageKeys.token}')`);
    const accountPages = [Paths.login, Paths.signUp, Paths.forgotPassword].map((p) => p.slice(1));
    expect(html).toContain(`/^\\/(${accountPages.join('|')})(\\/|$)/`);
  });

  it('ships robots.txt and favicon.ico for their fixed URLs, and the icons the manifest names', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(ROOT, 'src/ui/manifest.webmanifest'), 'utf8'),
    ) as { icons: { src: string }[]; start_url: string };
    expect(manifest.start_url).toBe('/');
    const fixed = ['robots.txt', 'favicon.ico', ...manifest.icons.map((i) => i.src.slice(1))];
    for (const file of fixed) {
      expect([file, existsSync(path.join(PUBLIC_DIR, file))]).toEqual([file, true]);
    }
  });
});

describe('scripts/first-load.ts', () => {
  let dist: string;
  beforeAll(() => {
    dist = builtDist();
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("counts what index.html loads, following a bundle's static imports, not lazy ones", () => {
    writeFileSync(path.join(dist, 'shared.9f9f9f9f.js'), 'export const x = 1;');
    writeFileSync(
      path.join(dist, 'app.1a2b3c4d.js'),
      `import{x}from"./shared.9f9f9f9f.js";import("a1B2c");${SCRIPT}`,
    );
    expect(firstLoadFiles(dist).sort()).toEqual([
      'app.1a2b3c4d.js',
      'app.5e6f7a8b.css',
      'shared.9f9f9f9f.js',
    ]);
  });
});
