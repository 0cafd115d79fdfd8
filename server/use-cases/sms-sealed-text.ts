import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { type SmsPurpose } from '../../src/contract/rules';

/** What a queued SMS needs to go out: the text, and the code for the development outbox. */
export interface SmsLetter {
  purpose: SmsPurpose;
  code: string;
  body: string;
}

/** AES-256-GCM under a key derived from the SMS code pepper: a copied queue row reveals no code. */
function keyOf(pepper: string): Buffer {
  return Buffer.from(hkdfSync('sha256', pepper, 'sms-outbox', 'sealed sms text', 32));
}

/** `iv.tag.ciphertext`, base64url each. */
export function sealSmsLetter(pepper: string, letter: SmsLetter): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(pepper), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(letter), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The letter, or null when the text was sealed under another pepper or changed. */
export function openSmsLetter(pepper: string, sealed: string): SmsLetter | null {
  const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(pepper), iv);
    decipher.setAuthTag(tag);
    const json = Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
    return JSON.parse(json) as SmsLetter;
  } catch {
    return null;
  }
}
