import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentSigner } from '../../ports/payment-signer.port';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** HMAC-SHA256 with the shared gateway secret (GATEWAY_SECRET). */
export class HmacSha256PaymentSigner implements PaymentSigner {
  constructor(private readonly secret: string) {
    if (secret.length === 0) throw new Error('HmacSha256PaymentSigner needs a non-empty secret');
  }

  sign(canonical: string): string {
    return createHmac('sha256', this.secret).update(canonical, 'utf8').digest('hex');
  }

  verify(canonical: string, signatureHex: string): boolean {
    // The format check leaks only "not 64 hex chars", which says nothing about the key.
    if (typeof signatureHex !== 'string' || !HEX_SHA256.test(signatureHex)) return false;
    const expected = createHmac('sha256', this.secret).update(canonical, 'utf8').digest();
    return timingSafeEqual(expected, Buffer.from(signatureHex, 'hex'));
  }
}
