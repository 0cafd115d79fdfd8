import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  composeText,
  DEPLOY_DIR,
  inBlock,
  networksOf,
  readCompose,
  readEnvFile,
  referencesIn,
} from './compose-file';

/** Names that hold a secret: each must be `${NAME:?message}` wherever compose reads it. */
const SECRET_NAME = /PASSWORD|SECRET|PEPPER|SIGNING_KEY|TOKEN|API_KEY/;
/**
 * Named exceptions: a provider's or a gateway's credentials, needed only when .env chooses that
 * provider or gateway, and then required by the portal itself, which refuses to start without.
 */
const PROVIDER_CREDENTIALS = [
  'TWILIO_AUTH_TOKEN',
  'SMS_HTTP_SECRET',
  'BILLPLZ_API_KEY',
  'BILLPLZ_X_SIGNATURE_KEY',
  'TOYYIBPAY_USER_SECRET_KEY',
];
const PORTALS = ['portal-1', 'portal-2'];

// docker-compose, a Python program, takes seconds to start on a busy machine.
jest.setTimeout(120_000);

let work: string;
let env: Record<string, string>;

beforeAll(() => {
  // The two commands of deploy/README.md, the first one here: a .env with fresh secrets.
  work = mkdtempSync(path.join(tmpdir(), 'compose-'));
  for (const file of ['compose.yaml', 'Caddyfile', '.env.example', 'new-env.sh']) {
    copyFileSync(path.join(DEPLOY_DIR, file), path.join(work, file));
  }
  execFileSync('sh', [path.join(work, 'new-env.sh')], { stdio: 'pipe' });
  env = readEnvFile(readFileSync(path.join(work, '.env'), 'utf8'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('deploy/new-env.sh', () => {
  it('writes every secret fresh and different, readable by its owner only', () => {
    const secrets = Object.keys(env).filter(
      (name) => SECRET_NAME.test(name) && !PROVIDER_CREDENTIALS.includes(name),
    );
    expect(secrets.sort()).toEqual(
      [
        'AUDIT_SIGNING_KEY',
        'GATEWAY_SECRET',
        'POSTGRES_PASSWORD',
        'REDIS_PASSWORD',
        'SMS_CODE_PEPPER',
      ].sort(),
    );
    const values = secrets.map((name) => env[name] ?? '');
    for (const value of values) expect(value.length).toBeGreaterThanOrEqual(32);
    expect(new Set(values).size).toBe(values.length);
    expect(statSync(path.join(work, '.env')).mode & 0o077).toBe(0);
    // An Ed25519 PKCS#8 key, base64 DER, as AUDIT_SIGNING_KEY takes it.
    expect(Buffer.from(env.AUDIT_SIGNING_KEY ?? '', 'base64')).toHaveLength(48);
  });

  it('never overwrites a .env that exists', () => {
    const again = spawnSync('sh', [path.join(work, 'new-env.sh')], { encoding: 'utf8' });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/exists/);
  });
});

describe('deploy/compose.yaml', () => {
  it('requires every secret with ${VAR:?message}, wherever it is read', () => {
    const references = referencesIn(composeText());
    const secrets = references.filter(
      (ref) => SECRET_NAME.test(ref.name) && !PROVIDER_CREDENTIALS.includes(ref.name),
    );
    expect(secrets.length).toBeGreaterThan(0);
    for (const ref of secrets) {
      expect({ name: ref.name, kind: ref.kind }).toEqual({ name: ref.name, kind: 'required' });
      expect(ref.argument).toMatch(/\S/);
    }
    // The stack refuses to start on each one missing, saying which.
    for (const name of new Set(secrets.map((ref) => ref.name))) {
      const without = { ...env, [name]: '' };
      expect(() => readCompose(without)).toThrow(new RegExp(`^${name}: set ${name}`));
    }
  });

  it('gets every variable it reads from .env.example, and nothing .env.example lacks', () => {
    const example = readEnvFile(readFileSync(path.join(DEPLOY_DIR, '.env.example'), 'utf8'));
    const read = new Set(referencesIn(composeText()).map((ref) => ref.name));
    const listed = new Set(Object.keys(example).filter((name) => name !== 'COMPOSE_PROJECT_NAME'));
    expect([...read].sort()).toEqual([...listed].sort());
  });

  it('publishes the console on the host loopback only, and no instance at all', () => {
    const { services } = readCompose(env);
    for (const name of PORTALS) expect(services[name]?.ports ?? []).toEqual([]);
    const published = Object.values(services).flatMap((service) => service.ports ?? []);
    const consolePorts = published.filter((port) => /(^|:)8090(\/|$)/.test(port));
    expect(consolePorts).toEqual(['127.0.0.1:8090:8090']);
    // Only HTTP and HTTPS face the network; everything else is on 127.0.0.1.
    for (const port of published) {
      if (!/^443:443|^80:80/.test(port)) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    for (const name of PORTALS) {
      expect(services[name]?.environment?.OPS_PORT).toBe('8090');
      expect(services[name]?.environment?.OPS_ALLOWED_IPS).toMatch(/\S/);
    }
  });

  it('runs the sandbox gateway only under the sandbox profile, never in production', () => {
    const { services } = readCompose(env);
    const profiled = Object.entries(services).filter(([, service]) => service.profiles);
    expect(profiled.map(([name, service]) => [name, service.profiles])).toEqual([
      ['sandbox-gateway', ['sandbox']],
    ]);
    const sandbox = services['sandbox-gateway'];
    expect(sandbox?.command).toEqual(['node', 'dist-server/sandbox-gateway/main.js']);
    expect(sandbox?.environment?.APP_ENV).not.toBe('production');
    for (const name of PORTALS) {
      expect(services[name]?.environment?.APP_ENV).toBe('production');
    }
  });

  it('has every service checked for health, and waits for health before starting on it', () => {
    const { services } = readCompose(env);
    for (const [name, service] of Object.entries(services)) {
      expect({ name, checked: (service.healthcheck?.test.length ?? 0) > 1 }).toEqual({
        name,
        checked: true,
      });
      for (const [on, dependency] of Object.entries(service.depends_on ?? {})) {
        expect({ name, on, condition: dependency.condition }).toEqual({
          name,
          on,
          condition: 'service_healthy',
        });
      }
    }
    expect(Object.keys(services.caddy?.depends_on ?? {}).sort()).toEqual(PORTALS);
    // The instances' health is readiness: not ready until migrated, nor once draining.
    for (const name of PORTALS) {
      expect(services[name]?.healthcheck?.test.join(' ')).toContain('/api/health/ready');
    }
  });

  it('lets an instance leave Caddy before it refuses, and drain before Docker kills it', () => {
    const { services } = readCompose(env);
    const caddyfile = readFileSync(path.join(DEPLOY_DIR, 'Caddyfile'), 'utf8');
    const checkEveryMs = 1000 * Number(/health_interval (\d+)s/.exec(caddyfile)?.[1]);
    for (const name of PORTALS) {
      const environment = services[name]?.environment ?? {};
      const delayMs = Number(environment.SHUTDOWN_DELAY_MS);
      expect(delayMs).toBeGreaterThan(checkEveryMs);
      const drainMs = delayMs + Number(environment.SHUTDOWN_GRACE_MS);
      const killAfterMs =
        1000 * Number(/^(\d+)s$/.exec(services[name]?.stop_grace_period ?? '')?.[1]);
      expect(killAfterMs).toBeGreaterThan(drainMs);
    }
  });

  it('keeps its data in named volumes', () => {
    const { services, volumes } = readCompose(env);
    const mounts = Object.values(services).flatMap((service) => service.volumes ?? []);
    for (const mount of mounts) {
      const source = mount.split(':')[0] ?? '';
      // The one bind mount is the Caddyfile, read-only.
      if (source.startsWith('.')) expect(mount).toBe('./Caddyfile:/etc/caddy/Caddyfile:ro');
      else expect(Object.keys(volumes)).toContain(source);
    }
    expect(mounts).toEqual(
      expect.arrayContaining([
        'postgres-data:/var/lib/postgresql/data',
        'portal-data:/var/lib/portal',
        'caddy-data:/data',
      ]),
    );
  });

  it("believes Caddy's address alone in X-Forwarded-For, on a network only it and the instances share", () => {
    const { services, networks } = readCompose(env);
    const caddy = services.caddy;
    const caddyNetworks = caddy?.networks as Record<string, { ipv4_address?: string }>;
    const address = caddyNetworks.edge?.ipv4_address ?? '';
    const [block] = networks.edge?.ipam?.config ?? [];
    expect(inBlock(address, block?.subnet ?? '')).toBe(true);
    expect(inBlock(block?.gateway ?? '', block?.subnet ?? '')).toBe(true);
    for (const name of PORTALS) {
      const environment = services[name]?.environment ?? {};
      expect(environment.TRUST_PROXY).toBe(address);
      // The console's one client: the operator's connection through Caddy's loopback port.
      expect(environment.OPS_ALLOWED_IPS).toBe(block?.gateway);
      expect(environment.PUBLIC_URL).toBe(`https://${env.SITE_ADDRESS}`);
      expect(networksOf(services[name] ?? {}).sort()).toEqual(['data', 'edge']);
    }
    expect(networks.data?.internal).toBe(true);
    for (const name of ['postgres', 'redis']) {
      expect(networksOf(services[name] ?? {})).toEqual(['data']);
    }
  });

  it('sends members to both instances through Caddy, checked for readiness', () => {
    const caddyfile = readFileSync(path.join(DEPLOY_DIR, 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy portal-1:8080 portal-2:8080 \{/);
    expect(caddyfile).toMatch(/reverse_proxy portal-1:8090 portal-2:8090 \{/);
    expect(caddyfile.match(/health_uri \/api\/health\/ready/g)).toHaveLength(2);
    expect(caddyfile).toMatch(/tls \{\$CADDY_TLS\}/);
    expect(env.CADDY_TLS).toBe('internal');
  });

  it("is the proxying the deploy test's Caddy runs, upstream addresses aside", () => {
    const membersProxy = (file: string): string[] => {
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
      const start = lines.findIndex((line) => line.startsWith('reverse_proxy '));
      let depth = 0;
      const block: string[] = [];
      for (const line of lines.slice(start)) {
        depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
        block.push(line.startsWith('reverse_proxy ') ? 'reverse_proxy UPSTREAMS {' : line);
        if (depth === 0) break;
      }
      return block;
    };
    const shipped = membersProxy(path.join(DEPLOY_DIR, 'Caddyfile'));
    expect(shipped.length).toBeGreaterThan(5);
    expect(membersProxy(path.join(DEPLOY_DIR, 'test', 'Caddyfile.stack'))).toEqual(shipped);
  });
});

/** The tools the file is written for, when this machine has them. */
describe('with Debian docker-compose and Caddy', () => {
  const has = (tool: string): boolean =>
    spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;

  it('docker-compose config accepts the stack and refuses it without a secret', () => {
    if (!has('docker-compose')) {
      console.warn('docker-compose not installed: its check of deploy/compose.yaml did not run');
      return;
    }
    const config = (envFile: string) =>
      spawnSync(
        'docker-compose',
        ['--env-file', envFile, '-f', 'compose.yaml', '--profile', 'sandbox', 'config', '-q'],
        { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH } },
      );
    expect(config('.env')).toMatchObject({ status: 0 });
    const partial = path.join(work, 'partial.env');
    writeFileSync(
      partial,
      readFileSync(path.join(work, '.env'), 'utf8').replace(/^GATEWAY_SECRET=.*$/m, ''),
    );
    const refused = config('partial.env');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('set GATEWAY_SECRET in deploy/.env');
  });

  it('caddy validates the Caddyfile for localhost and for a real host name', () => {
    if (!has('caddy')) {
      console.warn('caddy not installed: its check of deploy/Caddyfile did not run');
      return;
    }
    for (const [site, tls] of [
      ['localhost', 'internal'],
      ['portal.example.my', 'ops@example.my'],
    ] as const) {
      const adapted = spawnSync(
        'caddy',
        ['adapt', '--config', path.join(DEPLOY_DIR, 'Caddyfile'), '--validate'],
        {
          encoding: 'utf8',
          env: { PATH: process.env.PATH, HOME: work, SITE_ADDRESS: site, CADDY_TLS: tls },
        },
      );
      expect({ site, status: adapted.status, err: adapted.status ? adapted.stderr : '' }).toEqual({
        site,
        status: 0,
        err: '',
      });
    }
  });
});
