import {
  OpsApiPaths,
  type OpsEndpoint,
  opsMethodOf,
  opsNeedsCsrf,
  opsNeedsSession,
  opsPathOf,
} from '../../../src/contract/ops-endpoints';
import { type DescribedApp, describedApp } from '../../../server/http/openapi-documents';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: EnvelopeSchema }> }>;
}
interface EnvelopeSchema {
  properties?: { data?: { description?: string } };
}
type Document = { paths: Record<string, Record<string, Operation>> };

const ENDPOINTS = Object.keys(OpsApiPaths) as OpsEndpoint[];
/** The probes both listeners answer beside the console's own calls. */
const isProbe = (url: string) => url.startsWith('/api/health');

/** Every operation of the document with its `METHOD /path` (the contract's `:id` form). */
function operations(document: Document) {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      where: `${method.toUpperCase()} /api${url.replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    })),
  );
}

describe('the console API as the contract declares it (src/contract/ops-endpoints.ts)', () => {
  let described: DescribedApp;
  let document: Document;
  beforeAll(async () => {
    described = await describedApp('console');
    document = described.app.swagger() as unknown as Document;
  });
  afterAll(() => described.close());

  it('has a route for every call of the contract, and no call outside it', () => {
    const routes = described.routes
      .filter((route) => route.method !== 'HEAD' && !route.hidden && !isProbe(route.url))
      .map((route) => `${route.method} ${route.url}`);
    const calls = ENDPOINTS.map((e) => `${opsMethodOf(e)} /api${OpsApiPaths[e]}`);
    expect([...routes].sort()).toEqual([...calls].sort());
  });

  it('names each operation by its call, and describes the data of every answer', () => {
    for (const { where, operation } of operations(document)) {
      if (isProbe(where.split(' ')[1] ?? '')) continue;
      const name = operation.operationId ?? '';
      expect({
        where,
        name: `${opsMethodOf(name as OpsEndpoint)} /api${OpsApiPaths[name as OpsEndpoint]}`,
      }).toEqual({ where, name: where });
      const success = operation.responses['200']?.content?.['application/json']?.schema;
      // No answer left to the placeholder of a route without a schema of its own.
      expect({ where, data: success?.properties?.data?.description }).not.toEqual({
        where,
        data: 'The endpoint’s answer type in src/contract.',
      });
    }
  });

  it('marks the calls that need a session, and each refuses a caller without one', async () => {
    const secured: string[] = [];
    const refused: string[] = [];
    for (const { where, operation } of operations(document)) {
      if (isProbe(where.split(' ')[1] ?? '')) continue;
      if (operation.security !== undefined) secured.push(where);
      const [method = 'GET', url = ''] = where.split(' ');
      const answer = await described.app.inject({
        method: method as 'GET' | 'POST',
        url: url.replace(':id', '00000000-0000-4000-8000-000000000000'),
        ...(method === 'POST' && { payload: {} }),
      });
      // The request's schema runs before the guard: an empty body may be refused first (400).
      if (answer.statusCode === 401 || (operation.security && answer.statusCode === 400)) {
        refused.push(where);
      }
    }
    const needing = ENDPOINTS.filter(opsNeedsSession);
    expect(secured).toHaveLength(needing.length);
    expect(secured.sort()).toEqual(refused.sort());
  });
});

describe('the console contract’s calls', () => {
  it('puts an id in a path that takes one, URL-encoded, and refuses to leave it out', () => {
    expect(opsPathOf('member', 'a/b c')).toBe('/members/a%2Fb%20c');
    expect(opsPathOf('closeRefund', 'r-1')).toBe('/refunds/r-1/close');
    expect(opsPathOf('searchMembers')).toBe('/members');
    expect(() => opsPathOf('revealMember')).toThrow('revealMember needs an id');
  });

  it('asks for the CSRF token on every call that writes with a session, and only those', () => {
    const csrf = ENDPOINTS.filter(opsNeedsCsrf);
    expect(csrf).toEqual(expect.arrayContaining(['signOut', 'auditExport', 'paymentsExport']));
    expect(csrf).not.toEqual(expect.arrayContaining(['signIn']));
    for (const endpoint of csrf) expect(opsNeedsSession(endpoint)).toBe(true);
    for (const endpoint of ['session', 'searchPayments', 'audit'] as const) {
      expect(opsNeedsCsrf(endpoint)).toBe(false);
    }
  });
});
