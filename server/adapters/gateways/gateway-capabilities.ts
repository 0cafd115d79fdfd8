import { type GatewayCapabilities } from '../../ports/payment-gateway.port';

/**
 * What every adapter declares alike: each answers status queries, none offers refunds or a bank
 * list yet, and no gateway's messages name a currency (the merchant accounts take ringgit only).
 */
const EVERY_ADAPTER = {
  statusQuery: true,
  refunds: 'manual',
  bankList: false,
  currency: 'implied_myr',
} as const;

/**
 * A gateway whose payment is a bill created over its API (Billplz, ToyyibPay): no signed time
 * bounds its callbacks, and an unpaid attempt leaves the bill payable. How a callback is
 * believed differs from one to another.
 */
export function billCapabilities(
  callbackTrust: GatewayCapabilities['callbackTrust'],
): GatewayCapabilities {
  return {
    ...EVERY_ADAPTER,
    createsAtGateway: true,
    callbackTrust,
    replayWindow: false,
    unpaidAttempt: 'pending',
  };
}

/**
 * A gateway the payer is handed to with a signed form, nothing created before (the sandbox's
 * scheme, and the in-memory gateway of the use-case tests): its callbacks are believed for their
 * signature and an unpaid attempt is final. Whether a signed time bounds replays differs.
 */
export function signedFormCapabilities(replayWindow: boolean): GatewayCapabilities {
  return {
    ...EVERY_ADAPTER,
    createsAtGateway: false,
    callbackTrust: 'signature',
    replayWindow,
    unpaidAttempt: 'failed',
  };
}
