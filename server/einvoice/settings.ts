import type { EnvReader } from '../settings/env-reader';
import type { MyInvoisEnvironment } from './myinvois-client';
import { sellerProblems, type SellerSettings } from './seller';

/**
 * E-invoicing's settings (EINVOICE=on; off by default): MyInvois' environment and client, the
 * signing certificate and key (PEM files), and the seller's details, every problem reported at
 * once under the variable's name. Off, nothing else is read or required.
 */
export type EinvoiceSettings =
  | { readonly enabled: false }
  | {
      readonly enabled: true;
      readonly environment: MyInvoisEnvironment;
      readonly clientId: string;
      readonly clientSecret: string;
      readonly onBehalfOf: string | null;
      /** Paths of the PEM files of the signing certificate and its private key. */
      readonly certificateFile: string;
      readonly keyFile: string;
      readonly seller: SellerSettings;
    };

/** Which variable each of sellerProblems' fields comes from, for the start-up's messages. */
const SELLER_VARIABLES: readonly [RegExp, string][] = [
  [/seller name/, 'EINVOICE_SELLER_NAME'],
  [/seller TIN/, 'EINVOICE_SELLER_TIN'],
  [/registration number/, 'EINVOICE_SELLER_BRN'],
  [/SST number/, 'EINVOICE_SELLER_SST'],
  [/MSIC code/, 'EINVOICE_SELLER_MSIC'],
  [/business activity/, 'EINVOICE_SELLER_ACTIVITY'],
  [/address needs/, 'EINVOICE_SELLER_ADDRESS'],
  [/city/, 'EINVOICE_SELLER_CITY'],
  [/postcode/, 'EINVOICE_SELLER_POSTCODE'],
  [/state code/, 'EINVOICE_SELLER_STATE'],
  [/phone/, 'EINVOICE_SELLER_PHONE'],
  [/e-mail/, 'EINVOICE_SELLER_EMAIL'],
];

export function readEinvoiceSettings(read: EnvReader): EinvoiceSettings {
  if (read.oneOf('EINVOICE', 'off', ['off', 'on'] as const) === 'off') return { enabled: false };
  const required = (name: string): string => {
    const value = read.text(name, '');
    if (value === '') read.problems.push(`${name}: required with EINVOICE=on`);
    return value;
  };
  const optional = (name: string): string | null => {
    const value = read.text(name, '');
    return value === '' ? null : value;
  };
  const seller: SellerSettings = {
    name: read.text('EINVOICE_SELLER_NAME', ''),
    tin: read.text('EINVOICE_SELLER_TIN', ''),
    registrationNumber: read.text('EINVOICE_SELLER_BRN', ''),
    sstNumber: optional('EINVOICE_SELLER_SST'),
    msicCode: read.text('EINVOICE_SELLER_MSIC', ''),
    activity: read.text('EINVOICE_SELLER_ACTIVITY', ''),
    address: {
      // Up to three lines, separated by "|" (an address line may hold commas).
      lines: read
        .text('EINVOICE_SELLER_ADDRESS', '')
        .split('|')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
      city: read.text('EINVOICE_SELLER_CITY', ''),
      postcode: read.text('EINVOICE_SELLER_POSTCODE', ''),
      stateCode: read.text('EINVOICE_SELLER_STATE', ''),
    },
    phone: read.text('EINVOICE_SELLER_PHONE', ''),
    email: optional('EINVOICE_SELLER_EMAIL'),
  };
  for (const problem of sellerProblems(seller)) {
    const name =
      SELLER_VARIABLES.find(([pattern]) => pattern.test(problem))?.[1] ?? 'EINVOICE_SELLER';
    read.problems.push(`${name}: ${problem}`);
  }
  return {
    enabled: true,
    environment: read.oneOf('MYINVOIS_ENV', 'sandbox', ['sandbox', 'production'] as const),
    clientId: required('MYINVOIS_CLIENT_ID'),
    clientSecret: required('MYINVOIS_CLIENT_SECRET'),
    onBehalfOf: optional('MYINVOIS_ON_BEHALF_OF'),
    certificateFile: required('MYINVOIS_CERT'),
    keyFile: required('MYINVOIS_KEY'),
    seller,
  };
}
