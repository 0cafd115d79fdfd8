import { createHmac, timingSafeEqual } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import type { PaymentSigner } from '../../ports/payment-signer.port';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** A rotation in progress: the secret being retired, and who hears of each message it passes. */
interface PreviousGatewaySecret {
  /** GATEWAY_SECRET_PREVIOUS: still accepted on what the gateway sends, never used to sign. */
  secret: string;
  /** Called once per message accepted on this secret (the metric the operator watches). */
  accepted?: () => void;
}

/**
 * HMAC-SHA256 with the shared gateway secret (GATEWAY_SECRET). During a rotation the previous
 * secret (GATEWAY_SECRET_PREVIOUS) is also accepted on verification, because the gateway and
 * messages already in flight switch later than we do; signing always uses the current secret.
 */
export class HmacSha256PaymentSigner implements PaymentSigner {
  constructor(
    private readonly secret: string,
    private readonly previous?: PreviousGatewaySecret,
  ) {
    if (secret.length === 0) throw new Error('HmacSha256PaymentSigner needs a non-empty secret');
    if (previous !== undefined && previous.secret.length === 0) {
      throw new Error('HmacSha256PaymentSigner needs a non-empty previous secret');
    }
  }

  sign(canonical: string): string {
    return createHmac('sha256', this.secret).update(canonical, 'utf8').digest('hex');
  }

  verify(canonical: string, signatureHex: string): boolean {
    // The format check leaks only "not 64 hex chars", which says nothing about the key.
    if (typeof signatureHex !== 'string' || !HEX_SHA256.test(signatureHex)) return false;
    const signature = Buffer.from(signatureHex, 'hex');
    if (matches(this.secret, canonical, signature)) return true;
    if (this.previous === undefined || !matches(this.previous.secret, canonical, signature)) {
      return false;
    }
    this.previous.accepted?.();
    return true;
  }
}

function matches(secret: string, canonical: string, signature: Buffer): boolean {
  const expected = createHmac('sha256', secret).update(canonical, 'utf8').digest();
  return timingSafeEqual(expected, signature);
}

/**
 * The counter of gateway messages accepted on GATEWAY_SECRET_PREVIOUS, in the given registry: it
 * exists (at 0) without a rotation too, so a dashboard or an alert never sees it missing. Once it
 * stops growing for longer than a payment can stay pending, the previous secret can go.
 */
export function previousGatewaySecretCounter(registry: Registry): () => void {
  const counter = new Counter({
    name: 'payment_gateway_previous_secret_accepted_total',
    help: 'Gateway messages (callbacks, status and refund answers) whose signature matched GATEWAY_SECRET_PREVIOUS rather than GATEWAY_SECRET.',
    registers: [registry],
  });
  return () => counter.inc();
}

/** The gateway signer for the settings: the current secret, and the previous one when set. */
export function gatewaySignerFor(
  settings: { gatewaySecret: string; gatewaySecretPrevious?: string },
  accepted?: () => void,
): HmacSha256PaymentSigner {
  const previous = settings.gatewaySecretPrevious;
  return new HmacSha256PaymentSigner(
    settings.gatewaySecret,
    previous === undefined ? undefined : { secret: previous, accepted },
  );
}
