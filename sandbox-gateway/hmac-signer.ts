import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * HMAC-SHA256 with the secret the gateway shares with its merchant (GATEWAY_SECRET). The API has
 * its own signer: a gateway and a merchant share a key and the canonical strings, not code.
 */
export class HmacSigner {
  constructor(private readonly secret: string) {
    if (secret.length === 0) throw new Error('HmacSigner needs a non-empty secret');
  }

  /** Lower-case hex signature of the canonical string. */
  sign(canonical: string): string {
    return createHmac('sha256', this.secret).update(canonical, 'utf8').digest('hex');
  }

  /** Constant-time check; false for anything that is not 64 hex characters. */
  verify(canonical: string, signatureHex: string): boolean {
    if (!HEX_SHA256.test(signatureHex)) return false;
    const expected = createHmac('sha256', this.secret).update(canonical, 'utf8').digest();
    return timingSafeEqual(expected, Buffer.from(signatureHex, 'hex'));
  }
}
