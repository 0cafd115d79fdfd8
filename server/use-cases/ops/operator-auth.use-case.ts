import {
  OPERATOR_PASSWORD_MAX_LENGTH,
  OPERATOR_PASSWORD_MIN_LENGTH,
} from '../../../src/contract/ops-rules';
import { type OpsRole } from '../../../src/contract/ops-roles';
import {
  isOperatorSessionLive,
  normaliseEmail,
  type Operator,
  type OperatorSessionRecord,
  sessionEnds,
} from '../../domain/ops/operator';
import { type Clock } from '../../ports/clock.port';
import { type LoginFailureStore } from '../../ports/login-failure-store.port';
import { type PasswordHasher } from '../../ports/password-hasher.port';
import { type Random } from '../../ports/random.port';
import { type Totp } from '../../ports/totp.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { isGuessablePassword } from '../../domain/ops/guessable-password';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { entryOf } from './actor';
import {
  auditFailedSignIn,
  auditRefusedSignIn,
  checkOperatorPassword,
  openOperatorSession,
} from './operator-sign-in';
import {
  claimSecondFactor,
  lockedByThisFailure,
  type SecondFactorLockAlert,
  secondFactorLocked,
} from './second-factor-lock';
import { hashToken } from './manage-operators.use-case';

/** An operator's password: 12 to 128 characters (longer than members': a back office). */
export const isOperatorPassword = (password: string): boolean =>
  password.length >= OPERATOR_PASSWORD_MIN_LENGTH &&
  password.length <= OPERATOR_PASSWORD_MAX_LENGTH;

/** A signed-in operator and their live session. */
export interface OperatorSignedIn {
  operator: Operator;
  session: OperatorSessionRecord;
  ends: { idle: Date; absolute: Date };
}

export { csrfTokenFor } from './operator-sign-in';

/** An opened enrolment link: who enrols, and the TOTP secret (base32) with its otpauth:// URI. */
export interface EnrolmentStart {
  name: string;
  email: string;
  role: OpsRole;
  totpSecret: string;
  totpUri: string;
}

/**
 * Enrolment (a one-time link, then a password and a TOTP app), sign-in with both factors
 * (throttled and locked as members' sign-ins are, each TOTP code accepted once), the session
 * check behind every console call (15 minutes idle, 12 hours in all) and sign-out. Every sign-in,
 * failed sign-in and enrolment is audited in the same transaction.
 */
