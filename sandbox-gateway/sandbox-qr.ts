import QRCode from 'qrcode';

/**
 * A DuitNow-style QR: DuitNow QR follows EMVCo's merchant-presented format (tag-length-value
 * fields ending with a CRC). This one is dynamic (tag 01 = '12': one payment, fixed amount) and
 * names a sandbox scheme, so no real banking app would pay it.
 */
export interface QrPaymentFields {
  merchantName: string;
  transactionId: string;
  /** '123.45' */
  amount: string;
}

const tlv = (tag: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`EMV field ${tag} longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE over the payload including '6304', as EMVCo specifies. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function emvQrPayload(fields: QrPaymentFields): string {
  // EMV names are plain ASCII of at most 25 characters.
  const name = fields.merchantName.replace(/[^\x20-\x7e]/g, '').slice(0, 25) || 'Merchant';
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'MY.SANDBOX.DUITNOW') + tlv('01', fields.transactionId)) +
    tlv('52', '0000') +
    tlv('53', '458') + // ISO 4217 numeric code of MYR
    tlv('54', fields.amount) +
    tlv('58', 'MY') +
    tlv('59', name) +
    tlv('60', 'Kuala Lumpur') +
    tlv('62', tlv('05', fields.transactionId));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16Ccitt(withCrcTag);
}

/** A PNG data: URI, so the page needs no image host (CSP img-src 'self' data:). */
export function qrDataUri(fields: QrPaymentFields): Promise<string> {
  return QRCode.toDataURL(emvQrPayload(fields), {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
}
