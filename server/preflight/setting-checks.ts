import { BlockList, isIP } from 'node:net';
import { MIN_SECRET_LENGTH, weakSecrets } from '../settings/secrets';
import { dataDirPath } from '../adapters/postgres/pglite-lock';
import { type CheckOutcome, fail, ok, type PreflightCheck, skip, warn } from './check';
import { dataDirProblem } from './data-dir';

/** Addresses no one outside this machine or its private network reaches. */
const PRIVATE = new BlockList();
for (const [address, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** A browser treats http://localhost as secure; any other http host is plain text on the wire. */
const isLocalhost = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost');

/**
 * PUBLIC_URL (or OPS_PUBLIC_URL): https in production, and a host name, which passkeys are bound
 * to for good (WebAuthn refuses an IP address; a passkey made under one name fails under another).
 */
function publicAddress(name: string, url: string, production: boolean): CheckOutcome {
  const { protocol, hostname } = new URL(url);
  if (isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) {
    return fail(`${name}=${url} is an IP address: passkeys need a host name`);
  }
  if (production && protocol !== 'https:' && !isLocalhost(hostname)) {
    return fail(`${name}=${url}: production needs https (sessions and passkeys need it)`);
  }
  if (production && isLocalhost(hostname)) {
    // Allowed (a trial of the production build), but no member's browser reaches it there.
    return warn(`${name}=${url}: only this machine reaches localhost; set the address people open`);
  }
  return ok(
    `${url}: passkeys are bound to ${hostname}; another host name later leaves them unusable`,
  );
}

const publicUrl: PreflightCheck = {
  name: 'public-url',
  fatal: true,
  run: ({ config }) =>
    publicAddress('PUBLIC_URL', config.publicUrl, config.appEnv === 'production'),
};

const consoleUrl: PreflightCheck = {
  name: 'console-url',
  fatal: true,
  run: ({ config }) =>
    config.ops.port === undefined
      ? skip('no console listener (OPS_PORT unset)')
      : publicAddress('OPS_PUBLIC_URL', config.ops.publicUrl, config.appEnv === 'production'),
};

const secrets: PreflightCheck = {
  name: 'secrets',
  fatal: true,
  run: ({ config }) => {
    const weak = weakSecrets(config);
    if (weak.length > 0) {
      const what = `${weak.join(', ')}: the development default or under ${MIN_SECRET_LENGTH} characters`;
      return config.appEnv === 'production' ? fail(what) : warn(`${what} (refused in production)`);
    }
    if (config.gatewaySecret === config.smsCodePepper) {
      return fail('GATEWAY_SECRET and SMS_CODE_PEPPER are the same: give each its own');
    }
    if (config.appEnv === 'production' && config.ops.auditSigningKey === undefined) {
      return warn('AUDIT_SIGNING_KEY unset: audit checkpoints are signed with a derived key');
    }
    return ok(`GATEWAY_SECRET and SMS_CODE_PEPPER your own, ${MIN_SECRET_LENGTH}+ characters`);
  },
};

const opsHost: PreflightCheck = {
  name: 'ops-host',
  fatal: true,
  run: ({ config }) => {
    const { port, host, allowedIps } = config.ops;
    if (port === undefined) return skip('no console listener (OPS_PORT unset)');
    if (allowedIps !== undefined) return ok(`OPS_HOST=${host}, answering OPS_ALLOWED_IPS only`);
    const family = isIP(host);
    if (host === '0.0.0.0' || host === '::') {
      return warn(
        `OPS_HOST=${host} listens on every interface: keep the port off public networks ` +
          '(a container publishing it on 127.0.0.1) or set OPS_ALLOWED_IPS',
      );
    }
    if (family !== 0 && !PRIVATE.check(host, family === 6 ? 'ipv6' : 'ipv4')) {
      return fail(
        `OPS_HOST=${host} is a public address: set OPS_ALLOWED_IPS or a private OPS_HOST`,
      );
    }
    return ok(`OPS_HOST=${host} is not a public address`);
  },
};

const dataDir: PreflightCheck = {
  name: 'data-dir',
  fatal: true,
  run: ({ config, mode, mountInfo }) => {
    if (config.databaseUrl) return skip('DATABASE_URL set: PGlite and DATA_DIR unused');
    const dir = dataDirPath(config.dataDir);
    if (dir === undefined) {
      // Starting on memory:// is allowed (a trial run); the doctor says it keeps nothing.
      const what = `DATA_DIR=${config.dataDir} keeps nothing once the process ends`;
      return config.appEnv === 'production' && mode === 'doctor' ? fail(what) : warn(what);
    }
    const problem = dataDirProblem(dir, mountInfo);
    return problem === null
      ? ok(`${dir} is writable and on a persistent filesystem`)
      : fail(problem);
  },
};

const sms: PreflightCheck = {
  name: 'sms',
  fatal: false,
  run: ({ config }) => {
    if (config.smsProvider === 'console') {
      const what = 'SMS_PROVIDER=console: codes are only logged, no member receives one';
      return config.appEnv === 'production' ? fail(what) : ok(`${what} (fine outside production)`);
    }
    // Each provider's own required settings are checked as the settings load.
    return ok(`SMS_PROVIDER=${config.smsProvider}, its credentials set`);
  },
};

/** The checks that read only the settings and this machine: most are run at start too. */
export const SETTING_CHECKS: readonly PreflightCheck[] = [
  publicUrl,
  consoleUrl,
  secrets,
  opsHost,
  dataDir,
  sms,
];
