import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { formatRinggit } from '../../../domain/model/money';
import {
  parseStoredPaymentRequest,
  PaymentMessages,
  type PaymentStatus,
} from '../../../domain/model/payment';
import { CLOCK_PORT, type Cancel, type ClockPort } from '../../../domain/ports/clock.port';
import { PRINTER_PORT, type PrinterPort } from '../../../domain/ports/printer.port';
import { STORAGE_PORT, StorageKeys, type StoragePort } from '../../../domain/ports/storage.port';
import type { DownloadReceiptUseCase } from '../../../domain/use-cases/download-receipt.use-case';
import type {
  WatchedTransaction,
  WatchTransactionUseCase,
} from '../../../domain/use-cases/watch-transaction.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, type Notifier } from '../../app/notifier';
import { failureMessage } from '../../app/error-messages';
import { Paths } from '../../app/paths';
import { DOWNLOAD_RECEIPT_USE_CASE, WATCH_TRANSACTION_USE_CASE } from '../../app/tokens';
import { CLIPBOARD, type Clipboard } from './clipboard';

/** Toasts on the status and return pages close after 5 s. */
export const STATUS_TOAST_MS = 5000;
/** How long the 'Copied' confirmation stays. */
export const COPIED_FEEDBACK_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The payment status / receipt page (/payment-status and /receipt/:transactionId). The
 * transaction is watched by WatchTransactionUseCase (read now, every 10 s until final);
 * 'Refresh Status' reads at once and is the only read that toasts.
 */
@injectable()
export class PaymentStatusViewModel {
  copyState: CopyState = 'idle';
  /** A receipt PDF download is under way. */
  downloading = false;
  transaction: WatchedTransaction;
  private cancelCopied: Cancel | null = null;
  private disposed = false;

  constructor(
    @inject(WATCH_TRANSACTION_USE_CASE) private readonly watch: WatchTransactionUseCase,
    @inject(STORAGE_PORT) private readonly storage: StoragePort,
    @inject(CLIPBOARD) private readonly clipboard: Clipboard,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
    @inject(CLOCK_PORT) private readonly clock: ClockPort,
    @inject(DOWNLOAD_RECEIPT_USE_CASE) private readonly downloadReceipt: DownloadReceiptUseCase,
    @inject(PRINTER_PORT) private readonly printer: PrinterPort,
  ) {
    this.transaction = watch.state;
    makeAutoObservable<
      this,
      | 'watch'
      | 'storage'
      | 'clipboard'
      | 'notifier'
      | 'navigation'
      | 'clock'
      | 'cancelCopied'
      | 'downloadReceipt'
      | 'printer'
    >(
      this,
      {
        watch: false,
        storage: false,
        clipboard: false,
        notifier: false,
        navigation: false,
        clock: false,
        cancelCopied: false,
        downloadReceipt: false,
        printer: false,
      },
      { autoBind: true },
    );
    watch.subscribe((state) => runInAction(() => (this.transaction = state)));
  }

  get transactionId(): string | null {
    return this.transaction.transactionId;
  }

  get paymentStatus(): PaymentStatus {
    return this.transaction.paymentStatus;
  }

  /** The server knows no such transaction for this member; the page says so and stops asking. */
  get notFound(): boolean {
    return this.transaction.notFound;
  }

  /** Nobody is logged in, so the server shows nothing: the page asks the visitor to log in. */
  get signInRequired(): boolean {
    return this.transaction.signInRequired;
  }

  /** R-2026-000123 once the payment completed; null before. */
  get receiptNumber(): string | null {
    return this.transaction.receiptNumber ?? null;
  }

  /** Only a completed payment has a receipt to download. */
  get canDownload(): boolean {
    return this.paymentStatus === 'completed' && !this.notFound && !this.signInRequired;
  }

  /** 'RM 123.45', or 'RM 50.00' when no amount is known. */
  get displayAmount(): string {
    return formatRinggit(this.transaction.amount);
  }

  /** Call on mount with the path's transactionId (the receipt route), if any. */
  load(transactionIdFromPath?: string): void {
    const stored = parseStoredPaymentRequest(this.storage.get(StorageKeys.paymentRequest));
    const transactionId = transactionIdFromPath || stored?.transactionId || null;
    // The stored amount belongs to the stored transaction only.
    const amount = stored && stored.transactionId === transactionId ? stored.amount : undefined;
    this.watch.execute({ transactionId, amount });
  }

  /** 'Refresh Status': the only check that toasts the outcome. */
  async refresh(): Promise<void> {
    const result = await this.watch.refresh();
    if (result === null) return;
    const toast = { autoCloseMs: STATUS_TOAST_MS };
    if (!result.ok) {
      // Not found is on the page already: a toast would say it twice.
      if (result.error.notFound || result.error.signInRequired) return;
      this.notifier.error(failureMessage(result.error, result.error.key), toast);
    } else if (result.value === 'completed') {
      this.notifier.success({ key: PaymentMessages.completed }, toast);
    } else if (result.value === 'failed') {
      this.notifier.error({ key: PaymentMessages.failed }, toast);
    }
  }

  goHome(): void {
    this.navigation.go(Paths.home);
  }

  async copyTransactionId(): Promise<void> {
    if (this.transactionId === null) return;
    const copied = await this.clipboard.copy(this.transactionId);
    if (this.disposed) return;
    runInAction(() => (this.copyState = copied ? 'copied' : 'failed'));
    this.cancelCopied?.();
    this.cancelCopied = this.clock.after(COPIED_FEEDBACK_MS, () => {
      this.cancelCopied = null;
      runInAction(() => (this.copyState = 'idle'));
    });
  }

  /** Saves the receipt PDF in `language` (the app's current one); a failure is toasted. */
  async downloadPdf(language: string | undefined): Promise<void> {
    const transactionId = this.transactionId;
    if (transactionId === null || this.downloading) return;
    this.downloading = true;
    const result = await this.downloadReceipt.execute({
      transactionId,
      receiptNumber: this.receiptNumber,
      language,
    });
    if (this.disposed) return;
    runInAction(() => (this.downloading = false));
    if (!result.ok && !result.error.interrupted) {
      this.notifier.error(failureMessage(result.error, result.error.key), {
        autoCloseMs: STATUS_TOAST_MS,
      });
    }
  }

  /** The browser's print dialog; the page's print stylesheet keeps only the receipt. */
  print(): void {
    this.printer.print();
  }

  dispose(): void {
    this.disposed = true;
    this.watch.dispose();
    this.cancelCopied?.();
    this.cancelCopied = null;
  }
}
