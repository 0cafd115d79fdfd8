import { type OpsRole } from '../../src/contract/ops-roles';
import { type Operator, type OperatorSessionRecord } from '../domain/ops/operator';

export type InsertOperatorResult = 'inserted' | 'email_taken';

/** Operators, their enrolment links and their sessions. */
export interface OperatorStore {
  insert(operator: Operator): Promise<InsertOperatorResult>;
  findById(id: string): Promise<Operator | null>;
  findByEmail(email: string): Promise<Operator | null>;
  /** Every operator, by name. */
  list(): Promise<Operator[]>;
  /** How many enrolled admins are not disabled (the last one cannot be disabled or demoted). */
  countActiveAdmins(): Promise<number>;
  setRole(id: string, role: OpsRole): Promise<void>;
  setDisabled(id: string, at: Date | null): Promise<void>;
  /** Sets the password and TOTP secret of an enrolment (the step counter starts afresh). */
  /** Sets the password and the second factor: a TOTP secret, or null for a passkey. */
  enrol(
    id: string,
    factors: { passwordHash: string; totpSecret: string | null },
    at: Date,
  ): Promise<void>;
  /**
   * Keeps a TOTP secret shown by an enrolment link until the enrolment finishes with it: only
   * while the operator is not enrolled and has none staged (the first of two at once wins).
   */
  stageTotpSecret(id: string, secret: string): Promise<void>;
  /** Clears the second factor (an admin's reset): the operator must enrol again. */
  clearSecondFactor(id: string): Promise<void>;
  /**
   * Accepts a TOTP code's time step only when it is later than the last one accepted (in one
   * statement: of two sign-ins racing with one code, one wins). True when accepted.
   */
  acceptTotpStep(id: string, step: number): Promise<boolean>;

  /**
   * Saves a new link and ends every earlier unused one of that operator, forgetting the TOTP
   * secret an earlier link staged (a new link shows a new secret).
   */
  saveEnrolment(link: { tokenHash: string; operatorId: string; expiresAt: Date }): Promise<void>;
  /** The operator an unused, unexpired link belongs to, without using it. */
  peekEnrolment(tokenHash: string, now: Date): Promise<string | null>;
  /** Uses the link (once: of two racing, one gets the operator id). */
  takeEnrolment(tokenHash: string, now: Date): Promise<string | null>;

  createSession(session: OperatorSessionRecord & { tokenHash: string }): Promise<void>;
  findSessionByTokenHash(tokenHash: string): Promise<OperatorSessionRecord | null>;
  touchSession(id: string, at: Date): Promise<void>;
  /** Records a second factor given again (a step-up) on a session; never moves it back. */
  stepUpSession(id: string, at: Date): Promise<void>;
  revokeSession(id: string, at: Date): Promise<void>;
  /** Ends every live session of an operator; returns how many. */
  revokeSessionsOf(operatorId: string, at: Date): Promise<number>;
}
