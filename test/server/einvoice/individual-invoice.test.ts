import {
  buyerProblems,
  individualInvoice,
  refundNote,
} from '../../../server/einvoice/individual-invoice';
import { GENERAL_PUBLIC, type Buyer } from '../../../server/einvoice/parties';
import { signatureProblems } from '../../../server/einvoice/signature-check';
import { signDocument } from '../../../server/einvoice/signature';
import type { UblDocument } from '../../../server/einvoice/ubl';
import { selfSigned } from './support/certificate';
import { SELLER } from './support/seller';

const MEMBER: Buyer = {
  name: 'Siti binti Ahmad',
  tin: 'IG12345678901',
  idType: 'NRIC',
  idValue: '900101145678',
  sstNumber: null,
  address: { lines: ['12 Jalan Mawar'], city: 'Shah Alam', postcode: '40000', stateCode: '10' },
  phone: '+60123456789',
  email: 'siti@example.my',
};

const payment = {
  receiptNumber: 'R-2026-000042',
  amountSen: 1_500_000,
  description: 'Life membership',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const invoiceOf = (document: UblDocument): Loose =>
  (JSON.parse(JSON.stringify(document)) as Loose).Invoice[0];

describe("a payment's own e-invoice", () => {
  it('names the member as buyer, with the receipt as the line’s reference', () => {
    const invoice = invoiceOf(
      individualInvoice({
        id: 'INV-R-2026-000042',
        issuedAt: new Date('2026-11-05T03:00:00Z'),
        seller: SELLER,
        buyer: MEMBER,
        payment,
      }),
    );
    expect(invoice.InvoiceTypeCode[0]).toEqual({ _: '01', listVersionID: '1.1' });
    expect(invoice.InvoicePeriod).toBeUndefined();
    const buyer = invoice.AccountingCustomerParty[0].Party[0];
    expect(buyer.PartyLegalEntity[0].RegistrationName[0]._).toBe('Siti binti Ahmad');
    expect(buyer.PartyIdentification.slice(0, 2)).toEqual([
      { ID: [{ _: 'IG12345678901', schemeID: 'TIN' }] },
      { ID: [{ _: '900101145678', schemeID: 'NRIC' }] },
    ]);
    expect(buyer.PostalAddress[0].CountrySubentityCode[0]._).toBe('10');
    const [line] = invoice.InvoiceLine;
    expect(line.ID[0]._).toBe('R-2026-000042');
    expect(line.Item[0].Description[0]._).toBe('Life membership (receipt R-2026-000042)');
    expect(line.Item[0].CommodityClassification[0].ItemClassificationCode[0]._).toBe('022');
    expect(invoice.LegalMonetaryTotal[0].PayableAmount[0]._).toBe(15000);
  });

  it('goes to the general public when the member gave no details', () => {
    const invoice = invoiceOf(
      individualInvoice({
        id: 'INV-R-2026-000042',
        issuedAt: new Date(),
        seller: SELLER,
        buyer: GENERAL_PUBLIC,
        payment,
      }),
    );
    const buyer = invoice.AccountingCustomerParty[0].Party[0];
    expect(buyer.PartyIdentification[0].ID[0]._).toBe('EI00000000010');
    expect(buyer.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
  });

  it('refuses buyer details MyInvois would refuse', () => {
    expect(buyerProblems(MEMBER)).toEqual([]);
    expect(buyerProblems({ ...MEMBER, tin: '123', address: null, phone: null })).toEqual([
      'the buyer TIN is not a MyInvois TIN',
      'the buyer address is missing',
      'the buyer telephone number is missing',
    ]);
    expect(() =>
      individualInvoice({
        id: 'X',
        issuedAt: new Date(),
        seller: SELLER,
        buyer: { ...MEMBER, name: ' ' },
        payment,
      }),
    ).toThrow('the buyer name must have 1 to 300 characters');
  });
});

describe('a refund note', () => {
  const note = (consolidated: boolean): UblDocument =>
    refundNote({
      id: 'RN-R-2026-000042',
      issuedAt: new Date('2026-12-10T02:00:00Z'),
      seller: SELLER,
      buyer: consolidated ? GENERAL_PUBLIC : MEMBER,
      refund: { ...payment, amountSen: 500_000 },
      original: { id: 'CON-2026-11-1', uuid: 'F9D425P6DS7D8IU', consolidated },
    });

  it('is type 04 and refers to the original document by number and UUID', () => {
    const invoice = invoiceOf(note(true));
    expect(invoice.InvoiceTypeCode[0]).toEqual({ _: '04', listVersionID: '1.1' });
    expect(invoice.BillingReference).toEqual([
      {
        InvoiceDocumentReference: [
          { ID: [{ _: 'CON-2026-11-1' }], UUID: [{ _: 'F9D425P6DS7D8IU' }] },
        ],
      },
    ]);
    expect(
      invoice.InvoiceLine[0].Item[0].CommodityClassification[0].ItemClassificationCode[0]._,
    ).toBe('004');
    expect(invoice.LegalMonetaryTotal[0].PayableAmount[0]._).toBe(5000);
    expect(
      invoiceOf(note(false)).InvoiceLine[0].Item[0].CommodityClassification[0]
        .ItemClassificationCode[0]._,
    ).toBe('022');
  });

  it('signs and verifies like any document', () => {
    const { certificate, privateKey } = selfSigned();
    expect(
      signatureProblems(signDocument(note(false), { certificate, privateKey }, new Date())),
    ).toEqual([]);
  });

  it('refuses an amount that is not whole positive sen', () => {
    expect(() =>
      refundNote({
        id: 'RN',
        issuedAt: new Date(),
        seller: SELLER,
        buyer: MEMBER,
        refund: { ...payment, amountSen: 0 },
        original: { id: 'INV', uuid: 'U', consolidated: false },
      }),
    ).toThrow('not an amount in sen');
  });
});
