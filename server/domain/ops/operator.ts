import { type OpsRole } from '../../../src/contract/ops-roles';
import { OPERATOR_EMAIL_MAX_LENGTH, OPERATOR_EMAIL_PATTERN } from '../../../src/contract/ops-rules';

/** An operator of the console: never a member. */
export interface Operator {
  id: string;
  name: string;
  /** Lower-cased. */
  email: string;
  role: OpsRole;
  /** Null until the operator has enrolled (set a password and a second factor). */
  passwordHash: string | null;
  totpSecret: string | null;
  /** The last TOTP time step a code was accepted for: a code counts once. */
  totpLastStep: number | null;
  createdAt: Date;
  enrolledAt: Date | null;
  disabledAt: Date | null;
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A plain e-mail address: something@something.tld, no spaces, at most 254 characters. */
export const isPlausibleEmail = (email: string): boolean =>
  email.length <= OPERATOR_EMAIL_MAX_LENGTH && OPERATOR_EMAIL_PATTERN.test(email);

/** How long an enrolment link stays usable. */
export const ENROLMENT_TTL_MS = 24 * 60 * 60 * 1000;

/** An operator session ends after this long without a call (PCI DSS 8.2.8)... */
export const OPS_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** ...and after this long in all, used or not. */
export const OPS_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export interface OperatorSessionRecord {
  id: string;
  operatorId: string;
  csrfHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  /** When this session last gave its second factor: at sign-in, then at each step-up. */
  secondFactorAt: Date;
}

/** When a session ends unless used again, and when it ends in any case. */
export function sessionEnds(session: Pick<OperatorSessionRecord, 'createdAt' | 'lastSeenAt'>) {
  const absolute = session.createdAt.getTime() + OPS_ABSOLUTE_TIMEOUT_MS;
  const idle = Math.min(session.lastSeenAt.getTime() + OPS_IDLE_TIMEOUT_MS, absolute);
  return { idle: new Date(idle), absolute: new Date(absolute) };
}

export function isOperatorSessionLive(session: OperatorSessionRecord, nowMs: number): boolean {
  return session.revokedAt === null && nowMs < sessionEnds(session).idle.getTime();
}
