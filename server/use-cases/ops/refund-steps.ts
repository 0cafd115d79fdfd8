import { formatSen } from '../../../src/contract/money';
import { isSteppedUp, type Refund } from '../../domain/ops/refund';
import { type DirectoryRefund } from '../../ports/payment-directory.port';
import { RefundRefused } from '../../ports/refund-store.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

/** The operator taking a refund step, and when their session last gave its second factor. */
export interface RefundStepBy {
  actor: Extract<Actor, { kind: 'operator' }>;
  secondFactorAt: Date;
}

/** OPS_STEP_UP_REQUIRED unless the second factor was given in the last five minutes. */
export function stepUpRefusal(
  by: RefundStepBy,
  nowMs: number,
): { ok: false; error: UseCaseError } | null {
  return isSteppedUp(by.secondFactorAt, nowMs) ? null : failWith('OPS_STEP_UP_REQUIRED');
}

/**
 * Runs a refund step in one unit of work; a refusal of the store's rules (its trigger on
 * PostgreSQL) rolls the whole step back, audit entry included, and answers its code.
 */
export async function inRefundUnit<T>(
  uow: UnitOfWork,
  work: (tx: TransactionalStores) => Promise<Result<T, UseCaseError>>,
): Promise<Result<T, UseCaseError>> {
  try {
    return await uow.run(work);
  } catch (error) {
    if (error instanceof RefundRefused) return failWith(error.code);
    throw error;
  }
}

/** The audit entry of a refund step: on the payment, naming the refund, its amount and status. */
export async function auditRefundStep(
  audit: TransactionalStores['audit'],
  step: { by: RefundStepBy; at: Date; action: string; reason?: string | null },
  refund: Refund,
  statusBefore: Refund['status'] | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const changes: Record<string, { before: unknown; after: unknown }> = {
    refund_id: { before: null, after: refund.id },
    amount: { before: null, after: formatSen(refund.amountSen) },
    status: { before: statusBefore, after: refund.status },
  };
  for (const [name, value] of Object.entries(extra)) changes[name] = { before: null, after: value };
  await audit.append(
    entryOf(step.by.actor, step.at, {
      action: step.action,
      targetType: 'payment',
      targetId: refund.transactionId,
      reason: step.reason ?? null,
      changes,
    }),
  );
}

/** A refund with the names of the operators who took its steps. */
export async function namedRefund(
  operators: TransactionalStores['operators'],
  refund: Refund,
): Promise<DirectoryRefund> {
  const who = async (id: string | null) => {
    if (id === null) return null;
    const operator = await operators.findById(id);
    return { id, name: operator?.name ?? '' };
  };
  return {
    ...refund,
    requestedBy: (await who(refund.requestedBy)) ?? { id: refund.requestedBy, name: '' },
    decidedBy: await who(refund.decidedBy),
    closedBy: await who(refund.closedBy),
  };
}

/** Today's calendar day in Malaysia (UTC+8), YYYY-MM-DD. */
export const malaysiaDay = (nowMs: number): string =>
  new Date(nowMs + 8 * 60 * 60_000).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
