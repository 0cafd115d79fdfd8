import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import type { SigningCredentials } from './signature';

/**
 * The signing certificate and its key as the settings give them (PEM, MYINVOIS_CERT and
 * MYINVOIS_KEY once e-invoicing has settings), checked before the first document is signed:
 * MyInvois signs with RSA-SHA256, so the key is RSA and the certificate's own, and a certificate
 * out of its validity makes every document invalid. The messages never quote the PEM.
 */
export function signingCredentials(
  certificatePem: string,
  keyPem: string,
  now: Date,
): SigningCredentials {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    throw new Error('the MyInvois certificate is not a PEM or DER X.509 certificate');
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(keyPem);
  } catch {
    throw new Error(
      'the MyInvois key is not a PEM private key (an encrypted key needs its passphrase)',
    );
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error(`the MyInvois key is ${privateKey.asymmetricKeyType ?? 'unknown'}, not RSA`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error('the MyInvois signing key does not belong to its certificate');
  }
  const from = Date.parse(certificate.validFrom);
  const to = Date.parse(certificate.validTo);
  if (now.getTime() < from || now.getTime() > to) {
    throw new Error(
      `the MyInvois certificate is valid from ${new Date(from).toISOString()} to ${new Date(to).toISOString()}`,
    );
  }
  return { certificate, privateKey };
}
