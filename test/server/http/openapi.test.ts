import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DescribedApp,
  describedApp,
  OPENAPI_DOCUMENTS,
  type OpenApiApp,
} from '../../../server/http/openapi-documents';
import { API_DOCS_PATH } from '../../../server/http/openapi';

const ROOT = path.join(__dirname, '..', '..', '..');
// The validator's own command (an ES module, so run by node rather than imported under jest).
const VALIDATOR = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  summary?: string;
  responses?: Record<string, unknown>;
  security?: unknown[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** `METHOD /api/path/:param` of every operation, as Fastify names the route. */
function documentedRoutes(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} /api${url.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** The routes the router holds, counted by their methods in Fastify's own print-out. */
function routerMethodCount(app: DescribedApp['app']): number {
  return [...app.printRoutes({ commonPrefix: false }).matchAll(/\(([A-Z, ]+)\)$/gm)].reduce(
    (sum, [, methods]) => sum + methods.split(', ').length,
    0,
  );
}

describe.each(Object.keys(OPENAPI_DOCUMENTS) as OpenApiApp[])(
  'the OpenAPI document of the %s API',
  (which) => {
    const file = path.join(ROOT, OPENAPI_DOCUMENTS[which]);
    let described: DescribedApp;
    let document: Document;
    beforeAll(async () => {
      described = await describedApp(which);
      document = described.app.swagger() as unknown as Document;
    });
    afterAll(() => described.close());

    it('is the one written in docs/ (npm run openapi writes it anew)', () => {
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(document);
    });

    it('is a valid OpenAPI 3.1 document', () => {
      const report = execFileSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8' });
      expect(JSON.parse(report)).toEqual({ valid: true });
      expect(document).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/api' }] });
    });

    it('describes every route of the app, and no route it does not have', () => {
      const routes = described.routes
        .filter((route) => route.method !== 'HEAD' && !route.hidden)
        .map((route) => `${route.method} ${route.url}`);
      expect(routes.length).toBeGreaterThan(10);
      expect([...documentedRoutes(document)].sort()).toEqual([...routes].sort());
    });

    it('leaves out only its reference page and static files, and misses none of the router', () => {
      const hidden = described.routes.filter((route) => route.hidden);
      for (const route of hidden) {
        expect(route.url).toMatch(new RegExp(`^(${API_DOCS_PATH}|/locales)(/|$)`));
      }
      // Every route the router holds went through the collector (none registered before it).
      // The reference page's own path is one route that Fastify files with and without its
      // trailing slash.
      const slashTwins = hidden.filter((r) => r.method === 'GET' && r.url === API_DOCS_PATH);
      expect(described.routes.length + slashTwins.length).toBe(routerMethodCount(described.app));
    });

    it('gives every operation a success and a failure answer (and a summary, for members)', () => {
      for (const [url, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const where = `${method.toUpperCase()} ${url}`;
          if (which === 'member') {
            expect({ where, summary: typeof operation.summary }).toEqual({
              where,
              summary: 'string',
            });
          }
          const answers = Object.keys(operation.responses ?? {});
          expect({ where, answers }).toEqual({
            where,
            answers: expect.arrayContaining(['default', expect.stringMatching(/^[23]\d\d$/)]),
          });
        }
      }
    });
  },
);

describe('the member API document’s sign-in requirements', () => {
  let described: DescribedApp;
  beforeAll(async () => {
    described = await describedApp('member');
  });
  afterAll(() => described.close());

  it('say which operations refuse a caller without a session, and only those', async () => {
    const document = described.app.swagger() as unknown as Document;
    const secured: string[] = [];
    const refused: string[] = [];
    for (const [url, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${url}`;
        if (operation.security !== undefined) secured.push(where);
        const answer = await described.app.inject({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: `/api${url.replace(/\{\w+\}/g, 'x')}`,
          ...(method === 'post' && { payload: {} }),
        });
        // A route authenticated after validation may refuse the empty body first (400).
        if (answer.statusCode === 401 || (operation.security && answer.statusCode === 400)) {
          refused.push(where);
        }
        if (answer.statusCode === 401)
          expect(answer.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
      }
    }
    expect(secured.length).toBeGreaterThan(15);
    expect(secured.sort()).toEqual(refused.sort());
  });
});
