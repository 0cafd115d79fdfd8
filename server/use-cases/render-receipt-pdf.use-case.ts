import {
  type ReceiptLanguage,
  RECEIPT_LANGUAGES,
  receiptFileName,
} from '../../src/contract/payment-history';
import { formatSen } from '../../src/contract/money';
import { gatewayReferenceOf } from '../../src/contract/payment';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../src/contract/time-zones';
import { maskIdentity } from '../domain/receipt';
import { isTransactionId } from '../domain/transaction';
import type { Clock } from '../ports/clock.port';
import type { MemberRepository } from '../ports/member-repository.port';
import type {
  PaymentHistoryStore,
  PaymentRecord,
  RefundOfPayment,
} from '../ports/payment-history.port';
import type { ReceiptDocument, ReceiptRenderer } from '../ports/receipt-renderer.port';
import { failWith, ok, type Result, type UseCaseError } from './result';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';

export interface RenderReceiptPdfInput {
  memberId: string;
  transactionId: string;
  /** The query's `lang`, as text; English when absent. */
  lang?: string;
  /** The query's `tz`: the member's IANA time zone; Malaysia's when absent. */
  timeZone?: string;
}

export interface ReceiptPdf {
  fileName: string;
  pdf: Uint8Array;
}

/**
 * One completed payment's receipt as a PDF, for its owner, in the member's language. Another
 * member's payment reads exactly like a missing one. A payment left pending past the reconcile
 * delay is first re-queried from the gateway, as the status reads do, so a payment whose callback
 * was lost still gets its receipt. The PDF's times come from the store and this clock only.
 */
export class RenderReceiptPdfUseCase {
  constructor(
    private readonly history: PaymentHistoryStore,
    private readonly members: MemberRepository,
    private readonly reconcile: Pick<ReconcilePendingPaymentsUseCase, 'reconcileIfStale'>,
    private readonly renderer: ReceiptRenderer,
    private readonly clock: Clock,
    private readonly merchantName: () => string,
  ) {}

  async execute(input: RenderReceiptPdfInput): Promise<Result<ReceiptPdf, UseCaseError>> {
    const language = input.lang ?? 'en';
    if (!isReceiptLanguage(language)) {
      return failWith('VALIDATION_FAILED', { field: 'lang', reason: 'receipt-language-unknown' });
    }
    const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
    if (!isTimeZone(timeZone)) {
      return failWith('VALIDATION_FAILED', { field: 'tz', reason: 'receipt-time-zone-unknown' });
    }
    const found = await this.ownedFresh(input.memberId, input.transactionId);
    if (found === null) return failWith('PAYMENT_NOT_FOUND');
    const member = await this.members.findById(input.memberId);
    if (member === null) return failWith('PAYMENT_NOT_FOUND');
    const { receiptNumber, paidAt, status } = found;
    if (status !== 'completed' || receiptNumber === null || paidAt === null) {
      const reason = status === 'failed' ? 'receipt-payment-failed' : 'receipt-payment-pending';
      return failWith('RECEIPT_NOT_AVAILABLE', { reason });
    }
    const pdf = await this.renderer.render({
      language,
      timeZone,
      merchantName: this.merchantName(),
      receiptNumber,
      memberName: member.name,
      maskedIdentity: maskIdentity(member.icOrPassport),
      transactionId: found.transactionId,
      gatewayReference: gatewayReferenceOf(found.gatewayRef, found.transactionId),
      amount: formatSen(found.amountSen),
      paymentMethod: found.paymentMethod,
      status: 'completed',
      paidAt,
      ...receiptRefunds(await this.history.refundsOf(found.transactionId)),
      issuedAt: new Date(this.clock.now()),
    });
    return ok({ fileName: receiptFileName(receiptNumber), pdf });
  }

  /** The member's payment (null for a malformed id, a missing one or someone else's). */
  private async ownedFresh(memberId: string, transactionId: string): Promise<PaymentRecord | null> {
    if (!isTransactionId(transactionId)) return null;
    const record = await this.history.findRecord(transactionId);
    if (record === null || record.memberId !== memberId) return null;
    const outcome = await this.reconcile.reconcileIfStale(record);
    return outcome === 'completed' || outcome === 'failed'
      ? ((await this.history.findRecord(transactionId)) ?? record)
      : record;
  }
}

/** The refunds as a receipt states them: each one's amount and time, and their sum. */
function receiptRefunds(
  refunds: readonly RefundOfPayment[],
): Pick<ReceiptDocument, 'refunds' | 'refundedTotal'> {
  return {
    refunds: refunds.map((refund) => ({
      amount: formatSen(refund.amountSen),
      refundedAt: refund.refundedAt,
    })),
    refundedTotal: formatSen(refunds.reduce((sum, refund) => sum + refund.amountSen, 0)),
  };
}

const isReceiptLanguage = (value: string): value is ReceiptLanguage =>
  (RECEIPT_LANGUAGES as readonly string[]).includes(value);

/** Renders `count` sample receipts one after another (the bench's receipts-per-second figure). */
export async function renderSampleReceipts(
  renderer: ReceiptRenderer,
  count: number,
  language: ReceiptLanguage = 'en',
): Promise<{ bytes: number[] }> {
  const bytes: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const pdf = await renderer.render({
      language,
      merchantName: 'Member Payment Portal',
      receiptNumber: `R-2026-${String(i).padStart(6, '0')}`,
      memberName: 'Aisyah Rahman',
      maskedIdentity: maskIdentity('900101145678'),
      transactionId: 'TXNABCDEFGHIJKLMNOPQRSTUVWX',
      gatewayReference: 'TXNABCDEFGHIJKLMNOPQRSTUVWX',
      amount: '123.45',
      paymentMethod: 'qr',
      status: 'completed',
      paidAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      refunds: [],
      refundedTotal: '0.00',
      issuedAt: new Date(Date.UTC(2026, 0, 2, 3, 5, 0)),
    });
    bytes.push(pdf.byteLength);
  }
  return { bytes };
}
