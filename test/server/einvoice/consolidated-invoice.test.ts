import {
  CONSOLIDATION_LIMIT_SEN,
  consolidatedInvoice,
  type ConsolidatedInvoiceInput,
} from '../../../server/einvoice/consolidated-invoice';
import {
  MAX_DOCUMENT_BYTES,
  consolidatedInvoices,
} from '../../../server/einvoice/consolidated-parts';
import { GENERAL_PUBLIC_TIN } from '../../../server/einvoice/parties';
import { sellerProblems } from '../../../server/einvoice/seller';
import { signDocument } from '../../../server/einvoice/signature';
import { selfSigned } from './support/certificate';
import { SELLER } from './support/seller';

const input = (payments: ConsolidatedInvoiceInput['payments']): ConsolidatedInvoiceInput => ({
  id: 'CON-2026-11',
  month: '2026-11',
  issuedAt: new Date('2026-12-01T01:02:03.456Z'),
  seller: SELLER,
  payments,
});

type Json = { [key: string]: Json } & Json[];
const invoiceOf = (payments: ConsolidatedInvoiceInput['payments']): Json =>
  (JSON.parse(JSON.stringify(consolidatedInvoice(input(payments)))) as Json).Invoice[0];

describe('the consolidated e-invoice of a month', () => {
  const payments = [
    { receiptNumber: 'R-2026-000001', amountSen: 5_000 },
    { receiptNumber: 'R-2026-000002', amountSen: 1_010 },
    { receiptNumber: 'R-2026-000003', amountSen: CONSOLIDATION_LIMIT_SEN },
  ];

  it('is a version 1.1 invoice to the general public for the whole month', () => {
    const invoice = invoiceOf(payments);
    expect(invoice.InvoiceTypeCode[0]).toEqual({ _: '01', listVersionID: '1.1' });
    expect(invoice.IssueDate[0]._).toBe('2026-12-01');
    expect(invoice.IssueTime[0]._).toBe('01:02:03Z');
    expect(invoice.InvoicePeriod[0].StartDate[0]._).toBe('2026-11-01');
    expect(invoice.InvoicePeriod[0].EndDate[0]._).toBe('2026-11-30');
    const buyer = invoice.AccountingCustomerParty[0].Party[0];
    expect(buyer.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
    expect(buyer.PartyIdentification[0].ID[0]).toEqual({ _: GENERAL_PUBLIC_TIN, schemeID: 'TIN' });
    const supplier = invoice.AccountingSupplierParty[0].Party[0];
    expect(supplier.PartyIdentification[0].ID[0]).toEqual({ _: 'C12345678901', schemeID: 'TIN' });
    expect(supplier.PartyIdentification[2].ID[0]).toEqual({ _: 'NA', schemeID: 'SST' });
    expect(supplier.IndustryClassificationCode[0]._).toBe('94990');
  });

  it('has one line per payment, referenced by its receipt number, and exact totals', () => {
    const invoice = invoiceOf(payments);
    const lines = invoice.InvoiceLine as unknown as Json[];
    expect(lines.map((line) => line.ID[0]._)).toEqual(payments.map((p) => p.receiptNumber));
    expect(lines.map((line) => line.LineExtensionAmount[0]._)).toEqual([50, 10.1, 10000]);
    expect(lines[0].Item[0].CommodityClassification[0].ItemClassificationCode[0]).toEqual({
      _: '004',
      listID: 'CLASS',
    });
    expect(lines[1].Item[0].Description[0]._).toBe('Receipt R-2026-000002');
    expect(invoice.LegalMonetaryTotal[0].PayableAmount[0]).toEqual({
      _: 10060.1,
      currencyID: 'MYR',
    });
    expect(invoice.TaxTotal[0].TaxAmount[0]._).toBe(0);
  });

  it('sums in sen, so that many small amounts stay exact', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      receiptNumber: `R-2026-${String(i + 1).padStart(6, '0')}`,
      amountSen: 10,
    }));
    expect(invoiceOf(many).LegalMonetaryTotal[0].PayableAmount[0]._).toBe(100);
  });

  it('refuses a payment above RM10,000, a repeated receipt, no payment and a bad month', () => {
    const above = { receiptNumber: 'R-2026-000009', amountSen: CONSOLIDATION_LIMIT_SEN + 1 };
    expect(() => consolidatedInvoice(input([above]))).toThrow('needs its own e-invoice');
    expect(() => consolidatedInvoice(input([payments[0], payments[0]]))).toThrow('listed twice');
    expect(() => consolidatedInvoice(input([]))).toThrow('needs a payment');
    expect(() => consolidatedInvoice({ ...input(payments), month: '2026-13' })).toThrow(
      'not a month',
    );
  });
});

