import { FALLBACK_LANGUAGE, type Language } from '../../src/contract/languages';
import { type SmsPurpose } from '../../src/contract/rules';
import { fitsOneSms } from './sms-encoding';

/**
 * The text of a code SMS, as Malaysian carriers (Maxis, CelcomDigi, U Mobile) pass it: it begins
 * with "RM0" (the member paid nothing for it) and the brand (sender names are replaced by a shared
 * short code, so the text must say who sent it), holds no URL (blocked since September 2024), and
 * fits one SMS (see sms-encoding.ts). Every template is checked with the longest brand allowed.
 */

/** The brand when SMS_BRAND is unset: development and tests, where no text reaches a carrier. */
export const DEFAULT_SMS_BRAND = 'Member Portal';
/** SMS_BRAND's limit: with it every template still fits one SMS. */
export const SMS_BRAND_MAX_LENGTH = 20;
/**
 * Letters, digits, spaces and a few marks, all GSM-7: no dot or slash, so a brand never reads
 * as a link, and no character that would turn a Latin-script text into UCS-2.
 */
export const SMS_BRAND_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 &'-]*$/;
/** SMS_WEBOTP_DOMAIN's limit, so that the WebOTP line still fits with the longest brand. */
export const SMS_WEBOTP_DOMAIN_MAX_LENGTH = 30;
/** A host name in lower case: labels of letters, digits and hyphens, at least one dot. */
export const SMS_WEBOTP_DOMAIN_PATTERN =
  /^(?=.{4,30}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** `{code}` and `{minutes}` are filled in; the "RM0 brand: " prefix goes before. */
export const SMS_TEXTS: Record<Language, Record<SmsPurpose, string>> = {
  en: {
    registration: 'Your sign-up code is {code}. It expires in {minutes} min. Never share it.',
    password_reset:
      'Your password reset code is {code}. It expires in {minutes} min. Never share it.',
  },
  ms: {
    registration: '{code} ialah kod pendaftaran anda. Sah {minutes} minit. Jangan kongsi kod ini.',
    password_reset:
      '{code} ialah kod set semula kata laluan anda. Sah {minutes} minit. Jangan kongsi kod ini.',
  },
  fr: {
    registration: "{code} est votre code d'inscription. Valable {minutes} min. Ne le donnez pas.",
    password_reset:
      '{code} est votre code pour changer de mot de passe. Valable {minutes} min. Ne le donnez pas.',
  },
  zn: {
    registration: '{code}是您的注册验证码，{minutes}分钟内有效。切勿告诉他人。',
    password_reset: '{code}是您的重置密码验证码，{minutes}分钟内有效。切勿告诉他人。',
  },
};

/**
 * When a text in the member's language does not fit one SMS (the Chinese one, UCS-2, with a
 * WebOTP line), the member gets the Malay text: GSM-7, and Malaysia's language.
 */
const FITTING_FALLBACK: Language = 'ms';

export interface SmsTextInput {
  brand: string;
  language: Language;
  purpose: SmsPurpose;
  code: string;
  /** The code's lifetime in seconds: the text gives it in whole minutes, at least one. */
  ttlS: number;
  /** When set, a last line `@domain #code` lets Chrome on Android offer the code (WebOTP). */
  webOtpDomain?: string;
}

export interface SmsText {
  body: string;
  /** The language the text is in: the member's, or the fallback when theirs did not fit. */
  language: Language;
}

function compose(input: SmsTextInput, language: Language): string {
  const minutes = String(Math.max(1, Math.round(input.ttlS / 60)));
  const text = SMS_TEXTS[language][input.purpose]
    .replace('{code}', input.code)
    .replace('{minutes}', minutes);
  const webOtp = input.webOtpDomain ? `\n@${input.webOtpDomain} #${input.code}` : '';
  return `RM0 ${input.brand}: ${text}${webOtp}`;
}

/** The SMS for a code, in the member's language when it fits one SMS, else in Malay. */
export function smsText(input: SmsTextInput): SmsText {
  for (const language of [input.language, FITTING_FALLBACK, FALLBACK_LANGUAGE]) {
    const body = compose(input, language);
    if (fitsOneSms(body)) return { body, language };
  }
  // Unreachable with a brand and domain within their limits (the template test proves it).
  return { body: compose(input, FALLBACK_LANGUAGE), language: FALLBACK_LANGUAGE };
}
