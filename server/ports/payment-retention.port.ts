/**
 * Removing payments whose retention has ended. The store, not the caller, reads the time: on
 * PostgreSQL it is the database's `now()`, so no instance's clock can make a younger payment go.
 */
export interface PaymentRetentionStore {
  /**
   * Deletes at most `limit` payments whose year (Malaysia time; completion, else creation) ended
   * more than `years` years ago (see retentionCutoff), with their gateway messages and
   * idempotency keys; receipt numbering stays as it is. Returns how many payments went.
   */
  deletePaymentsPastRetention(years: number, limit: number): Promise<number>;
}
