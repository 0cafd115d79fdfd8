import { type FastifyInstance, type InjectOptions } from 'fastify';
import { type Config, loadConfig } from '../../../server/config';
import {
  createInMemoryContainer,
  type InMemoryServerContainer,
  type ServerAdapters,
} from '../../../server/container';
import { InMemoryGatewayStatusClient } from '../../../server/adapters/in-memory/in-memory-gateway-status-client.adapter';
import { RecordingSmsSender } from '../../../server/adapters/in-memory/recording-sms-sender.adapter';
import { type Member } from '../../../server/domain/member';
import { buildApp } from '../../../server/http/app';
import { normaliseIcOrPassport } from '../../../src/contract/rules';
import { FakePasswordHasher } from './fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMember, type TestMember } from './members';

/** The test configuration (APP_ENV=test), with any field replaced. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }),
    publicUrl: 'http://portal.test',
    rateLimitPerMinute: 100_000,
    ...overrides,
  };
}

/** The whole server on in-memory adapters, with the fakes a test steers kept at hand. */
export interface InMemoryServer {
  container: InMemoryServerContainer;
  config: Config;
  clock: FakeClock;
  sms: RecordingSmsSender;
  gateway: InMemoryGatewayStatusClient;
  hasher: FakePasswordHasher;
}

export function inMemoryServer(
  opts: { config?: Partial<Config>; clock?: FakeClock; adapters?: Partial<ServerAdapters> } = {},
): InMemoryServer {
  const config = testConfig(opts.config);
  const clock = opts.clock ?? new FakeClock();
  const sms = new RecordingSmsSender(clock);
  const gateway = new InMemoryGatewayStatusClient();
  const hasher = new FakePasswordHasher();
  const container = createInMemoryContainer(config, {
    clock,
    hasher,
    smsSender: sms,
    smsOutbox: sms,
    gatewayStatusClient: gateway,
    ...opts.adapters,
  });
  return { container, config, clock, sms, gateway, hasher };
}

/** A member stored directly (no SMS round trip), with the fake hash of its password. */
export async function seedMember(
  server: InMemoryServer,
  overrides: Partial<TestMember> = {},
): Promise<TestMember & { id: string }> {
  const member = aMember(overrides);
  const now = new Date(server.clock.now());
  const stored: Member = {
    id: server.container.random.uuid(),
    name: member.name,
    nationality: member.nationality,
    icOrPassport: normaliseIcOrPassport(member.ic_or_passport),
    phoneNo: member.phone_no,
    passwordHash: await server.hasher.hash(member.password),
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await server.container.members.insert(stored);
  if (!inserted.ok) throw new Error(`seedMember: ${inserted.conflict} taken`);
  return { ...member, id: stored.id };
}

/** Logs a member in through the use cases; fails the test when login is refused. */
export async function logIn(
  server: InMemoryServer,
  member: TestMember,
): Promise<{ token: string; userId: string; sessionId: string }> {
  const result = await server.container.login.execute({
    icOrPassport: member.ic_or_passport,
    password: member.password,
  });
  if (!result.ok) throw new Error(`logIn: ${JSON.stringify(result.error)}`);
  const session = await server.container.authenticateSession.execute({
    token: result.value.token,
  });
  if (!session.ok) throw new Error('logIn: the new session does not authenticate');
  return {
    token: result.value.token,
    userId: result.value.user_id,
    sessionId: session.value.sessionId,
  };
}

/** An app on an in-memory server for `app.inject()`: no port, no database. */
export interface InjectedApp extends InMemoryServer {
  app: FastifyInstance;
  /** POST JSON to `/api${path}`. */
  post(path: string, body?: unknown, opts?: CallOptions): Promise<Answer>;
  /** GET `/api${path}`. */
  get(path: string, opts?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { status: 0 | 1; message: string; code?: string; field?: string; data?: T };
}

export async function injectedApp(
  opts: Parameters<typeof inMemoryServer>[0] = {},
): Promise<InjectedApp> {
  const server = inMemoryServer(opts);
  const app = await buildApp(server.container, server.config);
  await app.ready();
  const call = async (options: InjectOptions, callOptions: CallOptions = {}): Promise<Answer> => {
    const response = await app.inject({
      ...options,
      headers: {
        ...(callOptions.token ? { authorization: `Bearer ${callOptions.token}` } : {}),
        ...options.headers,
        ...callOptions.headers,
      },
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body === '' ? { status: 0, message: '' } : response.json(),
    };
  };
  return {
    ...server,
    app,
    post: (path, body = {}, callOptions) =>
      call(
        {
          method: 'POST',
          url: `/api${path}`,
          headers: { 'content-type': 'application/json' },
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        },
        callOptions,
      ),
    get: (path, callOptions) => call({ method: 'GET', url: `/api${path}` }, callOptions),
    close: async () => {
      await app.close();
      await server.container.close();
    },
  };
}
