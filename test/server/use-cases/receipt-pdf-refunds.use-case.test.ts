import { randomBytes } from 'node:crypto';
import { PdfkitReceiptRenderer } from '../../../server/adapters/pdf/pdfkit-receipt-renderer.adapter';
import { RECEIPT_TEXTS } from '../../../server/adapters/pdf/receipt-texts';
import { generateTransactionId } from '../../../server/domain/transaction';
import { RenderReceiptPdfUseCase } from '../../../server/use-cases/render-receipt-pdf.use-case';
import { RECEIPT_LANGUAGES } from '../../../src/contract/payment-history';
import { FakeClock } from '../../fakes/fake-clock';
import { aRefundRow } from '../support/refund-rows';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';
import { pdfText } from '../support/pdf-tools';

jest.setTimeout(30_000);

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** A member's completed payment of RM 123.45, the tables to add refunds to, and its receipt. */
async function aPaidReceipt() {
  const stores = inMemoryStores();
  const member = aMemberRow();
  await stores.members.insert(member);
  const transactionId = generateTransactionId(randomBytes);
  await stores.transactions.createPending({
    transactionId,
    memberId: member.id,
    amountSen: 12_345,
    gateway: 'sandbox',
    paymentMethod: 'qr',
    createdAt: at(0),
  });
  await stores.transactions.withLockedTransaction(transactionId, (_tx, unit) =>
    unit.finalise('completed', at(2)),
  );
  const useCase = new RenderReceiptPdfUseCase(
    stores.paymentHistory,
    stores.members,
    { reconcileIfStale: async () => 'not_stale' },
    new PdfkitReceiptRenderer(),
    new FakeClock(at(24 * 60)),
    () => 'Kelab Ahli Sdn Bhd',
  );
  const receipt = async (lang: string) => {
    const result = await useCase.execute({ memberId: member.id, transactionId, lang });
    if (!result.ok) throw new Error(`${lang}: ${JSON.stringify(result.error)}`);
    return pdfText(result.value.pdf);
  };
  const refund = (overrides: Parameters<typeof aRefundRow>[0]) => {
    const row = aRefundRow(overrides);
    stores.tables.refunds.insert(row.id, row);
  };
  return { transactionId, receipt, refund };
}

/** pdftotext may break a long row's value over lines: compare with the spacing flattened. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the receipt PDF with refunds', () => {
  it('lists each refund done with its Malaysia time, oldest first, and their total', async () => {
    const { transactionId, receipt, refund } = await aPaidReceipt();
    // 16:30 UTC is 00:30 the next day in Malaysia.
    refund({ transactionId, requestedBy: 'op-1', amountSen: 345, refundedAt: at(450) });
    refund({ transactionId, requestedBy: 'op-1', amountSen: 2_000, refundedAt: at(60) });
    refund({ transactionId, requestedBy: 'op-1', amountSen: 5_000, status: 'approved' });
    refund({ transactionId, requestedBy: 'op-1', amountSen: 7_000, status: 'rejected' });
    const text = flat(await receipt('en'));
    const first = text.indexOf('Refund MYR 20.00 on 2026-01-01 18:00:00 (Malaysia time, UTC+8)');
    const second = text.indexOf('Refund MYR 3.45 on 2026-01-02 00:30:00 (Malaysia time, UTC+8)');
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(text).toContain('Total refunded MYR 23.45');
    // The payment itself still completed; refunds not done are not on it.
    expect(text).toContain('Status Completed');
    expect(text).not.toContain('MYR 50.00');
    expect(text).not.toContain('MYR 70.00');
  });

  it.each(RECEIPT_LANGUAGES)('words the refunds in %s', async (language) => {
    const { transactionId, receipt, refund } = await aPaidReceipt();
    refund({ transactionId, requestedBy: 'op-1', amountSen: 12_345, refundedAt: at(60) });
    const texts = RECEIPT_TEXTS[language];
    const text = flat(await receipt(language));
    expect(text).toContain(
      flat(`${texts.refund} MYR 123.45${texts.refundedOn}2026-01-01 18:00:00`),
    );
    expect(text).toContain(flat(`${texts.refundedTotal} MYR 123.45`));
  });

  it('says nothing of refunds on a receipt without any done', async () => {
    const { transactionId, receipt, refund } = await aPaidReceipt();
    refund({ transactionId, requestedBy: 'op-1', amountSen: 1_000, status: 'requested' });
    const text = await receipt('en');
    expect(text).not.toContain('Refund');
    expect(text).not.toContain(RECEIPT_TEXTS.en.refundedTotal);
  });
});
