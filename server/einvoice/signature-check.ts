import { X509Certificate, verify } from 'node:crypto';
import {
  canonicalDocument,
  certificateDigest,
  documentDigest,
  signedPropertiesDigest,
} from './signature';
import type { UblDocument, UblNode, UblValue } from './ubl';

/**
 * The check a receiver makes of a signed document (MyInvois' own, and the stand-in's in tests):
 * the certificate it carries, the two digests of SignedInfo and the RSA-SHA256 signature.
 */
type Found = UblNode | UblValue | readonly UblNode[] | undefined;

/** The first element down a path of names, or undefined where the document lacks one. */
function at(node: Found, ...names: string[]): Found {
  let current: Found = node;
  for (const name of names) {
    const list: Found = Array.isArray(current)
      ? current
      : current === undefined
        ? undefined
        : [current];
    const first = (list as readonly UblNode[] | undefined)?.[0];
    current = typeof first === 'object' ? first[name] : undefined;
  }
  return current;
}

const textOf = (node: Found): string | undefined => {
  const value = at(node, '_');
  return typeof value === 'string' ? value : undefined;
};

/** What is wrong with a signed document's signature: empty when it verifies. */
export function signatureProblems(signed: UblDocument): string[] {
  const information = at(
    signed.Invoice,
    'UBLExtensions',
    'UBLExtension',
    'ExtensionContent',
    'UBLDocumentSignatures',
    'SignatureInformation',
    'Signature',
  );
  const certificateText = textOf(at(information, 'KeyInfo', 'X509Data', 'X509Certificate'));
  const signatureValue = textOf(at(information, 'SignatureValue'));
  const signingTime = textOf(
    at(
      information,
      'Object',
      'QualifyingProperties',
      'SignedProperties',
      'SignedSignatureProperties',
      'SigningTime',
    ),
  );
  if (certificateText === undefined || signatureValue === undefined || signingTime === undefined) {
    return ['the document carries no complete signature'];
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(certificateText, 'base64'));
  } catch {
    return ['the signing certificate cannot be read'];
  }
  const references = at(information, 'SignedInfo', 'Reference');
  const digests = Array.isArray(references)
    ? (references as readonly UblNode[]).map((reference) => textOf(reference.DigestValue))
    : [];
  const certDigest = textOf(
    at(
      information,
      'Object',
      'QualifyingProperties',
      'SignedProperties',
      'SignedSignatureProperties',
      'SigningCertificate',
      'Cert',
      'CertDigest',
      'DigestValue',
    ),
  );
  const problems: string[] = [];
  if (certDigest !== certificateDigest(certificate)) {
    problems.push('the certificate digest does not match the certificate');
  }
  if (digests[0] !== signedPropertiesDigest(certificate, signingTime)) {
    problems.push('the signed properties digest does not match');
  }
  if (digests[1] !== documentDigest(signed)) {
    problems.push('the document digest does not match the document');
  }
  const canonical = Buffer.from(canonicalDocument(signed));
  if (!verify('sha256', canonical, certificate.publicKey, Buffer.from(signatureValue, 'base64'))) {
    problems.push('the signature does not verify with the certificate');
  }
  return problems;
}
