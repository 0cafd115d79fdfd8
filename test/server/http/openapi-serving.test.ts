import Fastify from 'fastify';
import { type ProfileDto } from '../../../src/contract/api';
import { API_DOCS_PATH, registerOpenApi, registeredRoutes } from '../../../server/http/openapi';
import { describedApp, type DescribedApp } from '../../../server/http/openapi-documents';
import { schemaOf } from '../../../server/http/routes/json-schema';
import { injectedApp } from '../support/in-memory-server';

describe('the API reference page in development', () => {
  let described: DescribedApp;
  beforeAll(async () => {
    described = await describedApp('member');
  });
  afterAll(() => described.close());

  it('serves the page and its scripts from the server itself, no CDN', async () => {
    const page = await described.app.inject({ url: `${API_DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Every script and stylesheet is a relative address on this server.
    const addresses = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(addresses).toContain('./static/swagger-ui-bundle.js');
    expect(addresses.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    // The pages' policy (scripts from this origin only) lets it run.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const bundle = await described.app.inject({
      url: `${API_DOCS_PATH}/static/swagger-ui-bundle.js`,
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const start = await described.app.inject({
      url: `${API_DOCS_PATH}/static/swagger-initializer.js`,
    });
    // The page reads the document from this server, and asks no outside validator.
    expect(start.body).toContain(`"validatorUrl":null`);
  });

  it('serves the document the page reads', async () => {
    const answer = await described.app.inject({ url: `${API_DOCS_PATH}/json` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(described.app.swagger());
  });
});

describe('outside development', () => {
  it('a test server has no document, page or route collector', async () => {
    const t = await injectedApp();
    try {
      expect(t.app.hasRoute({ method: 'GET', url: `${API_DOCS_PATH}/json` })).toBe(false);
      expect(t.app.hasDecorator('swagger')).toBe(false);
      expect(registeredRoutes(t.app)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a production server loads nothing of it', async () => {
    const app = Fastify();
    await registerOpenApi(app, { appEnv: 'production' });
    app.get('/api/x', async () => 'x');
    await app.ready();
    expect(app.hasDecorator('swagger')).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: API_DOCS_PATH })).toBe(false);
    expect(registeredRoutes(app)).toEqual([]);
    await app.close();
  });
});

describe('answer schemas typed from the contract', () => {
  const profile = schemaOf<ProfileDto>();
  const complete = {
    name: { type: 'string' },
    phone_no: { type: 'string' },
    ic_or_passport: { type: 'string' },
    user_id: { type: 'string' },
    created_at: { type: 'string' },
  } as const;

  it('take a schema that names every field with its type', () => {
    expect(profile({ type: 'object', required: ['name'], properties: complete })).toBeTruthy();
  });

  // Checked by the type-check (npm run typecheck): each @ts-expect-error must meet its error.
  it('refuse (at compile time) a field missing, retyped or required when optional', () => {
    const { created_at: _left, ...missing } = complete;
    // @ts-expect-error: created_at is missing
    profile({ type: 'object', required: [], properties: missing });
    const retyped = { ...complete, name: { type: 'number' } } as const;
    // @ts-expect-error: name is a string, not a number
    profile({ type: 'object', required: [], properties: retyped });
    const nullable = schemaOf<{ at: string | null }>();
    // @ts-expect-error: a nullable field must say so, or the serialiser writes null as ""
    nullable({ type: 'object', required: ['at'], properties: { at: complete.name } });
    const optional = schemaOf<{ at?: string }>();
    // @ts-expect-error: an optional field cannot be required (the serialiser would throw)
    optional({ type: 'object', required: ['at'], properties: { at: complete.name } });
  });
});
