import { invoiceDocument, type DocumentLine } from './invoice-document';
import { GENERAL_PUBLIC, type Buyer } from './parties';
import type { SellerSettings } from './seller';
import type { UblDocument } from './ubl';

/**
 * A payment's own e-invoice: the member asked for one with their details, or the payment is above
 * RM10,000 and is reported alone (to the general public when the member gave none). And the
 * refund note of a refund on an e-invoiced payment, which points to the original document by
 * our number and MyInvois' UUID.
 */

/** MyInvois' classification 022, "Others": membership fees have no code of their own. */
export const OTHERS_CLASSIFICATION = '022';
const CONSOLIDATED_CLASSIFICATION = '004';

export interface PaidItem {
  readonly receiptNumber: string;
  readonly amountSen: number;
  /** What was paid for, as the receipt says it (e.g. "Annual membership 2026"). */
  readonly description: string;
}

interface Common {
  /** Our document number, unique per seller. */
  readonly id: string;
  readonly issuedAt: Date;
  readonly seller: SellerSettings;
  /** GENERAL_PUBLIC unless the member gave their details. */
  readonly buyer: Buyer;
}

export interface IndividualInvoiceInput extends Common {
  readonly payment: PaidItem;
}

export interface RefundNoteInput extends Common {
  readonly refund: PaidItem;
  /** The e-invoice the payment was reported on. */
  readonly original: {
    readonly id: string;
    readonly uuid: string;
    /** The month's consolidated e-invoice rather than the payment's own. */
    readonly consolidated: boolean;
  };
}

const NAME_MAX = 300;

/** What MyInvois would refuse in a member's buyer details: empty when they will do. */
export function buyerProblems(buyer: Buyer): string[] {
  if (buyer === GENERAL_PUBLIC) return [];
  const problems: string[] = [];
  if (buyer.name.trim() === '' || buyer.name.length > NAME_MAX) {
    problems.push('the buyer name must have 1 to 300 characters');
  }
  if (!/^[A-Z]{1,2}\d{8,12}$/.test(buyer.tin)) problems.push('the buyer TIN is not a MyInvois TIN');
  if (buyer.idValue.trim() === '') problems.push('the buyer identification number is missing');
  if (buyer.address === null) problems.push('the buyer address is missing');
  if (buyer.phone === null) problems.push('the buyer telephone number is missing');
  return problems;
}

function checkAmount(item: PaidItem): void {
  if (!Number.isSafeInteger(item.amountSen) || item.amountSen <= 0) {
    throw new RangeError(`${item.receiptNumber}: not an amount in sen: ${item.amountSen}`);
  }
}

function checkBuyer(buyer: Buyer): void {
  const problems = buyerProblems(buyer);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
}

const lineOf = (item: PaidItem, classification: string): DocumentLine => ({
  id: item.receiptNumber,
  description: `${item.description} (receipt ${item.receiptNumber})`,
  classification,
  amountSen: item.amountSen,
});

/** The unsigned e-invoice of one payment (type 01, version 1.1). */
export function individualInvoice(input: IndividualInvoiceInput): UblDocument {
  checkAmount(input.payment);
  checkBuyer(input.buyer);
  const { id, issuedAt, seller, buyer } = input;
  const lines = [lineOf(input.payment, OTHERS_CLASSIFICATION)];
  return invoiceDocument({ typeCode: '01', id, issuedAt, seller, buyer, lines });
}

/** The unsigned refund note of a refund (type 04, version 1.1), referring to the original. */
export function refundNote(input: RefundNoteInput): UblDocument {
  checkAmount(input.refund);
  checkBuyer(input.buyer);
  const { id, issuedAt, seller, buyer, original } = input;
  const classification = original.consolidated
    ? CONSOLIDATED_CLASSIFICATION
    : OTHERS_CLASSIFICATION;
  const lines = [lineOf(input.refund, classification)];
  return invoiceDocument({
    typeCode: '04',
    id,
    issuedAt,
    seller,
    buyer,
    lines,
    original: { id: original.id, uuid: original.uuid },
  });
}
