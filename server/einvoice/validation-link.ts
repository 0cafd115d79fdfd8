import type { MyInvoisEnvironment } from './myinvois-client';

/**
 * The public validation link of a valid document, which the receipt shows as a QR code: the
 * MyInvois portal's address, the document's UUID and its long ID (given once it is valid).
 */
const PORTAL_URLS: Readonly<Record<MyInvoisEnvironment, string>> = {
  sandbox: 'https://preprod.myinvois.hasil.gov.my',
  production: 'https://myinvois.hasil.gov.my',
};

export function validationLink(
  environment: MyInvoisEnvironment,
  uuid: string,
  longId: string,
): string {
  return `${PORTAL_URLS[environment]}/${encodeURIComponent(uuid)}/share/${encodeURIComponent(longId)}`;
}
