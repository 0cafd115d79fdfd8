import { createHash, sign, type KeyObject, type X509Certificate } from 'node:crypto';
import { text, type UblDocument, type UblNode } from './ubl';

/**
 * The XAdES enveloped signature MyInvois asks of a JSON document of version 1.1 (the SDK's
 * "Signing a JSON document" page): the document without its UBLExtensions and Signature,
 * minified, is hashed with SHA-256 and signed with RSA-SHA256 by the certificate's key; the
 * signed properties name the certificate by its SHA-256 digest, its issuer and its serial number,
 * and are hashed minified under {"Target":"signature","SignedProperties":[...]}. Both digests go in
 * SignedInfo's two references. Minifying is JSON.stringify of the parsed document: MyInvois'
 * samples are objects whose key order is kept, and the bytes submitted are the bytes hashed.
 */
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SIGNED_PROPERTIES_ID = 'id-xades-signed-props';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903/v1.3.2#SignedProperties';
const XADES_EXTENSION = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';
const INVOICE_SIGNATURE_ID = 'urn:oasis:names:specification:ubl:signature:Invoice';

/** The signing certificate and its private key (MYINVOIS_CERT / MYINVOIS_KEY once loaded). */
export interface SigningCredentials {
  readonly certificate: X509Certificate;
  readonly privateKey: KeyObject;
}

const sha256 = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('base64');

/** The document as it is hashed and signed: no UBLExtensions or Signature, minified. */
export function canonicalDocument(document: UblDocument): string {
  const invoice = document.Invoice.map((node) => {
    const { UBLExtensions: _extensions, Signature: _signature, ...rest } = node;
    return rest;
  });
  return JSON.stringify({ ...document, Invoice: invoice });
}

export const documentDigest = (document: UblDocument): string =>
  sha256(canonicalDocument(document));

export const certificateDigest = (certificate: X509Certificate): string => sha256(certificate.raw);

/**
 * A distinguished name as the SDK's samples write it: RFC 4514's order, the reverse of the
 * certificate's own (CN=..., O=..., C=MY for the trial LHDNM certificate). Node gives the name one
 * attribute a line, RFC 2253-escaped, in the certificate's order.
 */
function distinguishedName(lines: string): string {
  return lines.split('\n').filter(Boolean).reverse().join(', ');
}

const serialNumber = (certificate: X509Certificate): string =>
  BigInt(`0x${certificate.serialNumber}`).toString(10);

function issuerSerial(certificate: X509Certificate): UblNode[] {
  return [
    {
      X509IssuerName: text(distinguishedName(certificate.issuer)),
      X509SerialNumber: text(serialNumber(certificate)),
    },
  ];
}

function signedProperties(certificate: X509Certificate, signingTime: string): UblNode[] {
  const certDigest = {
    DigestMethod: text('', { Algorithm: SHA256 }),
    DigestValue: text(certificateDigest(certificate)),
  };
  const signingCertificate = {
    Cert: [{ CertDigest: [certDigest], IssuerSerial: issuerSerial(certificate) }],
  };
  return [
    {
      Id: SIGNED_PROPERTIES_ID,
      SignedSignatureProperties: [
        { SigningTime: text(signingTime), SigningCertificate: [signingCertificate] },
      ],
    },
  ];
}

/** The digest of the signed properties, hashed inside the qualifying properties' outer object. */
export function signedPropertiesDigest(certificate: X509Certificate, signingTime: string): string {
  const qualifying = {
    Target: 'signature',
    SignedProperties: signedProperties(certificate, signingTime),
  };
  return sha256(JSON.stringify(qualifying));
}

/** SigningTime as the SDK writes it: UTC to the second (2024-07-23T15:14:54Z). */
export const signingTimeOf = (at: Date): string => `${at.toISOString().slice(0, 19)}Z`;

function reference(type: string, uri: string, digest: string): UblNode {
  return {
    Type: type,
    URI: uri,
    DigestMethod: text('', { Algorithm: SHA256 }),
    DigestValue: text(digest),
  };
}

interface Envelope {
  readonly certificate: X509Certificate;
  readonly signingTime: string;
  /** Base64 RSA-SHA256 signature of the canonical document. */
  readonly signatureValue: string;
}

/**
 * The signed document: the unsigned one with UBLExtensions and Signature added at the end of the
 * invoice, as MyInvois' signed sample has them. Pure, so that the golden-file test can rebuild the
 * sample from its published signature value (its private key is not published).
 */
export function envelope(document: UblDocument, parts: Envelope): UblDocument {
  const { certificate, signingTime, signatureValue } = parts;
  const signature = {
    Id: 'signature',
    Object: [
      {
        QualifyingProperties: [
          { Target: 'signature', SignedProperties: signedProperties(certificate, signingTime) },
        ],
      },
    ],
    KeyInfo: [
      {
        X509Data: [
          {
            X509Certificate: text(certificate.raw.toString('base64')),
            // LHDN's signed samples all write the issuer's name here (not the subject's), and
            // MyInvois validates them: we write what they write.
            X509SubjectName: text(distinguishedName(certificate.issuer)),
            X509IssuerSerial: issuerSerial(certificate),
          },
        ],
      },
    ],
    SignatureValue: text(signatureValue),
    SignedInfo: [
      {
        SignatureMethod: text('', { Algorithm: RSA_SHA256 }),
        Reference: [
          reference(
            SIGNED_PROPERTIES_TYPE,
            `#${SIGNED_PROPERTIES_ID}`,
            signedPropertiesDigest(certificate, signingTime),
          ),
          reference('', '', documentDigest(document)),
        ],
      },
    ],
  };
  const information = {
    ID: text('urn:oasis:names:specification:ubl:signature:1'),
    ReferencedSignatureID: text(INVOICE_SIGNATURE_ID),
    Signature: [signature],
  };
  const extension = {
    ExtensionURI: text(XADES_EXTENSION),
    ExtensionContent: [{ UBLDocumentSignatures: [{ SignatureInformation: [information] }] }],
  };
  const invoice = JSON.parse(canonicalDocument(document)) as UblDocument;
  return {
    ...invoice,
    Invoice: invoice.Invoice.map((node) => ({
      ...node,
      UBLExtensions: [{ UBLExtension: [extension] }],
      Signature: [{ ID: text(INVOICE_SIGNATURE_ID), SignatureMethod: text(XADES_EXTENSION) }],
    })),
  };
}

/** Signs a document for submission; send JSON.stringify of the answer, byte for byte. */
export function signDocument(
  document: UblDocument,
  credentials: SigningCredentials,
  at: Date,
): UblDocument {
  const { certificate, privateKey } = credentials;
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error('the MyInvois signing key does not belong to its certificate');
  }
  const signatureValue = sign('sha256', Buffer.from(canonicalDocument(document)), privateKey);
  return envelope(document, {
    certificate,
    signingTime: signingTimeOf(at),
    signatureValue: signatureValue.toString('base64'),
  });
}
