import { randomBytes } from 'node:crypto';
import { PdfkitReceiptRenderer } from '../../../server/adapters/pdf/pdfkit-receipt-renderer.adapter';
import { generateTransactionId } from '../../../server/domain/transaction';
import { type ReceiptDocument } from '../../../server/ports/receipt-renderer.port';
import {
  RenderReceiptPdfUseCase,
  renderSampleReceipts,
} from '../../../server/use-cases/render-receipt-pdf.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';
import { pdfFonts, pdfText } from '../support/pdf-tools';

jest.setTimeout(30_000);

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const renderer = new PdfkitReceiptRenderer();

async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock(at(60));
  const member = aMemberRow({ name: 'Aisyah Rahman', icOrPassport: '900101145678' });
  await stores.members.insert(member);
  const pay = async (status: 'completed' | 'failed' | 'pending', memberId = member.id) => {
    const transactionId = generateTransactionId(randomBytes);
    await stores.transactions.createPending({
      transactionId,
      memberId,
      amountSen: 12_345,
      gateway: 'sandbox',
      paymentMethod: 'qr',
      createdAt: at(0),
    });
    if (status !== 'pending') {
      await stores.transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise(status, at(2)),
      );
    }
    return transactionId;
  };
  const reconciled: string[] = [];
  const useCase = new RenderReceiptPdfUseCase(
    stores.paymentHistory,
    stores.members,
    {
      reconcileIfStale: async (tx) => {
        reconciled.push(tx.transactionId);
        return 'not_stale';
      },
    },
    renderer,
    clock,
    () => 'Kelab Ahli Sdn Bhd',
  );
  return { stores, clock, member, pay, useCase, reconciled };
}

