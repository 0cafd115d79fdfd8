import { parseArgs } from 'node:util';
import { isOpsRole } from '../../src/contract/ops-roles';
import { type ServerContainer } from '../container';
import { failureWords } from '../http/messages';
import { enrolmentUrl } from '../ops-http/routes/operators.routes';
import { normaliseEmail } from '../domain/ops/operator';
import { CLI, reasonOf } from '../use-cases/ops/actor';
import { backupCommand } from './backup-command';
import { rotateAuditKey } from './rotate-audit-key';
import { verifyAudit } from './verify-audit';

export const OPS_USAGE = `Usage: npm run ops -- <command>
  create-operator --name NAME --email EMAIL --role viewer|support|finance|admin
      creates an operator and prints a one-time enrolment link (valid 24 hours)
  reset-second-factor --email EMAIL --reason TEXT
      removes an operator's second factors (TOTP and passkeys), ends their sessions and
      prints a new one-time enrolment link (the console's reset needs two admins)
  verify-audit [--witness FILE|DIR] [--key FILE]...
      recomputes the audit log's hash chain and checks every signed checkpoint and
      the chain of checkpoints; with --witness, checks the database against the
      latest checkpoint held outside it (AUDIT_WITNESS_DIR, a file of it, or the
      shipped log lines); --key: a public key (PEM) trusted besides the server's
      own; exits 1 naming what does not verify
  rotate-audit-key --to FILE
      hands the audit log to a new signing key (audited): the current key signs
      a checkpoint introducing it; writes its AUDIT_SIGNING_KEY value to FILE
  checkpoint
      signs the audit log's head now (the scheduler does it every
      AUDIT_CHECKPOINT_INTERVAL_S while entries are written)
  backup --to FILE
      writes a backup of the database with its manifest (rows per table, schema
      version, audit head, SHA-256): PGlite's data directory, or pg_dump -Fc
  restore --from FILE --into DIR|postgres://URL [--replace]
      checks the backup's SHA-256 and schema and restores it into an empty PGlite
      directory or PostgreSQL database (--replace: empties one that holds data)
  restore-drill --from FILE [--reconcile] [--scratch postgres://URL]
      restores into a scratch database, migrates, checks the row counts and the
      audit log against the manifest, lists the payments pending at the backup's
      time (--reconcile: asks the gateway); exits 1 on any mismatch
  doctor
      checks the configuration before it goes live, one line per check
      (settings, addresses, secrets, SMS, gateway, database, Redis, DATA_DIR);
      exits 1 when any fails`;

/** What a command printed and its exit status. */
export interface CliOutcome {
  code: number;
  out: string[];
}

/** Runs one operator command against a container (the actor in the audit log is `cli`). */
export async function runOpsCommand(
  container: ServerContainer,
  argv: readonly string[],
): Promise<CliOutcome> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create-operator': {
      const { values } = parseArgs({
        args: [...rest],
        options: { name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
      });
      const { name, email, role } = values;
      if (name === undefined || email === undefined || !isOpsRole(role)) {
        return { code: 2, out: [OPS_USAGE] };
      }
      const created = await container.manageOperators.create(CLI, { name, email, role });
      if (!created.ok) return { code: 1, out: [failureWords(created.error).message] };
      const link = enrolmentUrl(container.config.ops.publicUrl, created.value);
      return {
        code: 0,
        out: [
          `Operator ${email} (${role}) created.`,
          `One-time enrolment link, valid until ${link.expires_at}:`,
          link.enrolment_url,
        ],
      };
    }
    case 'reset-second-factor':
      return resetSecondFactor(container, rest);
    case 'verify-audit':
      return (await verifyAudit(container, rest)) ?? { code: 2, out: [OPS_USAGE] };
    case 'backup':
      return (await backupCommand(container, rest)) ?? { code: 2, out: [OPS_USAGE] };
    case 'rotate-audit-key':
      return (await rotateAuditKey(container, rest)) ?? { code: 2, out: [OPS_USAGE] };
    case 'checkpoint': {
      const checkpoint = await container.auditTrail.checkpoint(CLI);
      return {
        code: 0,
        out: [`Checkpoint signed: ${checkpoint.entries} entries, head ${checkpoint.headHash}.`],
      };
    }
    default:
      return { code: 2, out: [OPS_USAGE] };
  }
}

/** The break-glass reset: whoever holds the server resets an operator at once, with a reason. */
async function resetSecondFactor(
  container: ServerContainer,
  args: readonly string[],
): Promise<CliOutcome> {
  const { values } = parseArgs({
    args: [...args],
    options: { email: { type: 'string' }, reason: { type: 'string' } },
  });
  const reason = reasonOf(values.reason);
  if (values.email === undefined || reason === null) return { code: 2, out: [OPS_USAGE] };
  const email = normaliseEmail(values.email);
  const operator = await container.operators.findByEmail(email);
  if (operator === null) return { code: 1, out: [`No operator has the e-mail ${email}.`] };
  const reset = await container.manageOperators.resetSecondFactor(CLI, operator.id, reason);
  if (!reset.ok) return { code: 1, out: [failureWords(reset.error).message] };
  const link = enrolmentUrl(container.config.ops.publicUrl, reset.value);
  return {
    code: 0,
    out: [
      `Second factor of ${email} reset: every TOTP secret and passkey removed, sessions ended.`,
      `One-time enrolment link, valid until ${link.expires_at}:`,
      link.enrolment_url,
    ],
  };
}
