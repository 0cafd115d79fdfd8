import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { parseStoredPaymentRequest, PaymentMessages } from '../../../domain/model/payment';
import { CLOCK_PORT, type Cancel, type Clock } from '../../../domain/ports/clock.port';
import { PRINTER_PORT, type PrinterPort } from '../../../domain/ports/printer.port';
import { STORAGE_PORT, StorageKeys, type StoragePort } from '../../../domain/ports/storage.port';
import type { DownloadReceiptUseCase } from '../../../domain/use-cases/download-receipt.use-case';
import type { WatchTransactionUseCase } from '../../../domain/use-cases/watch-transaction.use-case';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';
import { ShownTransaction, STATUS_TOAST_MS } from '../../shared/shown-transaction';
import { DOWNLOAD_RECEIPT_USE_CASE, WATCH_TRANSACTION_USE_CASE } from '../../shared/tokens';
import { CLIPBOARD, type Clipboard } from './clipboard';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

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
  /** The transaction on the page: id, status, amount, not found, sign-in required. */
  readonly shown: ShownTransaction;
  private cancelCopied: Cancel | null = null;
  private disposed = false;

  constructor(
    @inject(WATCH_TRANSACTION_USE_CASE) private readonly watch: WatchTransactionUseCase,
    @inject(STORAGE_PORT) private readonly storage: StoragePort,
    @inject(CLIPBOARD) private readonly clipboard: Clipboard,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier' | 'navigation'>,
    @inject(CLOCK_PORT) private readonly clock: Clock,
    @inject(DOWNLOAD_RECEIPT_USE_CASE) private readonly downloadReceipt: DownloadReceiptUseCase,
    @inject(PRINTER_PORT) private readonly printer: PrinterPort,
  ) {
    this.shown = new ShownTransaction(watch);
    observeExcept(this, [
      'watch',
      'shown',
      'storage',
      'clipboard',
      'screen',
      'clock',
      'cancelCopied',
      'downloadReceipt',
      'printer',
    ]);
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
      this.screen.notifier.error(failureMessage(result.error, result.error.key), toast);
    } else if (result.value === 'completed') {
      this.screen.notifier.success({ key: PaymentMessages.completed }, toast);
    } else if (result.value === 'failed') {
      this.screen.notifier.error({ key: PaymentMessages.failed }, toast);
    }
  }

  /** Only a completed payment has a receipt to download. */
  get canDownload(): boolean {
    const { paymentStatus, notFound, signInRequired } = this.shown;
    return paymentStatus === 'completed' && !notFound && !signInRequired;
  }

  goHome(): void {
    this.screen.navigation.go(Paths.home);
  }

  async copyTransactionId(): Promise<void> {
    if (this.shown.transactionId === null) return;
    const copied = await this.clipboard.copy(this.shown.transactionId);
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
    const transactionId = this.shown.transactionId;
    if (transactionId === null || this.downloading) return;
    this.downloading = true;
    const result = await this.downloadReceipt.execute({
      transactionId,
      receiptNumber: this.shown.receiptNumber,
      language,
    });
    if (this.disposed) return;
    runInAction(() => (this.downloading = false));
    if (!result.ok && !result.error.interrupted) {
      this.screen.notifier.error(failureMessage(result.error, result.error.key), {
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
