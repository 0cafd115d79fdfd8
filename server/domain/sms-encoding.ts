/**
 * How a carrier counts an SMS: in the GSM-7 alphabet (3GPP TS 23.038) when every character is
 * in it, else in UCS-2, where one character outside GSM-7 turns the whole message to UCS-2.
 */

/** The GSM-7 default alphabet: one septet each. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
    'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: each is sent as an escape and the character, two septets. */
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

/**
 * The longest text each encoding may have in one part of a concatenated message. Malaysian
 * aggregators add the RM0 prefix only to a message within 153 GSM-7 characters, and the carriers
 * may refuse longer ones; a UCS-2 message is held to 70, one whole single-part message.
 */
export const SMS_PART_LIMITS = { 'GSM-7': 153, 'UCS-2': 70 } as const;
/** What one part of a concatenated message holds (its header takes the rest). */
const CONCATENATED_PART = { 'GSM-7': 153, 'UCS-2': 67 } as const;
/** What a message of a single part holds. */
const SINGLE_PART = { 'GSM-7': 160, 'UCS-2': 70 } as const;

export type SmsEncoding = keyof typeof SMS_PART_LIMITS;

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets for GSM-7 (an extension character counts two), UTF-16 code units for UCS-2. */
  units: number;
  /** How many parts the carrier sends. */
  segments: number;
}

export function isGsm7(text: string): boolean {
  return [...text].every((c) => GSM7_BASIC.has(c) || GSM7_EXTENSION.has(c));
}

export function smsLength(text: string): SmsLength {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const units =
    encoding === 'GSM-7'
      ? [...text].reduce((sum, c) => sum + (GSM7_EXTENSION.has(c) ? 2 : 1), 0)
      : text.length;
  const segments =
    units <= SINGLE_PART[encoding] ? 1 : Math.ceil(units / CONCATENATED_PART[encoding]);
  return { encoding, units, segments };
}

/** Whether the carriers pass it as one message: within its encoding's limit above. */
export function fitsOneSms(text: string): boolean {
  const { encoding, units } = smsLength(text);
  return units <= SMS_PART_LIMITS[encoding];
}
