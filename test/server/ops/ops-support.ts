import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { type ServerContainer } from '../../../server/container';
import { buildOpsApp } from '../../../server/ops-http/app';
import { CLI } from '../../../server/use-cases/ops/actor';
import { CSRF_HEADER, OpsPaths, type OpsSessionResponse } from '../../../src/contract/ops-api';
import { type OpsRole } from '../../../src/contract/ops-roles';
import { type FakeClock } from '../../fakes/fake-clock';
import { inMemoryServer, type InMemoryServer } from '../support/in-memory-server';

export const OPS_PASSWORD = 'a long operator password';

/** The current code of an authenticator app holding `secret`, at `nowMs` (a real RFC 6238 code). */
export const totpCode = (secret: string, nowMs: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: nowMs });

export interface OpsHarness {
  server: InMemoryServer;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function opsHarness(): Promise<OpsHarness> {
  const server = inMemoryServer();
  const app = await buildOpsApp(server.container, server.config, { distDir: '/nonexistent' });
  return {
    server,
    app,
    async close() {
      await app.close();
      await server.container.close();
    },
  };
}

export interface SignedInOperator {
  id: string;
  email: string;
  secret: string;
  cookie: string;
  csrf: string;
}

/** Creates an operator from the command line, enrols them over HTTP and signs them in. */
export async function operatorSignedIn(
  h: OpsHarness,
  role: OpsRole,
  name = `Ops ${role}`,
): Promise<SignedInOperator> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@ops.test`;
  const created = await h.server.container.manageOperators.create(CLI, { name, email, role });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const { token } = created.value;
  const started = await post(h, OpsPaths.enrolmentStart, { token });
  const secret = (started.json().data as { totp_secret: string }).totp_secret;
  const clock = h.server.clock;
  const finished = await post(h, OpsPaths.enrolmentFinish, {
    token,
    password: OPS_PASSWORD,
    totp_code: totpCode(secret, clock.now()),
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  // The enrolment used this step's code: sign in with the next one.
  await clock.advance(30_000);
  const signIn = await post(h, OpsPaths.signIn, {
    email,
    password: OPS_PASSWORD,
    totp_code: totpCode(secret, clock.now()),
  });
  if (signIn.statusCode !== 200) throw new Error(signIn.body);
  const cookie = signIn.cookies.find((one) => one.name === 'ops_session');
  const session = signIn.json().data as OpsSessionResponse;
  return {
    id: session.operator.id,
    email,
    secret,
    cookie: `ops_session=${cookie?.value ?? ''}`,
    csrf: session.csrf_token,
  };
}

export function post(
  h: OpsHarness,
  path: string,
  body: unknown,
  as?: SignedInOperator,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: `/api${path}`,
    payload: body as object,
    headers: as ? { cookie: as.cookie, [CSRF_HEADER]: as.csrf, ...headers } : headers,
  });
}

export function get(
  h: OpsHarness,
  path: string,
  as?: SignedInOperator,
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'GET',
    url: `/api${path}`,
    // As the console sends it: the exports (GETs that are audited) need the CSRF header too.
    headers: as ? { cookie: as.cookie, [CSRF_HEADER]: as.csrf } : {},
  });
}

/**
 * Enrols with a link's token and signs in through the use cases (no HTTP, so no per-address
 * budget): the operator's cookie and CSRF token for the console's routes.
 */
export async function enrolledWith(
  container: ServerContainer,
  clock: FakeClock,
  link: { token: string; email: string },
): Promise<SignedInOperator> {
  const { token, email } = link;
  const auth = container.operatorAuth;
  const started = await auth.startEnrolment(token);
  if (!started.ok) throw new Error(`enrolment: ${JSON.stringify(started.error)}`);
  const secret = started.value.totpSecret;
  const address = '192.0.2.7';
  const password = OPS_PASSWORD;
  const code = () => totpCode(secret, clock.now());
  const finished = await auth.finishEnrolment({ token, password, totpCode: code(), address });
  if (!finished.ok) throw new Error(`enrolment: ${JSON.stringify(finished.error)}`);
  await clock.advance(30_000);
  const signedIn = await auth.signIn({ email, password, totpCode: code(), address });
  if (!signedIn.ok) throw new Error(`sign-in: ${JSON.stringify(signedIn.error)}`);
  const { operator, token: session, csrfToken } = signedIn.value;
  return { id: operator.id, email, secret, cookie: `ops_session=${session}`, csrf: csrfToken };
}
