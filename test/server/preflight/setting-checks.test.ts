import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { parseMountInfo, mountOf } from '../../../server/preflight/data-dir';
import { runDoctor, startRefusals } from '../../../server/preflight/preflight';
import { SETTING_CHECKS } from '../../../server/preflight/setting-checks';

const SECRET = 'a-production-secret-of-forty-characters!';

/** A production configuration that passes every setting check. */
const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.my',
  OPS_PUBLIC_URL: 'https://console.example.my',
  GATEWAY_SECRET: SECRET,
  SMS_CODE_PEPPER: `pepper-${SECRET}`,
  GATEWAY_URL: 'https://gateway.example.com/pay',
  GATEWAY_STATUS_URL: 'https://gateway.example.com/status',
  DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+60123456789',
  SMS_BRAND: 'Koperasi',
  AUDIT_SIGNING_KEY: 'set',
};

/** The lines of the setting checks only, keyed by check name. */
async function settingLines(env: Record<string, string>, mountInfo?: string) {
  const report = await runDoctor(loadConfig(env), { mountInfo: () => mountInfo }, SETTING_CHECKS);
  return Object.fromEntries(report.lines.map((line) => [line.split(/\s+/)[1], line]));
}

/** A container's mount table: its layered root, and `extra` lines. */
const MOUNTS = (extra = '') => `22 1 0:21 / / rw,relatime - overlay overlay rw\n${extra}`;

describe('the preflight checks of the settings', () => {
  it('passes a sound production configuration, with one line per check', async () => {
    const lines = await settingLines(PRODUCTION);
    expect(Object.keys(lines)).toEqual([
      'public-url',
      'console-url',
      'secrets',
      'ops-host',
      'data-dir',
      'sms',
    ]);
    for (const line of Object.values(lines)) expect(line).toMatch(/^(OK|SKIP) /);
    expect(lines['public-url']).toContain('passkeys are bound to portal.example.my');
  });

  it('fails an http PUBLIC_URL in production, but not http://localhost', async () => {
    const http = await settingLines({ ...PRODUCTION, PUBLIC_URL: 'http://portal.example.my' });
    expect(http['public-url']).toMatch(/^FAIL .*production needs https/);
    const local = await settingLines({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:8080' });
    expect(local['public-url']).toMatch(/^WARN .*only this machine reaches localhost/);
    expect(
      await startRefusals(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://localhost' })),
    ).toEqual([]);
  });

  it('fails a PUBLIC_URL on an IP address: passkeys need a host name', async () => {
    const lines = await settingLines({ ...PRODUCTION, PUBLIC_URL: 'https://203.0.113.10' });
    expect(lines['public-url']).toMatch(/^FAIL .*IP address: passkeys need a host name/);
  });

  it('fails a public OPS_HOST without OPS_ALLOWED_IPS, warns on every interface', async () => {
    const open = await settingLines({ ...PRODUCTION, OPS_HOST: '203.0.113.10' });
    expect(open['ops-host']).toMatch(/^FAIL .*public address/);
    const listed = { ...PRODUCTION, OPS_HOST: '203.0.113.10', OPS_ALLOWED_IPS: '10.0.0.0/8' };
    expect((await settingLines(listed))['ops-host']).toMatch(/^OK /);
    const every = await settingLines({ ...PRODUCTION, OPS_HOST: '0.0.0.0' });
    expect(every['ops-host']).toMatch(/^WARN /);
    const privateHost = await settingLines({ ...PRODUCTION, OPS_HOST: '10.1.2.3' });
    expect(privateHost['ops-host']).toMatch(/^OK /);
  });

  it('warns on development secrets outside production', async () => {
    const lines = await settingLines({ APP_ENV: 'development' });
    expect(lines.secrets).toMatch(/^WARN .*GATEWAY_SECRET, SMS_CODE_PEPPER/);
    expect(lines.secrets).not.toContain('dev-only');
  });

  describe('DATA_DIR on PGlite', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'preflight-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });
    const onPglite = () => ({ ...PRODUCTION, DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') });

    it('passes a writable directory on a volume of its own', async () => {
      const mounts = MOUNTS(`40 22 8:1 / ${dir} rw - ext4 /dev/sda1 rw\n`);
      expect((await settingLines(onPglite(), mounts))['data-dir']).toMatch(/^OK /);
    });

    it("fails on the container's own layered root (no volume mounted)", async () => {
      const lines = await settingLines(onPglite(), MOUNTS());
      expect(lines['data-dir']).toMatch(/^FAIL .*container's own filesystem.*mount a volume/);
    });

    it('fails on tmpfs', async () => {
      const mounts = MOUNTS(`40 22 0:50 / ${dir} rw - tmpfs tmpfs rw\n`);
      expect((await settingLines(onPglite(), mounts))['data-dir']).toMatch(
        /^FAIL .*tmpfs.*lost at the next reboot/,
      );
    });

    it('fails a directory on a read-only filesystem (the read-only root, no volume)', async () => {
      const mounts = MOUNTS(`40 22 8:1 / ${dir} ro,relatime - ext4 /dev/sda1 rw\n`);
      expect((await settingLines(onPglite(), mounts))['data-dir']).toMatch(
        /^FAIL .*not writable: a read-only filesystem.*mount a writable volume/,
      );
    });

    it('fails memory:// in the doctor but lets a production start go on', async () => {
      const memory = { ...PRODUCTION, DATABASE_URL: '', DATA_DIR: 'memory://' };
      expect((await settingLines(memory))['data-dir']).toMatch(/^FAIL .*keeps nothing/);
      expect(await startRefusals(loadConfig(memory))).toEqual([]);
    });
  });

  it('refuses a production start on the fatal checks with the lines the doctor prints', async () => {
    const env = { ...PRODUCTION, PUBLIC_URL: 'http://portal.example.my', OPS_HOST: '203.0.113.9' };
    const refusals = await startRefusals(loadConfig(env));
    const lines = await settingLines(env);
    expect(refusals).toEqual([lines['public-url'], lines['ops-host']]);
    // Outside production nothing stops a start.
    expect(await startRefusals(loadConfig({ ...env, APP_ENV: 'development' }))).toEqual([]);
  });
});

describe('the mount table', () => {
  it('finds the mount holding a path, the longest mount point first', () => {
    const mounts = parseMountInfo(
      [
        '22 1 0:21 / / rw - overlay overlay rw',
        '40 22 8:1 / /var/lib/portal rw - ext4 /dev/sda1 rw',
        '41 22 0:50 / /var/lib/portal\\040tmp rw - tmpfs tmpfs rw',
      ].join('\n'),
    );
    expect(mountOf('/var/lib/portal/pg', mounts)?.fsType).toBe('ext4');
    expect(mountOf('/var/lib/portal tmp', mounts)?.fsType).toBe('tmpfs');
    expect(mountOf('/var/lib/portalx', mounts)?.fsType).toBe('overlay');
  });
});
