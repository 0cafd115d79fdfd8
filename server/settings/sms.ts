import { type EnvReader } from './env-reader';

export type SmsProvider = 'console' | 'twilio';

const SMS_PROVIDERS: readonly SmsProvider[] = ['console', 'twilio'];

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
  twilio: TwilioConfig;
  otpTtlS: number;
  otpMaxAttempts: number;
  smsResendCooldownS: number;
  smsPerPhonePerHour: number;
  smsPerAddressPerHour: number;
}

/** SMS_PROVIDER (console or twilio, whose three TWILIO_* settings are then required). */
export function loadSms(read: EnvReader): SmsSettings {
  const smsProvider = read.oneOf<SmsProvider>('SMS_PROVIDER', 'console', SMS_PROVIDERS);
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
    twilio,
    otpTtlS: read.integer('OTP_TTL_S', 300, 30, 3600),
    otpMaxAttempts: read.integer('OTP_MAX_ATTEMPTS', 5, 1, 20),
    smsResendCooldownS: read.integer('SMS_RESEND_COOLDOWN_S', 60, 0, 3600),
    smsPerPhonePerHour: read.integer('SMS_PER_PHONE_PER_HOUR', 5, 1, 1000),
    smsPerAddressPerHour: read.integer('SMS_PER_ADDRESS_PER_HOUR', 30, 1, 100000),
  };
}
