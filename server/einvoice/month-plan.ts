import { MALAYSIA_UTC_OFFSET_MS, receiptSequence } from '../domain/receipt';
import { CONSOLIDATION_LIMIT_SEN, type ConsolidatedPayment } from './consolidated-invoice';

/**
 * Which of a month's completed payments go on the consolidated e-invoice and which need their
 * own: a payment whose member asked for an e-invoice, or one above RM10,000, is e-invoiced alone;
 * every other one is a line of the consolidated document, in receipt order. The month is
 * Malaysia's calendar month, as the receipts count it. The totals are the check the reports page
 * makes: consolidated plus individual equals the month's completed payments.
 */
export interface MonthPayment {
  readonly receiptNumber: string;
  readonly amountSen: number;
  readonly completedAt: Date;
  /** The member asked for an e-invoice of their own (with their details) this month. */
  readonly ownInvoiceRequested: boolean;
}

export interface MonthPlan {
  readonly consolidated: readonly ConsolidatedPayment[];
  readonly individual: readonly {
    readonly payment: MonthPayment;
    readonly reason: 'requested' | 'above-limit';
  }[];
  readonly totals: {
    readonly completedSen: number;
    readonly consolidatedSen: number;
    readonly individualSen: number;
  };
}

/** YYYY-MM of an instant on Malaysia's wall clock. */
const malaysiaMonth = (at: Date): string =>
  new Date(at.getTime() + MALAYSIA_UTC_OFFSET_MS).toISOString().slice(0, 7);

export function planMonth(month: string, payments: readonly MonthPayment[]): MonthPlan {
  const outside = payments.filter((p) => malaysiaMonth(p.completedAt) !== month);
  if (outside.length > 0) {
    throw new RangeError(
      `not completed in ${month}: ${outside.map((p) => p.receiptNumber).join(', ')}`,
    );
  }
  const ordered = [...payments].sort(
    (a, b) => receiptSequence(a.receiptNumber) - receiptSequence(b.receiptNumber),
  );
  const consolidated: ConsolidatedPayment[] = [];
  const individual: MonthPlan['individual'][number][] = [];
  for (const payment of ordered) {
    if (payment.ownInvoiceRequested) individual.push({ payment, reason: 'requested' });
    else if (payment.amountSen > CONSOLIDATION_LIMIT_SEN)
      individual.push({ payment, reason: 'above-limit' });
    else consolidated.push({ receiptNumber: payment.receiptNumber, amountSen: payment.amountSen });
  }
  const sum = (amounts: readonly number[]): number => amounts.reduce((a, b) => a + b, 0);
  return {
    consolidated,
    individual,
    totals: {
      completedSen: sum(payments.map((p) => p.amountSen)),
      consolidatedSen: sum(consolidated.map((p) => p.amountSen)),
      individualSen: sum(individual.map(({ payment }) => payment.amountSen)),
    },
  };
}
