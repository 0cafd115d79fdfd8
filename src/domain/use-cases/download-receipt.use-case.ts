import { FALLBACK_LANGUAGE, languageOfTag } from '../../contract/languages';
import {
  receiptFileName,
  type ReceiptLanguage,
  type ReceiptPdfQuery,
} from '../../contract/payment-history';
import { err, ok, type Result } from '../../contract/result';
import { failureFrom, gotNoAnswer, type Failure } from '../model/failure';
import type { FileSaverPort } from '../ports/file-saver.port';
import type { HttpPort } from '../ports/http.port';

/** i18n keys of the download's fallback texts. */
export const ReceiptMessages = {
  downloadError: 'receipt.downloadError',
  downloadFailed: 'receipt.downloadFailed',
} as const;

/**
 * The receipt language for an app language ('zn', 'fr-FR', 'ms-MY', a browser's 'zh-CN'...);
 * English for any other.
 */
export function receiptLanguageOf(language: string | undefined): ReceiptLanguage {
  return languageOfTag(language ?? '') ?? FALLBACK_LANGUAGE;
}

/**
 * Downloads one completed payment's receipt PDF (GET /payment/receipt/{id}/pdf?lang=&tz=) in the
 * member's language and time zone (`timeZone`, the browser's; the server's default, Malaysia's,
 * when it gives none) and hands it to the browser to save. A pending or failed payment has none
 * (RECEIPT_NOT_AVAILABLE); another member's or an unknown one is PAYMENT_NOT_FOUND.
 */
export class DownloadReceiptUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly saver: FileSaverPort,
    private readonly timeZone: () => string | undefined = () => undefined,
  ) {}

  async execute(input: {
    transactionId: string;
    /** Named in the file name when known; else the transaction ID is. */
    receiptNumber?: string | null;
    language: string | undefined;
  }): Promise<Result<void, Failure>> {
    const answer = await this.http.download(
      'receiptPdf',
      withTimeZone({ lang: receiptLanguageOf(input.language) }, this.timeZone()),
      { pathParam: input.transactionId, pathSuffix: '/pdf' },
    );
    if (!answer.ok) {
      const key = gotNoAnswer(answer.error)
        ? ReceiptMessages.downloadError
        : ReceiptMessages.downloadFailed;
      return err(failureFrom(answer.error, key));
    }
    this.saver.save({
      bytes: answer.value.bytes,
      contentType: answer.value.contentType || 'application/pdf',
      fileName: receiptFileName(input.receiptNumber || input.transactionId),
    });
    return ok(undefined);
  }
}

/** The query with the member's zone, when one is known. */
function withTimeZone(query: ReceiptPdfQuery, timeZone: string | undefined): ReceiptPdfQuery {
  return timeZone === undefined ? query : { ...query, tz: timeZone };
}