describe("the seller's settings", () => {
  it('accepts a complete seller', () => {
    expect(sellerProblems(SELLER)).toEqual([]);
  });

  it('names each field MyInvois would refuse', () => {
    const problems = sellerProblems({
      ...SELLER,
      tin: '12345',
      msicCode: '9499',
      address: { ...SELLER.address, stateCode: '18', postcode: '' },
      email: 'not-an-address',
    });
    expect(problems).toEqual([
      'the seller TIN is not a MyInvois TIN (e.g. C1234567890)',
      'the MSIC code must be five digits',
      'the postcode must be five digits',
      'the state code must be 01 to 17',
      'the e-mail address is not valid',
    ]);
  });
});

describe('a month too large for one document', () => {
  const receipt = (i: number): string => `R-2026-${String(i).padStart(6, '0')}`;
  const month = Array.from({ length: 1000 }, (_, i) => ({
    receiptNumber: receipt(i + 1),
    amountSen: 1_000 + i,
  }));
  const parts = consolidatedInvoices({
    idPrefix: 'CON-2026-11',
    month: '2026-11',
    issuedAt: new Date('2026-12-01T00:30:00Z'),
    seller: SELLER,
    payments: month,
  });

  it('is split into parts that stay under 300 KB once signed', () => {
    expect(parts.length).toBeGreaterThan(1);
    const { certificate, privateKey } = selfSigned();
    for (const part of parts) {
      const signed = signDocument(part, { certificate, privateKey }, new Date());
      expect(Buffer.byteLength(JSON.stringify(signed))).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
    }
  });

  it('numbers the parts and carries every payment once, in order, with exact totals', () => {
    const invoices = parts.map((part) => (JSON.parse(JSON.stringify(part)) as Json).Invoice[0]);
    expect(invoices.map((invoice) => invoice.ID[0]._)).toEqual(
      parts.map((_, i) => `CON-2026-11-${i + 1}`),
    );
    const lines = invoices.flatMap((invoice) => invoice.InvoiceLine as unknown as Json[]);
    expect(lines.map((line) => line.ID[0]._)).toEqual(month.map((p) => p.receiptNumber));
    const totalSen = invoices.reduce(
      (sum, invoice) =>
        sum +
        Math.round((invoice.LegalMonetaryTotal[0].PayableAmount[0]._ as unknown as number) * 100),
      0,
    );
    expect(totalSen).toBe(month.reduce((sum, p) => sum + p.amountSen, 0));
  });

  it('keeps a small month in one part and refuses a receipt listed twice across parts', () => {
    const small = consolidatedInvoices({
      idPrefix: 'CON-2026-10',
      month: '2026-10',
      issuedAt: new Date('2026-11-01T00:30:00Z'),
      seller: SELLER,
      payments: month.slice(0, 3),
    });
    expect(small).toHaveLength(1);
    expect(() =>
      consolidatedInvoices({
        idPrefix: 'CON-2026-11',
        month: '2026-11',
        issuedAt: new Date(),
        seller: SELLER,
        payments: [...month, month[0]],
      }),
    ).toThrow('listed twice');
  });
});
