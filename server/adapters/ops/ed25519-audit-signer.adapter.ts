import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { keyIdOf } from '../../domain/ops/audit-keys';
import { type AuditSigner } from '../../ports/audit-signer.port';

/** Ed25519 checkpoint signatures with node:crypto. */
export class Ed25519AuditSigner implements AuditSigner {
  readonly keyId: string;
  readonly publicKeyPem: string;
  readonly publicKey: string;
  private readonly publicKeyObject: KeyObject;

  private constructor(private readonly privateKey: KeyObject) {
    this.publicKeyObject = createPublicKey(privateKey);
    this.publicKeyPem = this.publicKeyObject.export({ type: 'spki', format: 'pem' }).toString();
    this.publicKey = this.publicKeyObject
      .export({ type: 'spki', format: 'der' })
      .toString('base64');
    this.keyId = keyIdOf(this.publicKey);
  }

  /** From AUDIT_SIGNING_KEY: a PKCS#8 private key, PEM or base64 of its DER. */
  static fromSetting(value: string): Ed25519AuditSigner {
    const key = value.includes('-----BEGIN')
      ? createPrivateKey(value)
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('AUDIT_SIGNING_KEY is not Ed25519');
    return new Ed25519AuditSigner(key);
  }

  /** The key of a 32-byte seed (RFC 8032's private key), e.g. one derived for development. */
  static fromSeed(seed: Buffer): Ed25519AuditSigner {
    if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
    const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
    return new Ed25519AuditSigner(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
  }

  /** A new key pair (development and tests; production sets AUDIT_SIGNING_KEY). */
  static generate(): Ed25519AuditSigner {
    return new Ed25519AuditSigner(generateKeyPairSync('ed25519').privateKey);
  }

  /** The private key as AUDIT_SIGNING_KEY takes it (base64 DER, PKCS#8). */
  exportSetting(): string {
    return this.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
  }

  sign(message: string): string {
    return sign(null, Buffer.from(message), this.privateKey).toString('base64');
  }

  verify(message: string, signature: string): boolean {
    return verify(
      null,
      Buffer.from(message),
      this.publicKeyObject,
      Buffer.from(signature, 'base64'),
    );
  }

  verifyWith(publicKey: string, message: string, signature: string): boolean {
    return verifyWithKey(publicKey, message, signature);
  }
}

/** An Ed25519 check with a public key given as SPKI DER, base64; false for anything malformed. */
export function verifyWithKey(publicKey: string, message: string, signature: string): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.from(publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    if (key.asymmetricKeyType !== 'ed25519') return false;
    return verify(null, Buffer.from(message), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A public key as the key chain names it (SPKI DER, base64), from PEM (a `--key` file). */
export function publicKeyFromPem(pem: string): string {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 public key');
  return key.export({ type: 'spki', format: 'der' }).toString('base64');
}

/** Verifies with a public key alone (PEM), as a third party checking an export would. */
export function verifyWithPublicKey(pem: string, message: string, signature: string): boolean {
  return verify(null, Buffer.from(message), createPublicKey(pem), Buffer.from(signature, 'base64'));
}
