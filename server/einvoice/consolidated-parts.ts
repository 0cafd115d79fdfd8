import {
  checkPayments,
  consolidatedInvoice,
  invoiceLine,
  type ConsolidatedInvoiceInput,
  type ConsolidatedPayment,
} from './consolidated-invoice';
import type { UblDocument } from './ubl';

/**
 * MyInvois takes an e-invoice of at most 300 KB, and a line of ours is about 730 bytes: a month
 * of more than about 400 payments does not fit in one document. LHDN's guideline lets a seller
 * split the month's receipts over several consolidated e-invoices; the parts keep the receipts'
 * order, are numbered from 1 after the month's id, and together carry every payment once.
 */
export const MAX_DOCUMENT_BYTES = 300_000;
/** Room kept in each part for its signature: the certificate in base64 and the XAdES around it. */
export const SIGNATURE_RESERVE_BYTES = 16_000;
/** Room for the totals growing by a few digits as lines are added. */
const TOTALS_SLACK_BYTES = 200;

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

export interface ConsolidatedPartsInput extends Omit<ConsolidatedInvoiceInput, 'id'> {
  /** The month's document number; the parts are <idPrefix>-1, <idPrefix>-2, ... */
  readonly idPrefix: string;
}

/** The month's consolidated e-invoices, unsigned, each small enough to be signed and submitted. */
export function consolidatedInvoices(input: ConsolidatedPartsInput): UblDocument[] {
  checkPayments(input.payments);
  const { idPrefix, ...common } = input;
  const budget = MAX_DOCUMENT_BYTES - SIGNATURE_RESERVE_BYTES;
  const part = (payments: readonly ConsolidatedPayment[], index: number): UblDocument =>
    consolidatedInvoice({ ...common, id: `${idPrefix}-${index + 1}`, payments });
  // The document around the lines: one part with one line, less that line.
  const first = input.payments.slice(0, 1);
  const frame = bytes(part(first, 0)) - bytes(first.map(invoiceLine)[0]) + TOTALS_SLACK_BYTES;
  const groups: ConsolidatedPayment[][] = [];
  let group: ConsolidatedPayment[] = [];
  let size = frame;
  for (const payment of input.payments) {
    // Each line after the first adds its bytes and a comma.
    const lineBytes = bytes(invoiceLine(payment)) + 1;
    if (group.length > 0 && size + lineBytes > budget) {
      groups.push(group);
      group = [];
      size = frame;
    }
    group.push(payment);
    size += lineBytes;
  }
  groups.push(group);
  return groups.map((payments, index) => {
    const document = part(payments, index);
    if (bytes(document) > budget) {
      throw new RangeError(`${idPrefix}-${index + 1}: one line does not fit in a document`);
    }
    return document;
  });
}
