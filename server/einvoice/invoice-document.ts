import { customerParty, supplierParty, type Buyer } from './parties';
import type { SellerSettings } from './seller';
import { UBL_NAMESPACES, ringgit, text, type UblDocument, type UblNode } from './ubl';

/**
 * The frame every document of ours shares (version 1.1): number, issue time in UTC, type, the
 * parties, tax, totals and lines. Membership payments carry no SST: tax type 06, not applicable.
 */
const TAX_NOT_APPLICABLE = '06';

/** MyInvois' e-invoice types: 01 invoice, 04 refund note. */
export type InvoiceTypeCode = '01' | '04';

export interface DocumentLine {
  /** The line's reference: the payment's receipt number. */
  readonly id: string;
  readonly description: string;
  /** MyInvois' classification code (004 consolidated e-invoice, 022 others, ...). */
  readonly classification: string;
  readonly amountSen: number;
}

export interface DocumentFrame {
  readonly typeCode: InvoiceTypeCode;
  readonly id: string;
  readonly issuedAt: Date;
  readonly seller: SellerSettings;
  readonly buyer: Buyer;
  readonly lines: readonly DocumentLine[];
  /** The reporting period of a consolidated e-invoice. */
  readonly period?: { readonly start: string; readonly end: string };
  /** The document a refund note refers to: our number and MyInvois' UUID. */
  readonly original?: { readonly id: string; readonly uuid: string };
}

function taxTotal(taxableSen: number): UblNode[] {
  const scheme = [{ ID: text('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }];
  const category = {
    ID: text(TAX_NOT_APPLICABLE),
    TaxExemptionReason: text('Not applicable'),
    TaxScheme: scheme,
  };
  return [
    {
      TaxAmount: ringgit(0),
      TaxSubtotal: [
        { TaxableAmount: ringgit(taxableSen), TaxAmount: ringgit(0), TaxCategory: [category] },
      ],
    },
  ];
}

export function documentLine(line: DocumentLine): UblNode {
  return {
    ID: text(line.id),
    InvoicedQuantity: text(1, { unitCode: 'C62' }),
    LineExtensionAmount: ringgit(line.amountSen),
    TaxTotal: taxTotal(line.amountSen),
    Item: [
      {
        CommodityClassification: [
          { ItemClassificationCode: text(line.classification, { listID: 'CLASS' }) },
        ],
        Description: text(line.description),
      },
    ],
    Price: [{ PriceAmount: ringgit(line.amountSen) }],
    ItemPriceExtension: [{ Amount: ringgit(line.amountSen) }],
  };
}

export function invoiceDocument(frame: DocumentFrame): UblDocument {
  const totalSen = frame.lines.reduce((sum, line) => sum + line.amountSen, 0);
  const iso = frame.issuedAt.toISOString();
  const { period, original } = frame;
  const invoice: UblNode = {
    ID: text(frame.id),
    IssueDate: text(iso.slice(0, 10)),
    IssueTime: text(`${iso.slice(11, 19)}Z`),
    InvoiceTypeCode: text(frame.typeCode, { listVersionID: '1.1' }),
    DocumentCurrencyCode: text('MYR'),
    ...(period === undefined
      ? {}
      : {
          InvoicePeriod: [
            {
              StartDate: text(period.start),
              EndDate: text(period.end),
              Description: text('Monthly'),
            },
          ],
        }),
    ...(original === undefined
      ? {}
      : {
          BillingReference: [
            { InvoiceDocumentReference: [{ ID: text(original.id), UUID: text(original.uuid) }] },
          ],
        }),
    AccountingSupplierParty: supplierParty(frame.seller),
    AccountingCustomerParty: customerParty(frame.buyer),
    TaxTotal: taxTotal(totalSen),
    LegalMonetaryTotal: [
      {
        LineExtensionAmount: ringgit(totalSen),
        TaxExclusiveAmount: ringgit(totalSen),
        TaxInclusiveAmount: ringgit(totalSen),
        PayableAmount: ringgit(totalSen),
      },
    ],
    InvoiceLine: frame.lines.map(documentLine),
  };
  return { ...UBL_NAMESPACES, Invoice: [invoice] };
}
