import type { GatewayFields } from '../model/payment';

/** A browser tab opened for the gateway's payment page. */
export interface GatewayTab {
  /** The tab's window name: the gateway form targets it. */
  readonly name: string;
}

/**
 * The hand-off to the hosted payment gateway: a form POST into a new tab. Opening and posting are
 * separate because pop-up blockers only allow a tab opened synchronously inside a click, while the
 * form's fields arrive later from the API.
 */
export interface GatewayPort {
  /** Opens a blank named tab; call it synchronously in a click handler. Null when blocked. */
  openTab(): GatewayTab | null;
  /** Posts the hidden fields to the gateway's payment page inside the tab. */
  submit(tab: GatewayTab, fields: GatewayFields): void;
  /** Closes a tab that will not be used (the payment request failed). */
  close(tab: GatewayTab): void;
  /**
   * A fresh random id for one confirmed payment attempt, sent as the Idempotency-Key header so a
   * repeated request returns the same transaction instead of creating another.
   */
  newAttemptKey(): string;
}

export const GATEWAY_PORT = Symbol.for('GatewayPort');
