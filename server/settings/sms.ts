import {
  DEFAULT_SMS_BRAND,
  SMS_BRAND_MAX_LENGTH,
  SMS_BRAND_PATTERN,
  SMS_WEBOTP_DOMAIN_MAX_LENGTH,
  SMS_WEBOTP_DOMAIN_PATTERN,
} from '../domain/sms-texts';
import { type EnvReader } from './env-reader';
import { loadSmsHttp, type SmsHttpConfig } from './sms-http';

export type SmsProvider = 'console' | 'twilio' | 'http';

const SMS_PROVIDERS: readonly SmsProvider[] = ['console', 'twilio', 'http'];

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overridable so tests can point the adapter at a local stub server. */
  baseUrl: string;
}

/** Who sends the SMS codes, and the limits on codes and on sending them. */
export interface SmsSettings {
  smsProvider: SmsProvider;
  /** Who the texts say sent them (SMS_BRAND): carriers require the brand in the text. */
  smsBrand: string;
  /** The WebOTP line's host name (SMS_WEBOTP_DOMAIN); undefined: no such line. */
  smsWebOtpDomain?: string;
  twilio: TwilioConfig;
  /** The HTTP provider's description (SMS_HTTP_*), present exactly when SMS_PROVIDER is http. */
  smsHttp?: SmsHttpConfig;
  otpTtlS: number;
  otpMaxAttempts: number;
  smsResendCooldownS: number;
  smsPerPhonePerHour: number;
  smsPerAddressPerHour: number;
}

/**
 * SMS_PROVIDER (console; twilio, whose three TWILIO_* settings are then required; or http,
 * described by the SMS_HTTP_* settings), and what the texts carry: SMS_BRAND, required in
 * production when a real provider sends (the carriers refuse a text without it), and
 * SMS_WEBOTP_DOMAIN.
 */
export function loadSms(read: EnvReader, production: boolean): SmsSettings {
  const smsProvider = read.oneOf<SmsProvider>('SMS_PROVIDER', 'console', SMS_PROVIDERS);
  const smsBrand = read.text('SMS_BRAND', DEFAULT_SMS_BRAND);
  if (production && smsProvider !== 'console' && !read.isSet('SMS_BRAND')) {
    read.problems.push(
      'SMS_BRAND: production needs the brand Malaysian carriers require in every SMS (e.g. "ACME Club")',
    );
  } else if (smsBrand.length > SMS_BRAND_MAX_LENGTH || !SMS_BRAND_PATTERN.test(smsBrand)) {
    read.problems.push(
      `SMS_BRAND: must be at most ${SMS_BRAND_MAX_LENGTH} letters, digits, spaces, &, ' or - (got "${smsBrand}")`,
    );
  }
  const webOtpDomain = read.text('SMS_WEBOTP_DOMAIN', '');
  if (webOtpDomain !== '' && !SMS_WEBOTP_DOMAIN_PATTERN.test(webOtpDomain)) {
    read.problems.push(
      `SMS_WEBOTP_DOMAIN: must be a lower-case host name of at most ${SMS_WEBOTP_DOMAIN_MAX_LENGTH} characters, without scheme or path (got "${webOtpDomain}")`,
    );
  }
  const twilio: TwilioConfig = {
    accountSid: read.text('TWILIO_ACCOUNT_SID', ''),
    authToken: read.text('TWILIO_AUTH_TOKEN', ''),
    from: read.text('TWILIO_FROM', ''),
    baseUrl: read.text('TWILIO_BASE_URL', 'https://api.twilio.com').replace(/\/+$/, ''),
  };
  if (smsProvider === 'twilio') {
    for (const [name, value] of [
      ['TWILIO_ACCOUNT_SID', twilio.accountSid],
      ['TWILIO_AUTH_TOKEN', twilio.authToken],
      ['TWILIO_FROM', twilio.from],
    ] as const) {
      if (value === '') read.problems.push(`${name}: is required when SMS_PROVIDER is twilio`);
    }
    read.checkUrl('TWILIO_BASE_URL', twilio.baseUrl);
  }
  return {
    smsProvider,
    smsBrand,
    smsWebOtpDomain: webOtpDomain === '' ? undefined : webOtpDomain,
    twilio,
    smsHttp: loadSmsHttp(read, smsProvider === 'http'),
    otpTtlS: read.integer('OTP_TTL_S', 300, 30, 3600),
    otpMaxAttempts: read.integer('OTP_MAX_ATTEMPTS', 5, 1, 20),
    smsResendCooldownS: read.integer('SMS_RESEND_COOLDOWN_S', 60, 0, 3600),
    smsPerPhonePerHour: read.integer('SMS_PER_PHONE_PER_HOUR', 5, 1, 1000),
    smsPerAddressPerHour: read.integer('SMS_PER_ADDRESS_PER_HOUR', 30, 1, 100000),
  };
}
