import fc from 'fast-check';
import {
  OpsApiPaths,
  type OpsEndpoint,
  opsMethodOf,
  opsNeedsCsrf,
  opsNeedsSession,
  opsPathOf,
} from '../../../src/contract/ops-endpoints';
import { type InjectOptions } from 'fastify';
import { type DescribedApp, describedApp } from '../../../server/http/openapi-documents';
import { opsHarness, operatorSignedIn } from './ops-support';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: EnvelopeSchema }> }>;
}
interface Schema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
}
interface EnvelopeSchema {
  properties?: { data?: { description?: string } };
}
type Document = { paths: Record<string, Record<string, Operation>> };

const ENDPOINTS = Object.keys(OpsApiPaths) as OpsEndpoint[];
/** The probes both listeners answer beside the console's own calls. */
const isProbe = (url: string) => url.startsWith('/api/health');

/** A value its schema takes: the first of an enum or a `oneOf`, a text matching its pattern. */
function sample(schema: Schema | undefined): unknown {
  if (schema === undefined) return undefined;
  if (schema.oneOf?.[0]) return sample(schema.oneOf[0]);
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object') {
    const required = schema.required ?? [];
    return Object.fromEntries(required.map((name) => [name, sample(schema.properties?.[name])]));
  }
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.pattern !== undefined) {
    const matching = fc.stringMatching(new RegExp(schema.pattern, 'u'));
    return fc.sample(matching, { numRuns: 1, seed: 1 })[0];
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 12));
}

/** A request an operation's schemas take, so that what answers is the guard, not validation. */
function validRequest(where: string, operation: Operation): InjectOptions {
  const [method = 'GET', url = ''] = where.split(' ');
  const params = operation.parameters ?? [];
  const value = (name: string) => String(sample(params.find((p) => p.name === name)?.schema));
  const query = new URLSearchParams(
    params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, value(p.name)]),
  );
  const body = operation.requestBody?.content['application/json']?.schema;
  return {
    method: method as 'GET' | 'POST',
    url: `${url.replace(':id', () => value('id'))}${query.size > 0 ? `?${query}` : ''}`,
    ...(method === 'POST' && { payload: body === undefined ? {} : (sample(body) as object) }),
  };
}

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

  it('marks the calls that need a session, and each refuses a valid call without one', async () => {
    const secured: string[] = [];
    const refused: string[] = [];
    for (const { where, operation } of operations(document)) {
      if (isProbe(where.split(' ')[1] ?? '')) continue;
      if (operation.security !== undefined) secured.push(where);
      const answer = await described.app.inject(validRequest(where, operation));
      const { code } = answer.json<{ code?: string }>();
      expect({ where, code }).not.toEqual({ where, code: 'VALIDATION_FAILED' });
      if (code === 'AUTH_REQUIRED') refused.push(where);
    }
    expect(secured).toHaveLength(ENDPOINTS.filter(opsNeedsSession).length);
    expect(refused.sort()).toEqual(secured.sort());
  });

  it('refuses a signed-in call without the CSRF token exactly where the contract asks for it', async () => {
    const h = await opsHarness();
    try {
      // An operator whose role holds the call's permission: refunds are asked for by finance.
      const operators = [await operatorSignedIn(h, 'admin'), await operatorSignedIn(h, 'finance')];
      const asked: string[] = [];
      for (const { where, operation } of operations(document)) {
        if (operation.security === undefined) continue;
        for (const as of operators) {
          const request = { ...validRequest(where, operation), headers: { cookie: as.cookie } };
          const { code } = (await h.app.inject(request)).json<{ code?: string }>();
          if (code === 'OPS_CSRF_REJECTED') asked.push(where);
          if (code !== 'NOT_FOUND') break;
        }
      }
      const csrf = ENDPOINTS.filter(opsNeedsCsrf);
      expect(asked.sort()).toEqual(
        csrf.map((e) => `${opsMethodOf(e)} /api${OpsApiPaths[e]}`).sort(),
      );
    } finally {
      await h.close();
    }
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
