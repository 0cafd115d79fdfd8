import type { GatewayHandOff } from '../../contract/payment';

/** A browser tab opened for the gateway's payment page. */
export interface GatewayTab {
  /** The tab's window name: the gateway form targets it. */
  readonly name: string;
}

/**
 * The hand-off to the hosted payment gateway, in a new tab. Opening and handing off are separate
 * because pop-up blockers only allow a tab opened synchronously inside a click, while where to go
 * (URL, method, fields) arrives later from the API: the server picks the gateway at run time.
 */
export interface GatewayPort {
  /** Opens a blank named tab; call it synchronously in a click handler. Null when blocked. */
  openTab(): GatewayTab | null;
  /** POST: posts handOff.fields as a hidden form to handOff.url in the tab; GET: opens the URL. */
  submit(tab: GatewayTab, handOff: GatewayHandOff): void;
  /** Closes a tab that will not be used (the payment request failed). */
  close(tab: GatewayTab): void;
  /**
   * A fresh random id for one confirmed payment attempt, sent as the Idempotency-Key header so a
   * repeated request returns the same transaction instead of creating another.
   */
  newAttemptKey(): string;
}

export const GATEWAY_PORT = Symbol.for('GatewayPort');
