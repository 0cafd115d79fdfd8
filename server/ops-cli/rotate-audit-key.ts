import { open, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Ed25519AuditSigner } from '../adapters/ops/ed25519-audit-signer.adapter';
import { type AuditCheckpoint } from '../domain/ops/audit-chain';
import { type AuditSigner } from '../ports/audit-signer.port';
import { type Actor, CLI } from '../use-cases/ops/actor';

interface Rotates {
  auditTrail: { rotateKey(actor: Actor, next: AuditSigner): Promise<AuditCheckpoint[] | string> };
}

const REFUSALS: Record<string, string> = {
  retired:
    'This server signs with a key the audit log was already handed away from: set AUDIT_SIGNING_KEY to the newest key first.',
  'same key': 'The new key is the current one.',
};

/**
 * `rotate-audit-key --to FILE`: a new Ed25519 key, its AUDIT_SIGNING_KEY value written to FILE
 * (created, owner-only; never printed, so it stays out of terminals and their logs) before the
 * log is handed over to it, so the key is never lost once the log expects it. null for a bad
 * command line (the caller prints the usage).
 */
export async function rotateAuditKey(
  container: Rotates,
  args: string[],
): Promise<{ code: number; out: string[] } | null> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true }));
  } catch {
    return null;
  }
  if (to === undefined) return null;
  const next = Ed25519AuditSigner.generate();
  try {
    const file = await open(to, 'wx', 0o600);
    await file.writeFile(`${next.exportSetting()}\n`);
    await file.close();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { code: 1, out: [`Audit key NOT rotated: cannot create ${to} (${why}).`] };
  }
  const rotated = await container.auditTrail.rotateKey(CLI, next).catch(async (error: unknown) => {
    await rm(to, { force: true });
    throw error;
  });
  if (typeof rotated === 'string') {
    await rm(to, { force: true });
    return { code: 1, out: [`Audit key NOT rotated: ${REFUSALS[rotated] ?? rotated}`] };
  }
  const [handOver, first] = rotated;
  return {
    code: 0,
    out: [
      `Audit key rotated to ${next.keyId}: the checkpoint at ${handOver?.entries} entries, signed with the old key, introduces it; the new key signed the one at ${first?.entries}.`,
      `Its AUDIT_SIGNING_KEY value is in ${to}. Set it on every instance and restart them: until then they sign no checkpoint.`,
    ],
  };
}
