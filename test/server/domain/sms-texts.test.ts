import { LANGUAGES } from '../../../src/contract/languages';
import { SMS_PURPOSES } from '../../../src/contract/rules';
import { isGsm7, SMS_PART_LIMITS, smsLength } from '../../../server/domain/sms-encoding';
import {
  SMS_BRAND_MAX_LENGTH,
  SMS_BRAND_PATTERN,
  SMS_TEXTS,
  SMS_WEBOTP_DOMAIN_MAX_LENGTH,
  SMS_WEBOTP_DOMAIN_PATTERN,
  smsText,
} from '../../../server/domain/sms-texts';

/** The longest brand SMS_BRAND allows, in the widest letters (all count alike in GSM-7). */
const LONGEST_BRAND = 'W'.repeat(SMS_BRAND_MAX_LENGTH);
/** The longest WebOTP domain allowed. */
const LONGEST_DOMAIN = `${'a'.repeat(SMS_WEBOTP_DOMAIN_MAX_LENGTH - 3)}.my`;
/** OTP_TTL_S at its maximum, 3600 s: the widest minute count. */
const LONGEST_TTL_S = 3600;
/** A link as carriers spot one: a scheme, www, or a name with a dot and a top-level domain. */
const URL_LIKE = /(https?:|www\.|[a-z0-9-]+\.[a-z]{2,})/i;

const cases = LANGUAGES.flatMap((language) =>
  SMS_PURPOSES.map((purpose) => ({ language, purpose })),
);

describe('SMS encoding and segments', () => {
  it('counts GSM-7 in septets, extension characters twice, and parts of 153 past 160', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsLength('€[]')).toEqual({ encoding: 'GSM-7', units: 6, segments: 1 });
    expect(smsLength("é è à Ç d'")).toMatchObject({ encoding: 'GSM-7' });
  });

  it('turns the whole text to UCS-2 for one character outside GSM-7', () => {
    expect(isGsm7('Ne le donnez pas.')).toBe(true);
    // A typographic apostrophe, a French ê, a Chinese character: each alone makes it UCS-2.
    for (const text of ['l’inscription', 'fenêtre', 'RM0 ACME: 验证码']) {
      expect(smsLength(text).encoding).toBe('UCS-2');
    }
    expect(smsLength('验'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength('验'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });
});

describe('every SMS template, with the longest brand allowed', () => {
  it.each(cases)('$language $purpose fits one SMS, starts RM0 and the brand, no URL', (c) => {
    const text = smsText({ ...c, brand: LONGEST_BRAND, code: '123456', ttlS: LONGEST_TTL_S });
    const length = smsLength(text.body);
    expect(text.language).toBe(c.language);
    expect(text.body.startsWith(`RM0 ${LONGEST_BRAND}: `)).toBe(true);
    expect(text.body).toContain('123456');
    expect(text.body).not.toMatch(URL_LIKE);
    expect(length.segments).toBe(1);
    expect(length.units).toBeLessThanOrEqual(SMS_PART_LIMITS[length.encoding]);
    // The Latin-script languages stay GSM-7: one stray character would cut them to 70.
    expect(length.encoding).toBe(c.language === 'zn' ? 'UCS-2' : 'GSM-7');
  });

  it.each(cases)('$language $purpose with the longest WebOTP domain fits one SMS', (c) => {
    const text = smsText({
      ...c,
      brand: LONGEST_BRAND,
      code: '654321',
      ttlS: LONGEST_TTL_S,
      webOtpDomain: LONGEST_DOMAIN,
    });
    expect(smsLength(text.body).segments).toBe(1);
    expect(text.body.startsWith(`RM0 ${LONGEST_BRAND}: `)).toBe(true);
    expect(text.body.split('\n').at(-1)).toBe(`@${LONGEST_DOMAIN} #654321`);
    // Chinese and a WebOTP line do not fit 70 UCS-2 characters: those members read Malay.
    expect(text.language).toBe(c.language === 'zn' ? 'ms' : c.language);
  });

  it('keeps the Chinese text with a short brand and domain when it fits', () => {
    const text = smsText({
      brand: 'ACME',
      language: 'zn',
      purpose: 'registration',
      code: '123456',
      ttlS: 300,
      webOtpDomain: 'a.my',
    });
    expect(text).toEqual({
      language: 'zn',
      body: 'RM0 ACME: 123456是您的注册验证码，5分钟内有效。切勿告诉他人。\n@a.my #123456',
    });
  });

  it('reads in English as the carriers want it', () => {
    expect(
      smsText({
        brand: 'ACME Club',
        language: 'en',
        purpose: 'registration',
        code: '123456',
        ttlS: 300,
      }).body,
    ).toBe('RM0 ACME Club: Your sign-up code is 123456. It expires in 5 min. Never share it.');
  });

  it('has a template for every language and purpose, each with the code and the minutes', () => {
    for (const { language, purpose } of cases) {
      expect(SMS_TEXTS[language][purpose]).toMatch(/\{code\}.*\{minutes\}/);
    }
  });

  it('takes brands and domains that keep the texts GSM-7 and link-free', () => {
    expect(SMS_BRAND_PATTERN.test(LONGEST_BRAND)).toBe(true);
    for (const brand of ['ACME Club', "Kelab M'sia", 'A&B-2']) {
      expect(SMS_BRAND_PATTERN.test(brand)).toBe(true);
    }
    for (const brand of ['acme.my', 'a/b', ' ACME', 'Kelab Ç', '会员']) {
      expect(SMS_BRAND_PATTERN.test(brand)).toBe(false);
    }
    expect(SMS_WEBOTP_DOMAIN_PATTERN.test(LONGEST_DOMAIN)).toBe(true);
    expect(SMS_WEBOTP_DOMAIN_PATTERN.test(`a${LONGEST_DOMAIN}`)).toBe(false);
    for (const domain of ['portal.example.my', 'member.acme.com']) {
      expect(SMS_WEBOTP_DOMAIN_PATTERN.test(domain)).toBe(true);
    }
    for (const domain of ['https://a.my', 'localhost', 'A.MY', 'a.my/x', '-a.my']) {
      expect(SMS_WEBOTP_DOMAIN_PATTERN.test(domain)).toBe(false);
    }
  });
});
