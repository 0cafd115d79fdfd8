import { type GatewayCapabilities } from '../../ports/payment-gateway.port';

/**
 * What every adapter declares alike: each answers status queries, none offers a bank list yet,
 * and no gateway's messages name a currency (the merchant accounts take ringgit only).
 */
const EVERY_ADAPTER = {
  statusQuery: true,
  bankList: false,
  currency: 'implied_myr',
} as const;

/**
 * A gateway whose payment is a bill created over its API (Billplz, ToyyibPay): no signed time
 * bounds its callbacks, an unpaid attempt leaves the bill payable, and no API call refunds a
 * bill (finance pays refunds back by bank transfer). How a callback is believed differs.
 */
export function billCapabilities(
  callbackTrust: GatewayCapabilities['callbackTrust'],
): GatewayCapabilities {
  return {
    ...EVERY_ADAPTER,
    refunds: 'manual',
    createsAtGateway: true,
    callbackTrust,
    replayWindow: false,
    unpaidAttempt: 'pending',
  };
}

/**
 * A gateway the payer is handed to with a signed form, nothing created before (the sandbox's
 * scheme, and the in-memory gateway of the use-case tests): its callbacks are believed for their
 * signature and an unpaid attempt is final. Whether a signed time bounds replays differs, and
 * whether the adapter sends refunds through the gateway (`refund()`) or leaves them to finance.
 */
export function signedFormCapabilities(
  replayWindow: boolean,
  refunds: GatewayCapabilities['refunds'],
): GatewayCapabilities {
  return {
    ...EVERY_ADAPTER,
    refunds,
    createsAtGateway: false,
    callbackTrust: 'signature',
    replayWindow,
    unpaidAttempt: 'failed',
  };
}
