import { type Config } from '../config';
import { type Clock } from '../ports/clock.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PaymentHistoryStore } from '../ports/payment-history.port';
import { type ReceiptRenderer } from '../ports/receipt-renderer.port';
import { ListPaymentHistoryUseCase } from '../use-cases/list-payment-history.use-case';
import { type ReconcilePendingPaymentsUseCase } from '../use-cases/reconcile-pending-payments.use-case';
import { RenderReceiptPdfUseCase } from '../use-cases/render-receipt-pdf.use-case';

/** The history and receipt adapters beside the container's others. */
export interface PaymentHistoryAdapters {
  paymentHistory: PaymentHistoryStore;
  /**
   * The containers' WorkerPoolReceiptRenderer (worker threads, which alone load the PDF
   * libraries) unless a test hands another.
   */
  receiptRenderer: ReceiptRenderer;
}

export interface PaymentHistoryUseCases {
  listPaymentHistory: ListPaymentHistoryUseCase;
  renderReceiptPdf: RenderReceiptPdfUseCase;
}

/** The payment history and receipt use cases, wired by the container's wireUseCases. */
export function wirePaymentHistory(
  adapters: PaymentHistoryAdapters & { members: MemberRepository; clock: Clock },
  config: Pick<Config, 'merchantName'>,
  reconcile: ReconcilePendingPaymentsUseCase,
): PaymentHistoryUseCases {
  return {
    listPaymentHistory: new ListPaymentHistoryUseCase(adapters.paymentHistory),
    renderReceiptPdf: new RenderReceiptPdfUseCase(
      adapters.paymentHistory,
      adapters.members,
      reconcile,
      adapters.receiptRenderer,
      adapters.clock,
      () => config.merchantName,
    ),
  };
}
