/**
 * Signs and verifies gateway messages. The key stays inside the adapter: use cases only ever
 * see canonical strings and hex signatures.
 */
export interface PaymentSigner {
  /** Lower-case hex signature of the canonical string. */
  sign(canonical: string): string;
  /** Constant-time check of a hex signature; false for anything malformed. */
  verify(canonical: string, signatureHex: string): boolean;
}
