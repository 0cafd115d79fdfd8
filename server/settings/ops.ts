import path from 'node:path';
import { BlockList, isIP } from 'node:net';
import { type EnvReader } from './env-reader';

export interface OpsSettings {
  ops: {
    /** The console's own listener (OPS_PORT); undefined = no console (the default under test). */
    port?: number;
    /** OPS_HOST: 127.0.0.1 unless a team chooses to expose it. */
    host: string;
    /** Where operators open the console (OPS_PUBLIC_URL): enrolment links point here. */
    publicUrl: string;
    /** OPS_ALLOWED_IPS: CIDR blocks; any other address gets 404. Undefined = any address. */
    allowedIps?: BlockList;
    /**
     * OPS_RATE_LIMIT_PER_MINUTE: console requests per client address per minute (at most
     * RATE_LIMIT_PER_MINUTE); each route also has its own budget per operator.
     */
    rateLimitPerMinute: number;
    /**
     * AUDIT_SIGNING_KEY: an Ed25519 PKCS#8 key (PEM or base64 DER). Unset, a key derived from
     * SMS_CODE_PEPPER (a secret only the server holds) signs; production is warned at start.
     */
    auditSigningKey?: string;
    /**
     * Seconds between signed audit checkpoints (AUDIT_CHECKPOINT_INTERVAL_S), each run signing one
     * when entries were written since the last; a tail uncovered for two intervals fails
     * verify-audit. 0 = off.
     */
    auditCheckpointIntervalS: number;
    /**
     * AUDIT_WITNESS_DIR: where each checkpoint is also written, outside the database (default
     * DATA_DIR/audit-witness; none under test unless set).
     */
    auditWitnessDir?: string;
    /**
     * OPS_CLI_TIMEOUT_S: how long an `npm run ops` command may take in all, waiting for the
     * data directory's lock or the running server included, before it gives up saying why.
     */
    cliTimeoutS: number;
  };
}

export const DEFAULT_OPS_PORT = 8090;

/** Parses `10.0.0.0/8, 192.168.1.7` into a BlockList; a bad entry is a problem (of `name`). */
export function parseAllowedIps(
  text: string,
  problems: string[],
  name = 'OPS_ALLOWED_IPS',
): BlockList {
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (
      family === 0 ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 6 ? 128 : 32)
    ) {
      problems.push(`${name}: "${entry}" is not an address or CIDR block`);
      continue;
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

export function loadOps(read: EnvReader, opts: { test: boolean }): OpsSettings {
  const port = read.isSet('OPS_PORT')
    ? read.integer('OPS_PORT', DEFAULT_OPS_PORT, 0, 65535)
    : opts.test
      ? undefined
      : DEFAULT_OPS_PORT;
  const host = read.text('OPS_HOST', '127.0.0.1');
  const publicUrl = read
    .text('OPS_PUBLIC_URL', `http://localhost:${port ?? DEFAULT_OPS_PORT}`)
    .replace(/\/+$/, '');
  read.checkUrl('OPS_PUBLIC_URL', publicUrl);
  const allowed = read.text('OPS_ALLOWED_IPS', '');
  const auditSigningKey = read.text('AUDIT_SIGNING_KEY', '') || undefined;
  return {
    ops: {
      port,
      host,
      publicUrl,
      allowedIps: allowed === '' ? undefined : parseAllowedIps(allowed, read.problems),
      rateLimitPerMinute: read.integer('OPS_RATE_LIMIT_PER_MINUTE', 600, 1, 1000000),
      auditSigningKey,
      auditCheckpointIntervalS: read.integer('AUDIT_CHECKPOINT_INTERVAL_S', 300, 0, 86400),
      auditWitnessDir: read.isSet('AUDIT_WITNESS_DIR')
        ? read.text('AUDIT_WITNESS_DIR', '')
        : opts.test
          ? undefined
          : path.join(read.text('DATA_DIR', './data'), 'audit-witness'),
      cliTimeoutS: read.integer('OPS_CLI_TIMEOUT_S', 120, 1, 86400),
    },
  };
}
