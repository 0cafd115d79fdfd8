import { generateKeyPairSync } from 'node:crypto';
import { signingCredentials } from '../../../server/einvoice/credentials';
import { validationLink } from '../../../server/einvoice/validation-link';
import { selfSigned } from './support/certificate';

const pem = (key: { export(options: { type: 'pkcs8'; format: 'pem' }): string | Buffer }): string =>
  key.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('the signing certificate and key from the settings', () => {
  const { certificate, privateKey } = selfSigned();
  const certificatePem = certificate.toString();
  const keyPem = pem(privateKey);

  it('takes a certificate with its own RSA key while the certificate is valid', () => {
    const credentials = signingCredentials(certificatePem, keyPem, new Date());
    expect(credentials.certificate.fingerprint256).toBe(certificate.fingerprint256);
    expect(credentials.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('says what is wrong, never quoting the PEM', () => {
    const refusals = [
      () => signingCredentials('not a certificate', keyPem, new Date()),
      () => signingCredentials(certificatePem, 'not a key', new Date()),
      () =>
        signingCredentials(
          certificatePem,
          pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey),
          new Date(),
        ),
      () =>
        signingCredentials(
          certificatePem,
          pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
          new Date(),
        ),
      () => signingCredentials(certificatePem, keyPem, new Date(Date.now() + 3 * 86_400_000)),
    ].map((attempt) => {
      try {
        attempt();
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(refusals.slice(0, 4)).toEqual([
      'the MyInvois certificate is not a PEM or DER X.509 certificate',
      'the MyInvois key is not a PEM private key (an encrypted key needs its passphrase)',
      'the MyInvois key is ec, not RSA',
      'the MyInvois signing key does not belong to its certificate',
    ]);
    expect(refusals[4]).toMatch(/^the MyInvois certificate is valid from \S+Z to \S+Z$/);
    expect(refusals.join('\n')).not.toContain('BEGIN');
  });
});

describe('the validation link of a valid document', () => {
  it('points to the portal of the environment, with the UUID and the long ID', () => {
    expect(validationLink('production', 'F9D425P6DS7D8IU', 'LIJAF97HJJKH8298KHADH0990')).toBe(
      'https://myinvois.hasil.gov.my/F9D425P6DS7D8IU/share/LIJAF97HJJKH8298KHADH0990',
    );
    expect(validationLink('sandbox', 'U/1', 'L 2')).toBe(
      'https://preprod.myinvois.hasil.gov.my/U%2F1/share/L%202',
    );
  });
});
