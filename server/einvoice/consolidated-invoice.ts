import type { SellerSettings } from './seller';
import { UBL_NAMESPACES, ringgit, text, type UblDocument, type UblNode } from './ubl';

/**
 * The month's consolidated e-invoice (LHDN's e-Invoice Specific Guideline, consolidated
 * e-invoices): the sales for which no buyer asked for an e-invoice, to the buyer "General Public"
 * with the general TIN, one line per payment whose reference is its receipt number, classified
 * 004 (consolidated e-invoice). A payment above RM10,000 needs an e-invoice of its own and is
 * refused here. Membership payments carry no SST: tax type 06, not applicable.
 */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';
/** From 2026 a single sale above RM10,000 is e-invoiced on its own, never consolidated. */
export const CONSOLIDATION_LIMIT_SEN = 1_000_000;
const CONSOLIDATED_CLASSIFICATION = '004';
const TAX_NOT_APPLICABLE = '06';

export interface ConsolidatedPayment {
  readonly receiptNumber: string;
  readonly amountSen: number;
}

export interface ConsolidatedInvoiceInput {
  /** Our document number, unique per seller (e.g. CON-2026-11). */
  readonly id: string;
  /** The calendar month reported, as YYYY-MM. */
  readonly month: string;
  readonly issuedAt: Date;
  readonly seller: SellerSettings;
  readonly payments: readonly ConsolidatedPayment[];
}

const NA = 'NA';

function country(): UblNode[] {
  return [{ IdentificationCode: text('MYS', { listID: 'ISO3166-1', listAgencyID: '6' }) }];
}

function supplier(seller: SellerSettings): UblNode[] {
  const { address } = seller;
  const contact: UblNode = {
    Telephone: text(seller.phone),
    ...(seller.email === null ? {} : { ElectronicMail: text(seller.email) }),
  };
  const party: UblNode = {
    IndustryClassificationCode: text(seller.msicCode, { name: seller.activity }),
    PartyIdentification: [
      { ID: text(seller.tin, { schemeID: 'TIN' }) },
      { ID: text(seller.registrationNumber, { schemeID: 'BRN' }) },
      { ID: text(seller.sstNumber ?? NA, { schemeID: 'SST' }) },
      { ID: text(NA, { schemeID: 'TTX' }) },
    ],
    PostalAddress: [
      {
        CityName: text(address.city),
        PostalZone: text(address.postcode),
        CountrySubentityCode: text(address.stateCode),
        AddressLine: address.lines.map((line) => ({ Line: text(line) })),
        Country: country(),
      },
    ],
    PartyLegalEntity: [{ RegistrationName: text(seller.name) }],
    Contact: [contact],
  };
  return [{ Party: [party] }];
}

/** The buyer of a consolidated e-invoice: the general public, every detail "NA". */
function generalPublic(): UblNode[] {
  const party: UblNode = {
    PostalAddress: [
      {
        CityName: text(NA),
        PostalZone: text(''),
        CountrySubentityCode: text('17'),
        AddressLine: [{ Line: text(NA) }],
        Country: country(),
      },
    ],
    PartyLegalEntity: [{ RegistrationName: text('General Public') }],
    PartyIdentification: [
      { ID: text(GENERAL_PUBLIC_TIN, { schemeID: 'TIN' }) },
      { ID: text(NA, { schemeID: 'BRN' }) },
      { ID: text(NA, { schemeID: 'SST' }) },
      { ID: text(NA, { schemeID: 'TTX' }) },
    ],
    Contact: [{ Telephone: text(NA), ElectronicMail: text(NA) }],
  };
  return [{ Party: [party] }];
}

function taxTotal(taxableSen: number): UblNode[] {
  const scheme = [{ ID: text('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }];
  return [
    {
      TaxAmount: ringgit(0),
      TaxSubtotal: [
        {
          TaxableAmount: ringgit(taxableSen),
          TaxAmount: ringgit(0),
          TaxCategory: [
            {
              ID: text(TAX_NOT_APPLICABLE),
              TaxExemptionReason: text('Not applicable'),
              TaxScheme: scheme,
            },
          ],
        },
      ],
    },
  ];
}

export function invoiceLine(payment: ConsolidatedPayment): UblNode {
  return {
    ID: text(payment.receiptNumber),
    InvoicedQuantity: text(1, { unitCode: 'C62' }),
    LineExtensionAmount: ringgit(payment.amountSen),
    TaxTotal: taxTotal(payment.amountSen),
    Item: [
      {
        CommodityClassification: [
          { ItemClassificationCode: text(CONSOLIDATED_CLASSIFICATION, { listID: 'CLASS' }) },
        ],
        Description: text(`Receipt ${payment.receiptNumber}`),
      },
    ],
    Price: [{ PriceAmount: ringgit(payment.amountSen) }],
    ItemPriceExtension: [{ Amount: ringgit(payment.amountSen) }],
  };
}

/** The first and last day of a YYYY-MM month. */
function period(month: string): { start: string; end: string } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (match === null) throw new RangeError(`not a month: ${month}`);
  const lastDay = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(lastDay).padStart(2, '0')}` };
}

export function checkPayments(payments: readonly ConsolidatedPayment[]): void {
  if (payments.length === 0) throw new RangeError('a consolidated e-invoice needs a payment');
  const seen = new Set<string>();
  for (const { receiptNumber, amountSen } of payments) {
    if (!Number.isSafeInteger(amountSen) || amountSen <= 0) {
      throw new RangeError(`${receiptNumber}: not an amount in sen: ${amountSen}`);
    }
    if (amountSen > CONSOLIDATION_LIMIT_SEN) {
      throw new RangeError(`${receiptNumber}: above RM10,000, it needs its own e-invoice`);
    }
    if (seen.has(receiptNumber)) throw new RangeError(`${receiptNumber}: listed twice`);
    seen.add(receiptNumber);
  }
}

/** The unsigned consolidated e-invoice of a month (document version 1.1). */
export function consolidatedInvoice(input: ConsolidatedInvoiceInput): UblDocument {
  checkPayments(input.payments);
  const { start, end } = period(input.month);
  const totalSen = input.payments.reduce((sum, payment) => sum + payment.amountSen, 0);
  const iso = input.issuedAt.toISOString();
  const invoice: UblNode = {
    ID: text(input.id),
    IssueDate: text(iso.slice(0, 10)),
    IssueTime: text(`${iso.slice(11, 19)}Z`),
    InvoiceTypeCode: text('01', { listVersionID: '1.1' }),
    DocumentCurrencyCode: text('MYR'),
    InvoicePeriod: [{ StartDate: text(start), EndDate: text(end), Description: text('Monthly') }],
    AccountingSupplierParty: supplier(input.seller),
    AccountingCustomerParty: generalPublic(),
    TaxTotal: taxTotal(totalSen),
    LegalMonetaryTotal: [
      {
        LineExtensionAmount: ringgit(totalSen),
        TaxExclusiveAmount: ringgit(totalSen),
        TaxInclusiveAmount: ringgit(totalSen),
        PayableAmount: ringgit(totalSen),
      },
    ],
    InvoiceLine: input.payments.map(invoiceLine),
  };
  return { ...UBL_NAMESPACES, Invoice: [invoice] };
}
