import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PdfkitReceiptRenderer } from '../../../../server/adapters/pdf/pdfkit-receipt-renderer.adapter';
import { WorkerPoolReceiptRenderer } from '../../../../server/adapters/pdf/worker-pool-receipt-renderer.adapter';
import { generateTransactionId } from '../../../../server/domain/transaction';
import { type ReceiptDocument } from '../../../../server/ports/receipt-renderer.port';
import { inMemoryServer, seedMember } from '../../support/in-memory-server';
import { pdfFonts, pdfText } from '../../support/pdf-tools';

// A worker's first receipt starts the thread, loads pdfkit and parses the font.
jest.setTimeout(60_000);

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
  paidAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  refunds: [],
  refundedTotal: '0.00',
  issuedAt: new Date(Date.UTC(2026, 0, 2, 3, 5, 0)),
};

/** The process's OS threads: the main one, V8's and libuv's, and each worker's. */
const osThreads = () => readdirSync('/proc/self/task').length;

describe('WorkerPoolReceiptRenderer', () => {
  let pool: WorkerPoolReceiptRenderer;
  beforeEach(() => {
    pool = new WorkerPoolReceiptRenderer({ threads: 2 });
  });
  afterEach(() => pool.close());

  it('draws on worker threads, byte for byte the receipt the calling thread draws', async () => {
    const english = { ...receipt, language: 'en' as const, memberName: 'Aisyah Rahman' };
    const [zn, en] = await Promise.all([pool.render(receipt), pool.render(english)]);
    expect(pool.runningThreads).toBeGreaterThanOrEqual(1);

    const inThread = new PdfkitReceiptRenderer();
    expect(Buffer.from(zn).equals(Buffer.from(await inThread.render(receipt)))).toBe(true);
    expect(Buffer.from(en).equals(Buffer.from(await inThread.render(english)))).toBe(true);
    expect(Buffer.from(zn.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.7');
    const chinese = pdfText(zn);
    for (const expected of ['付款收据', '陈美玲', 'R-2026-000123', 'MYR 100000.00', '已完成']) {
      expect(chinese).toContain(expected);
    }
    expect(pdfText(en)).toContain('Payment receipt');
    expect(pdfFonts(zn)).toMatch(/^[A-Z]{6}\+NotoSansHans-Regular\s.*\syes\s+yes\s+yes\s/m);
  });

  it('leaves the event loop free while receipts are drawn', async () => {
    // In the calling thread, every receipt is drawn before the loop turns again.
    let pending = 8;
    const renders = Array.from({ length: pending }, (_, i) =>
      pool.render({ ...receipt, receiptNumber: `R-2026-${String(i + 1).padStart(6, '0')}` }),
    );
    renders.forEach((render) => void render.then(() => (pending -= 1)));
    let turnsWhileDrawing = 0;
    await new Promise<void>((resolve) => {
      const turn = () => {
        if (pending === 0) return resolve();
        turnsWhileDrawing += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
    });
    expect(turnsWhileDrawing).toBeGreaterThan(0);
    (await Promise.all(renders)).forEach((pdf, i) =>
      expect(pdfText(pdf)).toContain(`R-2026-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('ends every worker thread on close, and refuses receipts after it', async () => {
    // libuv's thread pool starts on first use: started here, it is in the baseline.
    await readFile(__filename);
    const before = osThreads();
    await Promise.all([pool.render(receipt), pool.render(receipt), pool.render(receipt)]);
    expect(pool.runningThreads).toBeGreaterThanOrEqual(1);
    expect(osThreads()).toBeGreaterThan(before);

    await Promise.all([pool.close(), pool.close()]);
    expect(pool.runningThreads).toBe(0);
    expect(osThreads()).toBe(before);
    await expect(pool.render(receipt)).rejects.toThrow('receipt renderer closed');
  });
});

describe("the container's receipts", () => {
  it('come from its worker pool, which closing the container ends', async () => {
    const server = inMemoryServer();
    const { container } = server;
    try {
      const member = await seedMember(server, { name: 'Aisyah Rahman' });
      const transactionId = generateTransactionId(randomBytes);
      await container.transactions.createPending({
        transactionId,
        memberId: member.id,
        amountSen: 12_345,
        gateway: 'sandbox',
        paymentMethod: 'qr',
        createdAt: new Date(server.clock.now()),
      });
      await container.transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise('completed', new Date(server.clock.now())),
      );
      const renderer = container.receiptRenderer;
      if (!(renderer instanceof WorkerPoolReceiptRenderer)) throw new Error('no worker pool');

      const result = await container.renderReceiptPdf.execute({
        memberId: member.id,
        transactionId,
      });
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      const text = pdfText(result.value.pdf);
      for (const expected of ['Payment receipt', 'Aisyah Rahman', transactionId, 'MYR 123.45']) {
        expect(text).toContain(expected);
      }
      expect(renderer.runningThreads).toBeGreaterThanOrEqual(1);
      await container.close();
      expect(renderer.runningThreads).toBe(0);
    } finally {
      await container.close();
    }
  });
});
