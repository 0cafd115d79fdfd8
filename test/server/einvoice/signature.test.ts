import { X509Certificate, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  canonicalDocument,
  certificateDigest,
  documentDigest,
  envelope,
  signDocument,
  signedPropertiesDigest,
} from '../../../server/einvoice/signature';
import { signatureProblems } from '../../../server/einvoice/signature-check';
import type { UblDocument, UblNode } from '../../../server/einvoice/ubl';

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

type Json = { [key: string]: Json } & Json[];

function sampleParts() {
  const sample = JSON.parse(SAMPLE_TEXT) as Json;
  const signature =
    sample.Invoice[0].UBLExtensions[0].UBLExtension[0].ExtensionContent[0].UBLDocumentSignatures[0]
      .SignatureInformation[0].Signature[0];
  const certificate = new X509Certificate(
    Buffer.from(
      signature.KeyInfo[0].X509Data[0].X509Certificate[0]._ as unknown as string,
      'base64',
    ),
  );
  const signatureValue = signature.SignatureValue[0]._ as unknown as string;
  return { sample, signature, certificate, signatureValue };
}

describe('the MyInvois signature against LHDN’s signed sample', () => {
  const { sample, signature, certificate, signatureValue } = sampleParts();
  const unsigned = JSON.parse(canonicalDocument(sample as unknown as UblDocument)) as UblDocument;

  it('produces the sample’s document, certificate and signed-properties digests', () => {
    expect(documentDigest(unsigned)).toBe(PUBLISHED.documentDigest);
    expect(certificateDigest(certificate)).toBe(PUBLISHED.certificateDigest);
    expect(signedPropertiesDigest(certificate, SAMPLE_SIGNING_TIME)).toBe(
      PUBLISHED.signedPropertiesDigest,
    );
  });

  it('rebuilds the signed sample byte for byte from its inputs and published signature', () => {
    // The sample names the issuer as X509SubjectName; we write the certificate's own subject, as
    // XML-DSig defines it, and compare the rest byte for byte.
    const subject = signature.KeyInfo[0].X509Data[0].X509SubjectName[0];
    subject._ = 'O=Dummy' as unknown as Json;
    const ours = envelope(unsigned, {
      certificate,
      signingTime: SAMPLE_SIGNING_TIME,
      signatureValue,
    });
    const ourSubject = (ours.Invoice[0] as unknown as Json).UBLExtensions[0].UBLExtension[0]
      .ExtensionContent[0].UBLDocumentSignatures[0].SignatureInformation[0].Signature[0].KeyInfo[0]
      .X509Data[0].X509SubjectName[0];
    expect(ourSubject._).toContain('CN=Dummy');
    ourSubject._ = 'O=Dummy' as unknown as Json;
    expect(JSON.stringify(ours)).toBe(JSON.stringify(sample));
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

/** A throwaway self-signed certificate and key, made by the openssl the machine has. */
function selfSigned(): { certificate: X509Certificate; keyPem: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-'));
  try {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(path.join(dir, 'key.pem'), keyPem);
    execFileSync('openssl', [
      'req',
      '-new',
      '-x509',
      '-days',
      '1',
      '-subj',
      '/C=MY/O=Test Seller/CN=Test Seller',
      '-key',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    return {
      certificate: new X509Certificate(readFileSync(path.join(dir, 'cert.pem'))),
      keyPem,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('signing a document of ours', () => {
  const unsigned = JSON.parse(
    canonicalDocument(sampleParts().sample as unknown as UblDocument),
  ) as UblDocument;

  it('signs with RSA-SHA256 so that the receiver’s check passes', () => {
    const { certificate, keyPem } = selfSigned();
    const signed = signDocument(
      unsigned,
      { certificate, privateKey: createPrivateKey(keyPem) },
      new Date('2026-12-01T00:30:00.123Z'),
    );
    expect(signatureProblems(signed)).toEqual([]);
    const invoice = signed.Invoice[0] as UblNode;
    expect(JSON.stringify(invoice)).toContain('"SigningTime":[{"_":"2026-12-01T00:30:00Z"}]');
    expect(documentDigest(signed)).toBe(PUBLISHED.documentDigest);
  });

  it('refuses a key that is not the certificate’s', () => {
    const { certificate } = selfSigned();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => signDocument(unsigned, { certificate, privateKey }, new Date())).toThrow(
      'the MyInvois signing key does not belong to its certificate',
    );
  });
});
