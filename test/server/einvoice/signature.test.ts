import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  canonicalDocument,
  certificateDigest,
  documentDigest,
  envelope,
  signDocument,
  signedPropertiesDigest,
} from '../../../server/einvoice/signature';
import { consolidatedInvoice } from '../../../server/einvoice/consolidated-invoice';
import { signatureProblems } from '../../../server/einvoice/signature-check';
import type { UblDocument } from '../../../server/einvoice/ubl';
import { selfSigned } from './support/certificate';
import { SELLER } from './support/seller';

/**
 * The golden file is the signed invoice of LHDN's MyInvois SDK page "Signing a JSON document"
 * (https://sdk.myinvois.hasil.gov.my/signature-creation-json/, as mirrored in the public
 * repository deadboy18/myinvois-docs, 06-signature/signature-creation-json.md): the sample's
 * final minified document, byte for byte. Its inputs are the document without its signature, the
 * trial LHDNM certificate it carries and its signing time; the page's published digests follow.
 */
const SAMPLE_TEXT = readFileSync(
  path.join(__dirname, 'fixtures/myinvois-signed-invoice-sample.json'),
  'utf8',
).trim();
const SAMPLE_SIGNING_TIME = '2024-07-23T15:14:54Z';
const PUBLISHED = {
  documentDigest: 'vMs/IdnS7isftqrBDr4F1LK/CkvBkW5Gb3Wn6OVzAxo=',
  certificateDigest: 'KKBSTyiPKGkGl1AFqcPziKCEIDYGtnYUTQN4ukO7G40=',
  signedPropertiesDigest: 'Rzuzz+70GSnGBF1YxhHnjSzFpQ1MW4vyX/Q9bTHkE2c=',
};

/** The XAdES signature inside a document in MyInvois' JSON, read loosely for the test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const signatureOf = (document: Loose): Loose =>
  document.Invoice[0].UBLExtensions[0].UBLExtension[0].ExtensionContent[0].UBLDocumentSignatures[0]
    .SignatureInformation[0].Signature[0];

function sampleParts() {
  const sample = JSON.parse(SAMPLE_TEXT) as UblDocument;
  const signature = signatureOf(sample);
  const certificate = new X509Certificate(
    Buffer.from(signature.KeyInfo[0].X509Data[0].X509Certificate[0]._ as string, 'base64'),
  );
  const signatureValue = signature.SignatureValue[0]._ as string;
  return { sample, certificate, signatureValue };
}

describe('the MyInvois signature against LHDN’s signed sample', () => {
  const { sample, certificate, signatureValue } = sampleParts();
  const unsigned = JSON.parse(canonicalDocument(sample)) as UblDocument;

  it('produces the sample’s document, certificate and signed-properties digests', () => {
    expect(documentDigest(unsigned)).toBe(PUBLISHED.documentDigest);
    expect(certificateDigest(certificate)).toBe(PUBLISHED.certificateDigest);
    expect(signedPropertiesDigest(certificate, SAMPLE_SIGNING_TIME)).toBe(
      PUBLISHED.signedPropertiesDigest,
    );
  });

  it('rebuilds the signed sample byte for byte from its inputs and published signature', () => {
    const ours = envelope(unsigned, {
      certificate,
      signingTime: SAMPLE_SIGNING_TIME,
      signatureValue,
    });
    expect(JSON.stringify(ours)).toBe(SAMPLE_TEXT);
  });

  it('verifies the sample’s signature, and refuses it once a figure is changed', () => {
    expect(signatureProblems(JSON.parse(SAMPLE_TEXT) as UblDocument)).toEqual([]);
    const tampered = SAMPLE_TEXT.replace('"_":1436.5', '"_":1436.6');
    expect(tampered).not.toBe(SAMPLE_TEXT);
    expect(signatureProblems(JSON.parse(tampered) as UblDocument)).toEqual([
      'the document digest does not match the document',
      'the signature does not verify with the certificate',
    ]);
  });
});

/**
 * LHDN's signed sample documents of version 1.1 (the SDK's "Sample Documents" page,
 * https://sdk.myinvois.hasil.gov.my/sample/, as mirrored in deadboy18/myinvois-docs,
 * 10-sample-documents/samples/), kept verbatim: another certificate, other signing times, a
 * consolidated e-invoice and a refund note among them.
 */
const PUBLISHED_SAMPLES = [
  '1.1-Invoice-Sample.json',
  '1.1-Invoice-Consolidated-Sample.json',
  '1.1-Refund-Note-Sample.json',
];

describe.each(PUBLISHED_SAMPLES)('LHDN’s signed sample %s', (file) => {
  const text = readFileSync(path.join(__dirname, 'fixtures', file), 'utf8');
  const sample = JSON.parse(text) as UblDocument;
  const signature = signatureOf(sample);

  it('passes our check: its digests and its signature', () => {
    expect(signatureProblems(sample)).toEqual([]);
  });

  it('is rebuilt byte for byte (minified) from its inputs and published signature', () => {
    const certificate = new X509Certificate(
      Buffer.from(signature.KeyInfo[0].X509Data[0].X509Certificate[0]._ as string, 'base64'),
    );
    const signingTime = signature.Object[0].QualifyingProperties[0].SignedProperties[0]
      .SignedSignatureProperties[0].SigningTime[0]._ as string;
    const unsigned = JSON.parse(canonicalDocument(sample)) as UblDocument;
    const ours = envelope(unsigned, {
      certificate,
      signingTime,
      signatureValue: signature.SignatureValue[0]._ as string,
    });
    expect(JSON.stringify(ours)).toBe(JSON.stringify(sample));
    expect(JSON.stringify(ours).length).toBeGreaterThan(5_000);
  });
});

describe('signing a consolidated e-invoice of ours', () => {
  const unsigned = consolidatedInvoice({
    id: 'CON-2026-11',
    month: '2026-11',
    issuedAt: new Date('2026-12-01T00:30:00Z'),
    seller: SELLER,
    payments: [
      { receiptNumber: 'R-2026-000001', amountSen: 5_000 },
      { receiptNumber: 'R-2026-000002', amountSen: 12_345 },
    ],
  });

  it('signs with RSA-SHA256 so that the receiver’s check passes, and a change is refused', () => {
    const { certificate, privateKey } = selfSigned();
    const signed = signDocument(
      unsigned,
      { certificate, privateKey },
      new Date('2026-12-01T00:30:00.123Z'),
    );
    expect(signatureProblems(signed)).toEqual([]);
    const text = JSON.stringify(signed);
    expect(text).toContain('"SigningTime":[{"_":"2026-12-01T00:30:00Z"}]');
    expect(text.startsWith(JSON.stringify(unsigned).slice(0, -3))).toBe(true);
    expect(documentDigest(signed)).toBe(documentDigest(unsigned));
    const tampered = JSON.parse(text.replace('R-2026-000002', 'R-2026-000003')) as UblDocument;
    expect(signatureProblems(tampered)).toEqual([
      'the document digest does not match the document',
      'the signature does not verify with the certificate',
    ]);
  });

  it('refuses a key that is not the certificate’s', () => {
    const { certificate } = selfSigned();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => signDocument(unsigned, { certificate, privateKey }, new Date())).toThrow(
      'the MyInvois signing key does not belong to its certificate',
    );
  });
});