export class OperatorAuthUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly failures: LoginFailureStore,
    private readonly hasher: PasswordHasher,
    private readonly totp: Totp,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly maxFailures: number,
    private readonly onSecondFactorLock: SecondFactorLockAlert = () => undefined,
  ) {}

  /**
   * Opens an enrolment link: the TOTP secret to set up, the same each time this link is opened
   * (a reload, a second tab) until the enrolment finishes, so an app already set up from it keeps
   * working. The first opening stages a new one; a new link forgets it (saveEnrolment).
   */
  async startEnrolment(
    token: string,
    address: string | null = null,
  ): Promise<Result<EnrolmentStart, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ operators, audit }) => {
      const operatorId = await operators.peekEnrolment(hashToken(token), now);
      const operator = operatorId === null ? null : await operators.findById(operatorId);
      if (operator === null || operator.disabledAt !== null || operator.enrolledAt !== null) {
        return failWith('OPS_ENROLMENT_INVALID');
      }
      // Of two openings at once, the first to stage its secret wins; both show that one.
      if (operator.totpSecret === null) {
        await operators.stageTotpSecret(operator.id, this.totp.newSecret());
      }
      const secret = (await operators.findById(operator.id))?.totpSecret ?? null;
      if (secret === null) return failWith('OPS_ENROLMENT_INVALID');
      // Opening the link shows its second factor's secret: whoever opened it, from where, is kept.
      const opened = entryOf({ kind: 'operator', ...operator, address: '' }, now, {
        action: 'operator.enrolment_open',
        targetType: 'operator',
        targetId: operator.id,
      });
      await audit.append({ ...opened, address });
      return ok({
        name: operator.name,
        email: operator.email,
        role: operator.role,
        totpSecret: secret,
        totpUri: this.totp.uri(secret, operator.email),
      });
    });
  }

  /** Sets the password and the second factor with the link, once; a wrong first code changes nothing. */
  async finishEnrolment(input: {
    token: string;
    password: string;
    totpCode: string;
    address: string;
  }): Promise<Result<null, UseCaseError>> {
    if (!isOperatorPassword(input.password)) {
      return failWith('VALIDATION_FAILED', {
        field: 'password',
        reason: 'operator-password-length',
      });
    }
    // A common, breached or repetitive password is refused, from the package's lists only.
    if (isGuessablePassword(input.password)) {
      return failWith('OPS_PASSWORD_WEAK', { field: 'password' });
    }
    const passwordHash = await this.hasher.hash(input.password);
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ operators, audit }) => {
      const tokenHash = hashToken(input.token);
      const operatorId = await operators.peekEnrolment(tokenHash, now);
      const operator = operatorId === null ? null : await operators.findById(operatorId);
      const secret = operator?.totpSecret ?? null;
      if (operator === null || operator.disabledAt !== null || secret === null) {
        return failWith('OPS_ENROLMENT_INVALID');
      }
      const step = this.totp.stepOf(secret, input.totpCode, now.getTime());
      if (step === null) {
        return failWith('VALIDATION_FAILED', { field: 'totp_code', reason: 'totp-code-wrong' });
      }
      if ((await operators.takeEnrolment(tokenHash, now)) === null) {
        return failWith('OPS_ENROLMENT_INVALID');
      }
      await operators.enrol(operator.id, { passwordHash, totpSecret: secret }, now);
      await operators.acceptTotpStep(operator.id, step);
      await audit.append(
        entryOf({ kind: 'operator', ...operator, address: input.address }, now, {
          action: 'operator.enrol',
          targetType: 'operator',
          targetId: operator.id,
        }),
      );
      return ok(null);
    });
  }

  /**
   * Password and authenticator-app code. While wrong codes have locked the operator's second
   * factor (second-factor-lock.ts) this way is refused before the password is checked (so the
   * refusal says nothing about it); a passkey sign-in is not, and clears the lock.
   */
  async signIn(input: {
    email: string;
    password: string;
    totpCode: string;
    address: string;
  }): Promise<Result<{ token: string; csrfToken: string } & OperatorSignedIn, UseCaseError>> {
    const now = new Date(this.clock.now());
    const email = normaliseEmail(input.email);
    const { address } = input;
    const limits = { email, now, maxFailures: this.maxFailures };
    const locked = await secondFactorLocked(this.failures, limits);
    if (locked !== null) {
      await auditRefusedSignIn(this.uow, { email, address, now });
      return locked;
    }
    const checked = await checkOperatorPassword(
      {
        uow: this.uow,
        failures: this.failures,
        hasher: this.hasher,
        random: this.random,
        maxFailures: this.maxFailures,
      },
      { email, password: input.password, now, address: input.address },
    );
    if (!checked.ok) return checked;
    const { found, verified: usable } = checked.value;
    if (usable !== null) {
      const slot = await claimSecondFactor(this.failures, { ...limits, id: this.random.uuid() });
      if (!slot.ok) {
        await auditRefusedSignIn(this.uow, { email, address, now });
        return slot;
      }
    }
    const signedIn = await this.uow.run(async (tx) => {
      const step =
        usable !== null && usable.totpSecret !== null
          ? this.totp.stepOf(usable.totpSecret, input.totpCode, now.getTime())
          : null;
      const accepted =
        usable !== null && step !== null && (await tx.operators.acceptTotpStep(usable.id, step));
      if (usable === null || !accepted) {
        await auditFailedSignIn(tx.audit, { found, email, address, now });
        const context = { now, address, maxFailures: this.maxFailures };
        return { lockedNow: usable !== null && (await lockedByThisFailure(tx, usable, context)) };
      }
      return openOperatorSession(tx, usable, { address, now, random: this.random });
    });
    if (!('token' in signedIn)) {
      if (signedIn.lockedNow) this.onSecondFactorLock();
      return failWith('AUTH_INVALID_CREDENTIALS');
    }
    return ok(signedIn);
  }

  /** The operator behind a session cookie, the session moved on; null when it has ended. */
  async authenticate(token: string): Promise<OperatorSignedIn | null> {
    const now = this.clock.now();
    return this.uow.run(async ({ operators }) => {
      const session = await operators.findSessionByTokenHash(hashToken(token));
      if (session === null || !isOperatorSessionLive(session, now)) return null;
      const operator = await operators.findById(session.operatorId);
      if (operator === null || operator.disabledAt !== null || operator.enrolledAt === null) {
        return null;
      }
      const at = new Date(now);
      await operators.touchSession(session.id, at);
      const touched = { ...session, lastSeenAt: at };
      return { operator, session: touched, ends: sessionEnds(touched) };
    });
  }

  /** Whether a CSRF token is the one handed out with this session. */
  csrfMatches(session: OperatorSessionRecord, csrfToken: string | undefined): boolean {
    return csrfToken !== undefined && hashToken(csrfToken) === session.csrfHash;
  }

  async signOut(signedIn: OperatorSignedIn, address: string): Promise<void> {
    const now = new Date(this.clock.now());
    await this.uow.run(async ({ operators, audit }) => {
      await operators.revokeSession(signedIn.session.id, now);
      await audit.append(
        entryOf({ kind: 'operator', ...signedIn.operator, address }, now, {
          action: 'operator.sign_out',
          targetType: 'operator',
          targetId: signedIn.operator.id,
        }),
      );
    });
  }
}
