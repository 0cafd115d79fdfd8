import {
  DownloadReceiptUseCase,
  receiptLanguageOf,
} from '../../src/domain/use-cases/download-receipt.use-case';
import { ListPaymentHistoryUseCase } from '../../src/domain/use-cases/list-payment-history.use-case';
import { answer, failure, FakeHttp, file } from '../fakes/fake-http';
import { RecordingFileSaver } from '../fakes/recording-file-saver';
import { aHistoryRow } from '../builders/history-row';

describe('ListPaymentHistoryUseCase', () => {
  it('asks for 20 rows, the status only when narrowed, and the cursor of the page before', async () => {
    const http = new FakeHttp().on('paymentHistory', answer({ payments: [], nextCursor: null }));
    const list = new ListPaymentHistoryUseCase(http);
    await list.execute({ status: 'all' });
    await list.execute({ status: 'pending', cursor: 'c-2' });
    expect(http.callsTo('paymentHistory').map((c) => c.request)).toEqual([
      { limit: 20 },
      { status: 'pending', cursor: 'c-2', limit: 20 },
    ]);
  });

  it('gives the rows and the next cursor as answered', async () => {
    const rows = [aHistoryRow(), aHistoryRow({ transactionId: 'TXN2', status: 'pending' })];
    const http = new FakeHttp().on('paymentHistory', answer({ payments: rows, nextCursor: 'n' }));
    const result = await new ListPaymentHistoryUseCase(http).execute({ status: 'all' });
    expect(result).toEqual({ ok: true, value: { payments: rows, nextCursor: 'n' } });
  });

  it('reports failures by code, with the fallback for no answer or a malformed one', async () => {
    const http = new FakeHttp()
      .once('paymentHistory', failure('VALIDATION_FAILED', { field: 'cursor' }))
      .once('paymentHistory', failure('NO_ANSWER'))
      .once('paymentHistory', answer({ rows: [] } as never));
    const list = new ListPaymentHistoryUseCase(http);
    expect(await list.execute({ status: 'all' })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'cursor' }),
    });
    expect(await list.execute({ status: 'all' })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'NO_ANSWER', key: 'paymentHistory.loadError' }),
    });
    expect(await list.execute({ status: 'all' })).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', key: 'paymentHistory.loadFailed' },
    });
  });
});

describe('DownloadReceiptUseCase', () => {
  it('downloads the PDF in the member’s language and saves it under the receipt number', async () => {
    const http = new FakeHttp().onDownload('receiptPdf', file('%PDF-1.7 ...'));
    const saver = new RecordingFileSaver();
    const result = await new DownloadReceiptUseCase(http, saver).execute({
      transactionId: 'TXN1',
      receiptNumber: 'R-2026-000007',
      language: 'zn',
    });
    expect(result.ok).toBe(true);
    expect(http.downloads).toEqual([
      expect.objectContaining({
        endpoint: 'receiptPdf',
        request: { lang: 'zn' },
        options: { pathParam: 'TXN1', pathSuffix: '/pdf' },
      }),
    ]);
    expect(saver.files).toEqual([{ fileName: 'receipt-R-2026-000007.pdf', text: '%PDF-1.7 ...' }]);
    expect(saver.saved[0].contentType).toBe('application/pdf');
  });

  it('names the file by the transaction when no receipt number is known', async () => {
    const http = new FakeHttp().onDownload('receiptPdf', file('%PDF'));
    const saver = new RecordingFileSaver();
    await new DownloadReceiptUseCase(http, saver).execute({
      transactionId: 'TXN9',
      language: 'en',
    });
    expect(saver.files[0].fileName).toBe('receipt-TXN9.pdf');
  });

  it.each([
    ['RECEIPT_NOT_AVAILABLE', 'receipt.downloadFailed'],
    ['PAYMENT_NOT_FOUND', 'receipt.downloadFailed'],
    ['RATE_LIMITED', 'receipt.downloadFailed'],
    ['NO_ANSWER', 'receipt.downloadError'],
  ] as const)('reports %s as its code and saves nothing', async (code, key) => {
    const http = new FakeHttp().onDownload('receiptPdf', failure(code));
    const saver = new RecordingFileSaver();
    const result = await new DownloadReceiptUseCase(http, saver).execute({
      transactionId: 'TXN1',
      language: 'fr',
    });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code, key }) });
    expect(saver.saved).toEqual([]);
  });

  it('asks for the app’s language as a receipt language, English for any other', () => {
    expect(
      ['en', 'fr', 'zn', 'ms', 'fr-FR', 'ZN', 'zh-CN', 'ms-MY', 'de', undefined].map(
        receiptLanguageOf,
      ),
    ).toEqual(['en', 'fr', 'zn', 'ms', 'fr', 'zn', 'zn', 'ms', 'en', 'en']);
  });
});
