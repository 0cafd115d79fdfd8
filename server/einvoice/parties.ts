import type { SellerAddress, SellerSettings } from './seller';
import { text, type UblNode } from './ubl';

/**
 * The two parties of a document: the seller from its settings, and the buyer, either a member
 * who gave their details or the general public (LHDN's guideline: name "General Public", TIN
 * EI00000000010, every other detail "NA").
 */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';
const NA = 'NA';

export interface Buyer {
  /** The name as registered (company) or as on the identity card (person). */
  readonly name: string;
  readonly tin: string;
  /** How MyInvois identifies the buyer beside the TIN, and the number. */
  readonly idType: 'NRIC' | 'PASSPORT' | 'BRN' | 'ARMY';
  readonly idValue: string;
  readonly sstNumber: string | null;
  /** Null for the general public: "NA" with state 17, not applicable. */
  readonly address: SellerAddress | null;
  readonly phone: string | null;
  readonly email: string | null;
}

export const GENERAL_PUBLIC: Buyer = {
  name: 'General Public',
  tin: GENERAL_PUBLIC_TIN,
  idType: 'BRN',
  idValue: NA,
  sstNumber: null,
  address: null,
  phone: null,
  email: NA,
};

function country(): UblNode[] {
  return [{ IdentificationCode: text('MYS', { listID: 'ISO3166-1', listAgencyID: '6' }) }];
}

function postalAddress(address: SellerAddress | null): UblNode[] {
  if (address === null) {
    return [
      {
        CityName: text(NA),
        PostalZone: text(''),
        CountrySubentityCode: text('17'),
        AddressLine: [{ Line: text(NA) }],
        Country: country(),
      },
    ];
  }
  return [
    {
      CityName: text(address.city),
      PostalZone: text(address.postcode),
      CountrySubentityCode: text(address.stateCode),
      AddressLine: address.lines.map((line) => ({ Line: text(line) })),
      Country: country(),
    },
  ];
}

function contact(phone: string | null, email: string | null): UblNode[] {
  return [
    {
      Telephone: text(phone ?? NA),
      ...(email === null ? {} : { ElectronicMail: text(email) }),
    },
  ];
}

export function supplierParty(seller: SellerSettings): UblNode[] {
  const party: UblNode = {
    IndustryClassificationCode: text(seller.msicCode, { name: seller.activity }),
    PartyIdentification: [
      { ID: text(seller.tin, { schemeID: 'TIN' }) },
      { ID: text(seller.registrationNumber, { schemeID: 'BRN' }) },
      { ID: text(seller.sstNumber ?? NA, { schemeID: 'SST' }) },
      { ID: text(NA, { schemeID: 'TTX' }) },
    ],
    PostalAddress: postalAddress(seller.address),
    PartyLegalEntity: [{ RegistrationName: text(seller.name) }],
    Contact: contact(seller.phone, seller.email),
  };
  return [{ Party: [party] }];
}

export function customerParty(buyer: Buyer): UblNode[] {
  const party: UblNode = {
    PostalAddress: postalAddress(buyer.address),
    PartyLegalEntity: [{ RegistrationName: text(buyer.name) }],
    PartyIdentification: [
      { ID: text(buyer.tin, { schemeID: 'TIN' }) },
      { ID: text(buyer.idValue, { schemeID: buyer.idType }) },
      { ID: text(buyer.sstNumber ?? NA, { schemeID: 'SST' }) },
      { ID: text(NA, { schemeID: 'TTX' }) },
    ],
    Contact: contact(buyer.phone, buyer.email),
  };
  return [{ Party: [party] }];
}
