import { CONSOLIDATION_LIMIT_SEN } from '../../../server/einvoice/consolidated-invoice';
import { consolidatedInvoices } from '../../../server/einvoice/consolidated-parts';
import { planMonth, type MonthPayment } from '../../../server/einvoice/month-plan';
import { SELLER } from './support/seller';

const receipt = (n: number): string => `R-2026-${String(n).padStart(6, '0')}`;

/** A seeded November: 1,000 payments, every 97th above RM10,000, every 41st with a request. */
function november(): MonthPayment[] {
  const start = Date.UTC(2026, 9, 31, 16, 0, 0); // 1 November 00:00 in Malaysia
  return Array.from({ length: 1000 }, (_, i) => ({
    receiptNumber: receipt(1000 - i), // handed over out of order
    amountSen: i % 97 === 0 ? CONSOLIDATION_LIMIT_SEN + 1 + i : 1_000 + i * 7,
    completedAt: new Date(start + i * 2_500_000),
    ownInvoiceRequested: i % 41 === 0,
  }));
}

describe("a month's plan", () => {
  const payments = november();
  const plan = planMonth('2026-11', payments);

  it('keeps requested and above-RM10,000 payments off the consolidated document', () => {
    const requested = payments.filter((p) => p.ownInvoiceRequested);
    const above = payments.filter(
      (p) => !p.ownInvoiceRequested && p.amountSen > CONSOLIDATION_LIMIT_SEN,
    );
    expect(plan.individual.filter((i) => i.reason === 'requested')).toHaveLength(requested.length);
    expect(plan.individual.filter((i) => i.reason === 'above-limit')).toHaveLength(above.length);
    expect(above.length).toBeGreaterThan(5);
    const own = new Set(plan.individual.map((i) => i.payment.receiptNumber));
    expect(plan.consolidated.filter((p) => own.has(p.receiptNumber))).toEqual([]);
    expect(plan.consolidated.length + plan.individual.length).toBe(1000);
  });

  it('lists the consolidated payments in receipt order', () => {
    const numbers = plan.consolidated.map((p) => p.receiptNumber);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('adds up: consolidated plus individual is the month, and the documents carry the consolidated sum', () => {
    const { completedSen, consolidatedSen, individualSen } = plan.totals;
    expect(completedSen).toBe(payments.reduce((sum, p) => sum + p.amountSen, 0));
    expect(consolidatedSen + individualSen).toBe(completedSen);
    const parts = consolidatedInvoices({
      idPrefix: 'CON-2026-11',
      month: '2026-11',
      issuedAt: new Date('2026-12-01T00:30:00Z'),
      seller: SELLER,
      payments: plan.consolidated,
    });
    const documentsSen = parts.reduce((sum, part) => {
      const invoice = JSON.parse(JSON.stringify(part.Invoice[0])) as {
        LegalMonetaryTotal: { PayableAmount: { _: number }[] }[];
      };
      return sum + Math.round(invoice.LegalMonetaryTotal[0].PayableAmount[0]._ * 100);
    }, 0);
    expect(documentsSen).toBe(consolidatedSen);
  });

  it('refuses a payment completed outside the month on Malaysia’s clock', () => {
    const lateNovember = { ...payments[1], completedAt: new Date('2026-11-30T15:59:59Z') };
    const december = { ...payments[2], completedAt: new Date('2026-11-30T16:00:00Z') };
    expect(() => planMonth('2026-11', [lateNovember])).not.toThrow();
    expect(() => planMonth('2026-11', [lateNovember, december])).toThrow(
      `not completed in 2026-11: ${december.receiptNumber}`,
    );
  });
});
