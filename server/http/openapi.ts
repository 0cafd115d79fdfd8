import { type FastifyInstance, type FastifySchema, type RouteOptions } from 'fastify';
import { type Config } from '../config';
import { isOpsEndpoint, opsNeedsSession } from '../../src/contract/ops-endpoints';
import { SESSION_COOKIE } from '../ops-http/guard';
import { envelopeResponses } from './routes/route';

/** Where a development server shows its API's reference page, and the document as JSON. */
export const API_DOCS_PATH = '/api-docs';

interface OpenApiDescription {
  title: string;
  description: string;
  /** How a route that needs a signed-in caller is told apart, and the scheme it then needs. */
  security?: {
    scheme: { type: 'http'; scheme: string } | { type: 'apiKey'; in: 'cookie'; name: string };
    requiredBy: (route: RouteOptions) => boolean;
  };
}

/** The portal's member API: a bearer token from sign-in, on every route behind a session. */
const MEMBER_API: OpenApiDescription = {
  title: 'Member portal API',
  description:
    'The API the member SPA calls. Every answer is the envelope `{status, message, data}`; a ' +
    'failure is `{status: 0, message, code, field?}` with the HTTP status of its code.',
  security: {
    scheme: { type: 'http', scheme: 'bearer' },
    // memberRoute()'s budget, or app.authenticate as the route's preHandler.
    requiredBy: (route) =>
      (route.config !== undefined && 'memberBudget' in route.config) ||
      route.preHandler !== undefined,
  },
};

/** The operator console's API: a cookie session, a CSRF token on every POST. */
export const CONSOLE_API: OpenApiDescription = {
  title: 'Operator console API',
  description:
    'The API the operator console calls, on its own listener. Signed in with the ' +
    '`ops_session` cookie; every POST carries the session’s token in `X-CSRF-Token`. Answers ' +
    'use the member API’s envelope.',
  security: {
    scheme: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
    // Every call of the contract but enrolment and sign-in (src/contract/ops-endpoints.ts).
    requiredBy: (route) => {
      const name: unknown = route.schema?.operationId;
      return typeof name === 'string' && isOpsEndpoint(name) && opsNeedsSession(name);
    },
  },
};

/** The `data` of a route registered without route()/opsRoute(), which has no answer schema. */
const UNDESCRIBED_DATA = { description: 'The endpoint’s answer type in src/contract.' };

/** A route as registered: its method, full path, and whether it is kept out of the document. */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** The routes registered on `app` after registerOpenApi (development only; else none). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/**
 * In development only (APP_ENV=development): the OpenAPI 3.1 document of every route registered
 * after this call, built from the routes' JSON schemas by @fastify/swagger, and its reference page
 * at API_DOCS_PATH (@fastify/swagger-ui, served from the package itself, no CDN). Nothing is
 * loaded in any other environment. `npm run openapi` writes the documents to docs/.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  config: Pick<Config, 'appEnv'>,
  api: OpenApiDescription = MEMBER_API,
): Promise<void> {
  if (config.appEnv !== 'development') return;
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, hidden: route.schema?.hide === true });
    }
  });
  const security = api.security;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: api.title, description: api.description, version: '1' },
      servers: [{ url: '/api' }],
      ...(security && { components: { securitySchemes: { session: security.scheme } } }),
    },
    transform: ({ schema, url, route }) => ({
      // The document's paths are relative to its server, /api.
      url: url.replace(/^\/api(?=\/)/, ''),
      schema: {
        ...schema,
        // In the document only: a route without a response schema still answers the envelope.
        response: schema?.response ?? envelopeResponses(UNDESCRIBED_DATA),
        ...(security?.requiredBy(route) === true && { security: [{ session: [] }] }),
      } satisfies FastifySchema,
    }),
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No call to the public validator's badge: the page works offline.
    uiConfig: { validatorUrl: null },
  });
}
