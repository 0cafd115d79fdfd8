import { type EnvReader } from './env-reader';

/** Development defaults for secrets; production refuses to start with any of them. */
export const DEFAULT_GATEWAY_SECRET = 'dev-only-gateway-secret-change-me';
export const DEFAULT_SMS_CODE_PEPPER = 'dev-only-sms-code-pepper-change-me';
/** The shortest secret production takes. */
export const MIN_SECRET_LENGTH = 32;

export interface SecretSettings {
  /** Server pepper mixed into SMS code hashes, so a database dump alone cannot brute-force codes. */
  smsCodePepper: string;
  /** HMAC key shared with the payment gateway. */
  gatewaySecret: string;
  /**
   * The gateway secret being retired (GATEWAY_SECRET_PREVIOUS): still accepted on the gateway's
   * messages during a rotation, never used to sign. Unset outside a rotation.
   */
  gatewaySecretPrevious?: string;
}

/** GATEWAY_SECRET and SMS_CODE_PEPPER: in production, your own and long enough. */
export function loadSecrets(read: EnvReader, production: boolean): SecretSettings {
  const gatewaySecret = read.text('GATEWAY_SECRET', DEFAULT_GATEWAY_SECRET);
  const previous = read.text('GATEWAY_SECRET_PREVIOUS', '');
  // The same secret twice would make every message look like it arrived on the retired one.
  if (previous !== '' && previous === gatewaySecret) {
    read.problems.push('GATEWAY_SECRET_PREVIOUS: the same as GATEWAY_SECRET; unset it');
  }
  const smsCodePepper = read.text('SMS_CODE_PEPPER', DEFAULT_SMS_CODE_PEPPER);
  if (production) {
    for (const name of weakSecrets({ gatewaySecret, smsCodePepper })) {
      read.problems.push(
        `${name}: production needs your own secret of at least ${MIN_SECRET_LENGTH} characters, not the default`,
      );
    }
  }
  return {
    gatewaySecret,
    smsCodePepper,
    ...(previous === '' ? {} : { gatewaySecretPrevious: previous }),
  };
}

/** The secrets, by variable name, still at their development default or shorter than the minimum. */
export function weakSecrets(
  secrets: Pick<SecretSettings, 'gatewaySecret' | 'smsCodePepper'>,
): Array<'GATEWAY_SECRET' | 'SMS_CODE_PEPPER'> {
  return (
    [
      ['GATEWAY_SECRET', secrets.gatewaySecret, DEFAULT_GATEWAY_SECRET],
      ['SMS_CODE_PEPPER', secrets.smsCodePepper, DEFAULT_SMS_CODE_PEPPER],
    ] as const
  )
    .filter(([, value, fallback]) => value === fallback || value.length < MIN_SECRET_LENGTH)
    .map(([name]) => name);
}
