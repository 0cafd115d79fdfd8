import path from 'node:path';
import { type FastifyInstance } from 'fastify';
import { loadConfig } from '../config';
import { createInMemoryContainer } from '../container';
import { buildOpsApp } from '../ops-http/app';
import { buildApp } from './app';
import { type RegisteredRoute, registeredRoutes } from './openapi';

/** The two APIs the server answers: the member portal's and the operator console's. */
export const OPENAPI_DOCUMENTS = {
  member: 'docs/openapi.json',
  console: 'docs/openapi-console.json',
} as const;
export type OpenApiApp = keyof typeof OPENAPI_DOCUMENTS;

/** One app as a development server builds it (in memory, never listening), with its routes. */
export interface DescribedApp {
  app: FastifyInstance;
  /** Every route registered after registerOpenApi (openapi.ts). */
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

/**
 * Builds the member or console app with APP_ENV=development on in-memory adapters, where
 * registerOpenApi collects the routes into the OpenAPI document (`app.swagger()`), and records
 * every route registered, so that a test can check that each is in the document.
 */
export async function describedApp(which: OpenApiApp): Promise<DescribedApp> {
  const config = {
    ...loadConfig({ APP_ENV: 'development', PORT: '0', HOST: '127.0.0.1' }),
    logLevel: 'silent' as const,
  };
  const container = createInMemoryContainer(config);
  // The SPA's files are not the API: a build directory that does not exist leaves them out.
  const build = which === 'member' ? buildApp : buildOpsApp;
  const app = await build(container, config, { distDir: path.join(__dirname, 'no-such-build') });
  await app.ready();
  return {
    app,
    routes: registeredRoutes(app),
    async close() {
      await app.close();
      await container.close();
    },
  };
}

/** The OpenAPI document of one app, as `npm run openapi` writes it. */
export async function openApiDocument(which: OpenApiApp): Promise<Record<string, unknown>> {
  const described = await describedApp(which);
  try {
    return described.app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await described.close();
  }
}
