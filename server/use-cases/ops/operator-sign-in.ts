import { LOGIN_FAILURE_WINDOW_MS } from '../../domain/login-throttle-policy';
import { maskedEmail } from '../../domain/ops/masking';
import { type Operator, type OperatorSessionRecord, sessionEnds } from '../../domain/ops/operator';
import { type LoginFailureStore } from '../../ports/login-failure-store.port';
import { type PasswordHasher } from '../../ports/password-hasher.port';
import { type Random } from '../../ports/random.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { ok, rateLimited, type Result, type UseCaseError } from '../result';
import { entryOf } from './actor';
import { hashToken } from './manage-operators.use-case';
import { secondFactorThrottleKey } from './second-factor-lock';
import { createHash } from 'node:crypto';

/** The login throttle's key of an operator's sign-ins (members' keys are IC/passports). */
export const operatorThrottleKey = (email: string) => `operator:${email}`;

/**
 * The CSRF token of a session: derived from its cookie's token (which the page's scripts cannot
 * read), so the console can be handed it again after a reload without keeping it in clear.
 */
export const csrfTokenFor = (sessionToken: string): string =>
  createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');

/** A sign-in slot from the throttle (the attempt counts as a failure until it succeeds). */
export async function claimSignIn(
  failures: LoginFailureStore,
  attempt: { id: string; email: string; now: Date; maxFailures: number },
): Promise<Result<null, UseCaseError>> {
  const { now, maxFailures } = attempt;
  const claim = await failures.claimAttempt(
    { id: attempt.id, accountKey: operatorThrottleKey(attempt.email), at: now },
    new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
    maxFailures,
  );
  if (claim.claimed) return { ok: true, value: null };
  return rateLimited('AUTH_TOO_MANY_ATTEMPTS', {
    since: claim.failures[claim.failures.length - maxFailures],
    windowMs: LOGIN_FAILURE_WINDOW_MS,
    now,
  });
}

/** What the password step of a sign-in found, whichever second factor follows. */
export interface PasswordStep {
  /** The operator with that e-mail, if any (named in the failed sign-in's audit entry). */
  found: Operator | null;
  /** That operator when enrolled and not disabled, and only when the password matched. */
  verified: Operator | null;
}

/**
 * The password step of every sign-in: a throttle slot (the attempt counts as a failure until
 * the second factor succeeds), the operator by e-mail, and the password verified (a dummy verify
 * for nobody, so the time taken says nothing about who exists). A sign-in refused by the throttle
 * is audited, as a failed one is.
 */
export async function checkOperatorPassword(
  deps: {
    uow: UnitOfWork;
    failures: LoginFailureStore;
    hasher: PasswordHasher;
    random: Random;
    maxFailures: number;
  },
  input: { email: string; password: string; now: Date; address: string },
): Promise<Result<PasswordStep, UseCaseError>> {
  const { email, now } = input;
  const claimed = await claimSignIn(deps.failures, {
    id: deps.random.uuid(),
    email,
    now,
    maxFailures: deps.maxFailures,
  });
  if (!claimed.ok) {
    await auditRefusedSignIn(deps.uow, { email, address: input.address, now });
    return claimed;
  }
  const found = await deps.uow.run(({ operators }) => operators.findByEmail(email));
  const usable =
    found !== null && found.disabledAt === null && found.enrolledAt !== null ? found : null;
  const passwordOk =
    usable?.passwordHash != null
      ? await deps.hasher.verify(usable.passwordHash, input.password)
      : await deps.hasher.verifyDummy(input.password).then(() => false);
  // The password is proven: the password throttle is for guesses, and wrong second factors count
  // on a throttle of their own (second-factor-lock.ts), which a passkey sign-in gets past.
  if (passwordOk) await deps.failures.clear(operatorThrottleKey(email));
  return ok({ found, verified: passwordOk ? usable : null });
}

/**
 * A sign-in refused unheard while the throttle holds (no password checked): audited by the
 * operator tried, or the address masked, as a failed one is; never the password or code.
 */
export async function auditRefusedSignIn(
  uow: UnitOfWork,
  tried: { email: string; address: string; now: Date },
): Promise<void> {
  await uow.run(async ({ operators, audit }) => {
    const found = await operators.findByEmail(tried.email);
    await auditFailedSignIn(audit, { ...tried, found }, 'operator.sign_in_refused');
  });
}

/** Audits a failed sign-in: by the operator tried, or (nobody by that address) the address masked. */
export async function auditFailedSignIn(
  audit: TransactionalStores['audit'],
  tried: { found: Operator | null; email: string; address: string; now: Date },
  action = 'operator.sign_in_failed',
): Promise<void> {
  const { found, email, address, now } = tried;
  const what = {
    action,
    targetType: 'operator',
    targetId: found?.id ?? null,
  } as const;
  await audit.append(
    found === null
      ? { ...entryOf({ kind: 'cli' }, now, what), actorName: maskedEmail(email), address }
      : entryOf({ kind: 'operator', ...found, address }, now, what),
  );
}

/** A new session for an operator who proved both factors, audited, both throttles forgotten. */
export async function openOperatorSession(
  tx: Pick<TransactionalStores, 'operators' | 'audit' | 'loginFailures'>,
  operator: Operator,
  context: { address: string; now: Date; random: Random },
) {
  const { now, random, address } = context;
  const token = random.sessionToken();
  const csrfToken = csrfTokenFor(token);
  const session: OperatorSessionRecord = {
    id: random.uuid(),
    operatorId: operator.id,
    csrfHash: hashToken(csrfToken),
    createdAt: now,
    lastSeenAt: now,
    revokedAt: null,
    secondFactorAt: now,
  };
  await tx.loginFailures.clear(operatorThrottleKey(operator.email));
  await tx.loginFailures.clear(secondFactorThrottleKey(operator.email));
  await tx.operators.createSession({ ...session, tokenHash: hashToken(token) });
  await tx.audit.append(
    entryOf({ kind: 'operator', ...operator, address }, now, {
      action: 'operator.sign_in',
      targetType: 'operator',
      targetId: operator.id,
    }),
  );
  return { token, csrfToken, operator, session, ends: sessionEnds(session) };
}
