/** Signs and verifies the audit log's checkpoints (Ed25519, key from AUDIT_SIGNING_KEY). */
export interface AuditSigner {
  /** Names the key (a fingerprint of its public key), stored beside each signature. */
  readonly keyId: string;
  /** The public key, PEM (SPKI): what a third party needs to verify an export. */
  readonly publicKeyPem: string;
  /** The public key as checkpoints name it (SPKI DER, base64): the key chain's form. */
  readonly publicKey: string;
  sign(message: string): string;
  verify(message: string, signature: string): boolean;
  /** Checks a signature with another public key (SPKI DER, base64): an older or a newer key. */
  verifyWith(publicKey: string, message: string, signature: string): boolean;
}
