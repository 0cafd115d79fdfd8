import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { publicKeyFromPem } from '../adapters/ops/ed25519-audit-signer.adapter';
import { readWitness } from '../adapters/ops/audit-witness.adapter';
import { type AuditCheckpoint } from '../domain/ops/audit-chain';
import { type ChainReport } from '../use-cases/ops/audit-trail.use-case';

interface Verifies {
  auditTrail: {
    verify(options: {
      witness?: AuditCheckpoint;
      trustedKeys?: readonly string[];
    }): Promise<ChainReport>;
  };
}

const NOT = 'Audit log does NOT verify:';

/** What the command printed and its exit status. */
interface Outcome {
  code: number;
  out: string[];
}

/**
 * `verify-audit [--witness FILE|DIR] [--key FILE]...`: 0 when the chain, its checkpoints and (when
 * given) the checkpoint held outside the database all agree; 1 naming each thing that does not (a
 * witness or key that cannot be read, or a witness holding no checkpoint, fails too); null for a
 * bad command line (the caller prints the usage and exits 2). Each `--key` is a public key (PEM)
 * vouched for besides the server's own, e.g. the one before a rotation: the newest checkpoint
 * must be signed by one of them or by a key they handed the log to.
 */
export async function verifyAudit(container: Verifies, args: string[]): Promise<Outcome | null> {
  let where: string | undefined;
  let keyFiles: string[] | undefined;
  try {
    ({
      values: { witness: where, key: keyFiles },
    } = parseArgs({
      args,
      options: { witness: { type: 'string' }, key: { type: 'string', multiple: true } },
      strict: true,
    }));
  } catch {
    return null;
  }
  const trustedKeys: string[] = [];
  for (const file of keyFiles ?? []) {
    try {
      trustedKeys.push(publicKeyFromPem(await readFile(file, 'utf8')));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { code: 1, out: [`${NOT} the key ${file} cannot be read: ${why}.`] };
    }
  }
  let witness: AuditCheckpoint | undefined;
  if (where !== undefined) {
    const read = await readWitness(where).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
    if (read === null || read instanceof Error) {
      const why = read === null ? 'it holds no checkpoint' : read.message;
      return { code: 1, out: [`${NOT} the witness ${where} cannot be checked against: ${why}.`] };
    }
    witness = read;
  }
  const report = await container.auditTrail.verify({ witness, trustedKeys });
  if (report.verified) return { code: 0, out: [verifiedLine(report)] };
  return { code: 1, out: problems(report) };
}

function verifiedLine(report: ChainReport): string {
  const last = report.lastCheckpoint;
  const checkpoints =
    last === null
      ? 'no checkpoint yet'
      : `${report.checkpoints} checkpoint(s) signed and chained, the last at ${last.entries} entries`;
  const witness =
    report.witness === null
      ? ''
      : `; the checkpoint held outside at ${report.witness.checkpoint.entries} entries matches`;
  return `Audit log verified: ${report.entries} entries, ${checkpoints}${witness}.`;
}

/** One line for each thing that does not verify, the first entry or checkpoint at fault named. */
function problems(report: ChainReport): string[] {
  const lines: string[] = [];
  if (report.firstBadSeq !== null) {
    lines.push(`${NOT} entry ${report.firstBadSeq} was edited, deleted or inserted.`);
  }
  if (report.firstBadCheckpoint !== null) {
    lines.push(
      `${NOT} the checkpoint at ${report.firstBadCheckpoint} entries does not match (its signature, its key in the key chain, the chain's head, or the checkpoint before it).`,
    );
  }
  if (report.missingCheckpoint !== null) {
    lines.push(
      `${NOT} the checkpoint at ${report.missingCheckpoint} entries, recorded in the log, is missing from the database.`,
    );
  }
  if (report.witness !== null) lines.push(...witnessProblem(report, report.witness));
  if (report.uncoveredSince !== null) {
    const { seq, at } = report.uncoveredSince;
    lines.push(
      `${NOT} entry ${seq} on (since ${at.toISOString()}) no checkpoint covers, for longer than two checkpoint intervals: checkpoints were deleted, or are not being signed.`,
    );
  }
  return lines;
}

function witnessProblem(
  report: ChainReport,
  { checkpoint, verdict }: NonNullable<ChainReport['witness']>,
): string[] {
  const held = `the checkpoint held outside the database (${checkpoint.entries} entries, head ${checkpoint.headHash})`;
  switch (verdict) {
    case 'matches':
      return [];
    case 'unsigned':
      return [`${NOT} ${held} is not signed by this server's key or one of its key chain.`];
    case 'ahead':
      return [
        `${NOT} the database's chain ends at ${report.entries} entries, before ${held}: its tail was cut.`,
      ];
    case 'differs':
      return [
        `${NOT} the database's entry ${checkpoint.entries} differs from ${held}: the history was rewritten.`,
      ];
    case 'missing':
      return [`${NOT} ${held} was deleted from the database.`];
  }
}
