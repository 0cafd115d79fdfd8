import { type FastifyInstance } from 'fastify';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../scripts/support/databases';
import { type Config } from '../../../server/config';
import { buildApp } from '../../../server/http/app';
import { type PreflightCheck } from '../../../server/preflight/check';
import { runDoctor } from '../../../server/preflight/preflight';
import { SERVICE_CHECKS } from '../../../server/preflight/service-checks';
import { inMemoryServer, testConfig } from '../support/in-memory-server';
import { redisForTests, TEST_REDIS_URL } from '../support/redis';

jest.setTimeout(60_000);

const check = (name: string): PreflightCheck[] => SERVICE_CHECKS.filter((c) => c.name === name);

/** The line one check prints for a configuration, given the doors it may use. */
async function lineOf(
  name: string,
  config: Config,
  doors: Parameters<typeof runDoctor>[1] = {},
): Promise<string> {
  const report = await runDoctor(config, doors, check(name));
  return report.lines[0] ?? '';
}

/**
 * A proxy in front of `app`, as fetch sees it: like Caddy it writes the X-Forwarded-For line
 * itself (dropping the client's), or like a careless one it appends to what the client sent.
 */
function throughProxy(app: FastifyInstance, style: 'overwrite' | 'append'): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const sent = new Headers(init?.headers);
    const written = sent.get('x-forwarded-for');
    const xff = style === 'append' && written ? `${written}, 203.0.113.50` : '203.0.113.50';
    const answer = await app.inject({
      method: 'GET',
      url: new URL(String(input)).pathname,
      headers: { 'x-forwarded-for': xff },
      remoteAddress: '127.0.0.1',
    });
    return new Response(answer.body, { status: answer.statusCode });
  }) as typeof fetch;
}

describe('the doctor checks TRUST_PROXY through the proxy', () => {
  const opened: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const one of opened) await one.close();
  });
  async function behindProxy(trustProxy: Config['trustProxy'], style: 'overwrite' | 'append') {
    const server = inMemoryServer({ config: { trustProxy } });
    const app = await buildApp(server.container, server.config);
    opened.push(app, server.container);
    return lineOf('trust-proxy', server.config, { fetchFn: throughProxy(app, style) });
  }

  it('passes when every proxy is believed and nothing the client wrote', async () => {
    expect(await behindProxy(1, 'overwrite')).toMatch(/^OK .*passes 1 proxy, each believed/);
    expect(await behindProxy('127.0.0.1', 'overwrite')).toMatch(/^OK /);
  });

  it('fails TRUST_PROXY off behind a proxy: every member would be its address', async () => {
    expect(await behindProxy(false, 'overwrite')).toMatch(
      /^FAIL .*believes 0 of the 1 proxies.*set TRUST_PROXY=1/,
    );
  });

  it('fails a TRUST_PROXY that believes an address the client wrote', async () => {
    expect(await behindProxy(2, 'append')).toMatch(/^FAIL .*the client wrote: set TRUST_PROXY=1/);
  });

  it('fails a PUBLIC_URL that answers, but not as this portal', async () => {
    const elsewhere = (async () => new Response('<html>', { status: 404 })) as typeof fetch;
    expect(await lineOf('trust-proxy', testConfig(), { fetchFn: elsewhere })).toMatch(
      /^FAIL .*HTTP 404, not as this portal/,
    );
  });

  it("names NODE_EXTRA_CA_CERTS when the proxy's certificate is not trusted", async () => {
    const untrusted = (async () => {
      const cause = new Error('self-signed certificate in certificate chain');
      throw Object.assign(new TypeError('fetch failed'), { cause });
    }) as typeof fetch;
    expect(await lineOf('trust-proxy', testConfig(), { fetchFn: untrusted })).toMatch(
      /^WARN .*self-signed certificate.*NODE_EXTRA_CA_CERTS/,
    );
  });

  it('only warns when PUBLIC_URL does not answer (the proxy not up yet)', async () => {
    const config = testConfig({ publicUrl: 'http://127.0.0.1:9' });
    expect(await lineOf('trust-proxy', config)).toMatch(/^WARN .*does not answer/);
  });
});

describe('the doctor asks the gateway for a status', () => {
  it('passes when the status address answers, even "not found"', async () => {
    const notFound = (async () => new Response('{}', { status: 404 })) as typeof fetch;
    expect(await lineOf('gateway', testConfig(), { fetchFn: notFound })).toMatch(
      /^OK .*sandbox answered a status query \(not_found\)/,
    );
  });

  it('fails when it does not answer', async () => {
    const config = testConfig({ gatewayStatusUrl: 'http://127.0.0.1:2/status' });
    expect(await lineOf('gateway', config)).toMatch(
      /^FAIL .*sandbox did not answer a status query: .*ECONNREFUSED/,
    );
  });
});

describe.each(eachDatabase().filter((one) => one === 'postgres'))(
  'the doctor asks the database (%s)',
  () => {
    const scratches: ScratchDatabase[] = [];
    afterAll(async () => {
      for (const scratch of scratches) await scratch.drop();
    });
    const on = async (migrated: boolean) => {
      const scratch = await createScratchDatabase({ migrated });
      scratches.push(scratch);
      return testConfig({ databaseUrl: scratch.url });
    };

    it('passes a migrated database whose clock agrees', async () => {
      expect(await lineOf('database', await on(true))).toMatch(
        /^OK .*PostgreSQL answers, every migration applied/,
      );
    });

    it('warns about migrations the next start applies', async () => {
      expect(await lineOf('database', await on(false))).toMatch(
        /^WARN .*migration\(s\) pending.*001_/,
      );
    });

    it("fails a clock more than 2 s from this machine's", async () => {
      const config = await on(true);
      const ahead = () => Date.now() + 10_000;
      expect(await lineOf('database', config, { now: ahead })).toMatch(/^FAIL .*clock is 10\.\d s/);
    });

    it('fails an unreachable server without printing its password', async () => {
      const config = testConfig({ databaseUrl: 'postgres://portal:s3cret@127.0.0.1:9/portal' });
      const line = await lineOf('database', config);
      expect(line).toMatch(/^FAIL .*does not answer/);
      expect(line).not.toContain('s3cret');
    });
  },
);

describe('the doctor asks Redis when REDIS_URL is set', () => {
  it('skips it when unset and fails an unreachable one', async () => {
    expect(await lineOf('redis', testConfig())).toMatch(/^SKIP /);
    const config = testConfig({ redisUrl: 'redis://127.0.0.1:9' });
    expect(await lineOf('redis', config)).toMatch(/^FAIL .*does not answer/);
  });

  (redisForTests() ? it : it.skip)('passes one that answers PING', async () => {
    expect(await lineOf('redis', testConfig({ redisUrl: TEST_REDIS_URL }))).toMatch(/^OK /);
  });
});
