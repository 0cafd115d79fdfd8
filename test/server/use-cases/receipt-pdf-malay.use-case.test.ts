import { randomBytes } from 'node:crypto';
import { PdfkitReceiptRenderer } from '../../../server/adapters/pdf/pdfkit-receipt-renderer.adapter';
import { RECEIPT_TEXTS } from '../../../server/adapters/pdf/receipt-texts';
import { generateTransactionId } from '../../../server/domain/transaction';
import { RenderReceiptPdfUseCase } from '../../../server/use-cases/render-receipt-pdf.use-case';
import { LANGUAGES } from '../../../src/contract/languages';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';
import { pdfText } from '../support/pdf-tools';

jest.setTimeout(30_000);

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** A member with one completed payment of RM 123.45, and the use case that draws its receipt. */
async function aPaidReceipt() {
  const stores = inMemoryStores();
  const member = aMemberRow({ name: 'Nurul Aina binti Ahmad', icOrPassport: '900101145678' });
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
  await stores.transactions.attachGatewayRef(transactionId, 'BILL-8X2K');
  const useCase = new RenderReceiptPdfUseCase(
    stores.paymentHistory,
    stores.members,
    { reconcileIfStale: async () => 'not_stale' },
    new PdfkitReceiptRenderer(),
    new FakeClock(at(60)),
    () => 'Kelab Ahli Sdn Bhd',
  );
  const receipt = async (lang: string) => {
    const result = await useCase.execute({ memberId: member.id, transactionId, lang });
    if (!result.ok) throw new Error(`${lang}: ${JSON.stringify(result.error)}`);
    return result.value.pdf;
  };
  return { transactionId, receipt };
}

describe('the receipt PDF in Bahasa Melayu', () => {
  it('is written in Malay, as pdftotext reads it, tagged as Malay', async () => {
    const { transactionId, receipt } = await aPaidReceipt();
    const pdf = await receipt('ms');
    const text = pdfText(pdf);
    for (const expected of [
      'Kelab Ahli Sdn Bhd',
      'Resit Bayaran',
      'Nombor resit',
      'R-2026-000001',
      'Nama ahli',
      'Nurul Aina binti Ahmad',
      'No. Kad Pengenalan / Pasport',
      '********5678',
      'ID transaksi',
      transactionId,
      'Rujukan gerbang pembayaran',
      'BILL-8X2K',
      'Amaun',
      '123.45',
      'Kaedah bayaran',
      'Bayaran QR',
      // 09:02 UTC is 17:02 in Malaysia.
      'Dibayar pada',
      '2026-01-01 17:02:00 (waktu Malaysia, UTC+8)',
      'Berjaya',
      'Dikeluarkan: 2026-01-01 18:00:00 (waktu Malaysia, UTC+8)',
      'Simpan resit ini untuk rekod anda.',
    ]) {
      expect(text).toContain(expected);
    }
    for (const english of ['Payment receipt', 'Member name', 'Completed', 'Malaysia time']) {
      expect(text).not.toContain(english);
    }
    expect(text).not.toContain('900101145678');
    expect(pdf.byteLength).toBeLessThan(100 * 1024);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Lang (ms)');
  });

  it('is drawn in every language of the portal, each in its own words', async () => {
    const { receipt } = await aPaidReceipt();
    for (const lng of LANGUAGES) {
      const text = pdfText(await receipt(lng));
      expect([lng, text]).toEqual([lng, expect.stringContaining(RECEIPT_TEXTS[lng].title)]);
      expect(text).toContain(RECEIPT_TEXTS[lng].footer);
    }
    const titles = new Set(LANGUAGES.map((lng) => RECEIPT_TEXTS[lng].title));
    expect(titles.size).toBe(LANGUAGES.length);
  });
});
