import { documentLine, invoiceDocument, type DocumentLine } from './invoice-document';
import { GENERAL_PUBLIC } from './parties';
import type { SellerSettings } from './seller';
import type { UblDocument, UblNode } from './ubl';

/**
 * The month's consolidated e-invoice (LHDN's e-Invoice Specific Guideline, consolidated
 * e-invoices): the sales for which no buyer asked for an e-invoice, to the buyer "General Public"
 * with the general TIN, one line per payment whose reference is its receipt number, classified
 * 004 (consolidated e-invoice). A payment above RM10,000 needs an e-invoice of its own and is
 * refused here.
 */

/** From 2026 a single sale above RM10,000 is e-invoiced on its own, never consolidated. */
export const CONSOLIDATION_LIMIT_SEN = 1_000_000;
const CONSOLIDATED_CLASSIFICATION = '004';

export interface ConsolidatedPayment {
  readonly receiptNumber: string;
  readonly amountSen: number;
}

export interface ConsolidatedInvoiceInput {
  /** Our document number, unique per seller (e.g. CON-2026-11). */
  readonly id: string;
  /** The calendar month reported, as YYYY-MM. */
  readonly month: string;
  readonly issuedAt: Date;
  readonly seller: SellerSettings;
  readonly payments: readonly ConsolidatedPayment[];
}

/** A payment's line: its receipt number as the reference, classified 004. */
const consolidatedLine = (payment: ConsolidatedPayment): DocumentLine => ({
  id: payment.receiptNumber,
  description: `Receipt ${payment.receiptNumber}`,
  classification: CONSOLIDATED_CLASSIFICATION,
  amountSen: payment.amountSen,
});

/** The line as it is written in the document (its size decides how a month is split). */
export const invoiceLine = (payment: ConsolidatedPayment): UblNode =>
  documentLine(consolidatedLine(payment));

/** The first and last day of a YYYY-MM month. */
function period(month: string): { start: string; end: string } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (match === null) throw new RangeError(`not a month: ${month}`);
  const lastDay = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(lastDay).padStart(2, '0')}` };
}

export function checkPayments(payments: readonly ConsolidatedPayment[]): void {
  if (payments.length === 0) throw new RangeError('a consolidated e-invoice needs a payment');
  const seen = new Set<string>();
  for (const { receiptNumber, amountSen } of payments) {
    if (!Number.isSafeInteger(amountSen) || amountSen <= 0) {
      throw new RangeError(`${receiptNumber}: not an amount in sen: ${amountSen}`);
    }
    if (amountSen > CONSOLIDATION_LIMIT_SEN) {
      throw new RangeError(`${receiptNumber}: above RM10,000, it needs its own e-invoice`);
    }
    if (seen.has(receiptNumber)) throw new RangeError(`${receiptNumber}: listed twice`);
    seen.add(receiptNumber);
  }
}

/** The unsigned consolidated e-invoice of a month (document version 1.1). */
export function consolidatedInvoice(input: ConsolidatedInvoiceInput): UblDocument {
  checkPayments(input.payments);
  return invoiceDocument({
    typeCode: '01',
    id: input.id,
    issuedAt: input.issuedAt,
    seller: input.seller,
    buyer: GENERAL_PUBLIC,
    period: period(input.month),
    lines: input.payments.map(consolidatedLine),
  });
}
