import { X509Certificate, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway self-signed certificate and key, made by the openssl the machine has. */
export function selfSigned(): { certificate: X509Certificate; privateKey: KeyObject } {
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
      privateKey,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