describe('RenderReceiptPdfUseCase', () => {
  it('renders the same bytes twice at the same clock, other bytes at another time', async () => {
    const { pay, useCase, member, clock } = await setUp();
    const id = await pay('completed');
    const first = await useCase.execute({ memberId: member.id, transactionId: id });
    const second = await useCase.execute({ memberId: member.id, transactionId: id });
    if (!first.ok || !second.ok) throw new Error('no receipt');
    expect(first.value.fileName).toBe('receipt-R-2026-000001.pdf');
    expect(Buffer.from(second.value.pdf).equals(Buffer.from(first.value.pdf))).toBe(true);

    // The creation date (an info string) and the trailer's file ID follow the clock, nothing else.
    const text = Buffer.from(first.value.pdf).toString('latin1');
    expect(text).toContain('(D:20260101100000Z)');
    expect(text).toMatch(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
    await clock.advance(1000);
    const later = await useCase.execute({ memberId: member.id, transactionId: id });
    if (!later.ok) throw new Error('no receipt');
    expect(Buffer.from(later.value.pdf).equals(Buffer.from(first.value.pdf))).toBe(false);
    expect(Buffer.from(later.value.pdf).toString('latin1')).toContain('(D:20260101100001Z)');
  });

  it('states the receipt in English: ids, amount in MYR, masked IC, paid-at in Malaysia time', async () => {
    const { pay, useCase, member, stores } = await setUp();
    const id = await pay('completed');
    await stores.transactions.attachGatewayRef(id, 'BILL-8X2K');
    const result = await useCase.execute({ memberId: member.id, transactionId: id, lang: 'en' });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value.pdf.byteLength).toBeLessThan(100 * 1024);
    const text = pdfText(result.value.pdf);
    for (const expected of [
      'Kelab Ahli Sdn Bhd',
      'Payment receipt',
      'R-2026-000001',
      'Aisyah Rahman',
      '********5678',
      id,
      'BILL-8X2K',
      'MYR 123.45',
      'QR payment',
      // 09:02 UTC is 17:02 in Malaysia.
      '2026-01-01 17:02:00 (Malaysia time, UTC+8)',
      'Completed',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('900101145678');
  });

  it('writes French and Simplified Chinese, with an embedded subset font covering both', async () => {
    const { pay, useCase, member } = await setUp();
    const id = await pay('completed');
    const fr = await useCase.execute({ memberId: member.id, transactionId: id, lang: 'fr' });
    const zn = await useCase.execute({ memberId: member.id, transactionId: id, lang: 'zn' });
    if (!fr.ok || !zn.ok) throw new Error('no receipt');
    expect(pdfText(fr.value.pdf)).toContain('Reçu de paiement');
    const chinese = pdfText(zn.value.pdf);
    for (const expected of ['付款收据', '交易编号', id, 'MYR 123.45', '马来西亚时间', '已完成']) {
      expect(chinese).toContain(expected);
    }
    expect(zn.value.pdf.byteLength).toBeLessThan(100 * 1024);
    // One font, embedded ("yes") as a subset ("yes"), with its Unicode map ("yes").
    expect(pdfFonts(zn.value.pdf)).toMatch(
      /^[A-Z]{6}\+NotoSansHans-Regular\s.*\syes\s+yes\s+yes\s/m,
    );
  });

  it('answers a pending or failed payment with RECEIPT_NOT_AVAILABLE', async () => {
    const { pay, useCase, member } = await setUp();
    const pending = await useCase.execute({
      memberId: member.id,
      transactionId: await pay('pending'),
    });
    expect(pending).toEqual({
      ok: false,
      error: { code: 'RECEIPT_NOT_AVAILABLE', reason: 'receipt-payment-pending' },
    });
    const failed = await useCase.execute({
      memberId: member.id,
      transactionId: await pay('failed'),
    });
    expect(failed).toEqual({
      ok: false,
      error: { code: 'RECEIPT_NOT_AVAILABLE', reason: 'receipt-payment-failed' },
    });
  });

  it("answers another member's, an unknown and a malformed id alike, never reconciling them", async () => {
    const { pay, useCase, stores, reconciled } = await setUp();
    const stranger = aMemberRow();
    await stores.members.insert(stranger);
    const notFound = {
      ok: false,
      error: { code: 'PAYMENT_NOT_FOUND' },
    };
    for (const transactionId of [
      await pay('completed'),
      generateTransactionId(randomBytes),
      'not-an-id',
    ]) {
      expect(await useCase.execute({ memberId: stranger.id, transactionId })).toEqual(notFound);
    }
    expect(reconciled).toEqual([]);
  });

  it('refuses an unknown language naming the field, before reading anything', async () => {
    const { useCase, member, reconciled } = await setUp();
    const result = await useCase.execute({ memberId: member.id, transactionId: 'x', lang: 'de' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', field: 'lang', reason: 'receipt-language-unknown' },
    });
    expect(reconciled).toEqual([]);
  });
});

describe('PdfkitReceiptRenderer', () => {
  const receipt: ReceiptDocument = {
    language: 'zn',
    merchantName: 'Member Payment Portal',
    receiptNumber: 'R-2026-000123',
    memberName: '陈美玲',
    maskedIdentity: '*****1234',
    transactionId: 'TXNABCDEFGHIJKLMNOPQRSTUVWX',
    gatewayReference: 'BILL-1',
    amount: '100000.00',
    paymentMethod: 'qr',
    status: 'completed',
    paidAt: at(5),
    refunds: [],
    refundedTotal: '0.00',
    issuedAt: at(6),
  };

  it("renders a Chinese member's name and gives distinct receipts distinct file IDs", async () => {
    const a = await renderer.render(receipt);
    const b = await renderer.render({ ...receipt, receiptNumber: 'R-2026-000124' });
    expect(pdfText(a)).toContain('陈美玲');
    const idOf = (pdf: Uint8Array) =>
      /\/ID \[<([0-9a-f]+)>/.exec(Buffer.from(pdf).toString('latin1'))?.[1];
    expect(idOf(a)).toBeDefined();
    expect(idOf(a)).not.toBe(idOf(b));
  });

  it('renders N sample receipts for the bench, each under 100 KB', async () => {
    const { bytes } = await renderSampleReceipts(renderer, 5, 'zn');
    expect(bytes).toHaveLength(5);
    for (const size of bytes) expect(size).toBeLessThan(100 * 1024);
  });
});
