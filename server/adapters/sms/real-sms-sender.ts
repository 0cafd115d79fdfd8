import { SMS_REPORT_PATHS } from '../../domain/sms-delivery';
import { type SmsSender } from '../../ports/sms-sender.port';
import { type SmsSettings } from '../../settings/sms';
import { HttpSmsSender } from './http-sms-sender.adapter';
import { TwilioSmsSender } from './twilio-sms-sender.adapter';

/**
 * The provider that sends for real: the HTTP one when SMS_PROVIDER=http, else Twilio, told to
 * report to our public URL (read at each send: tests learn it only once listening).
 */
export function realSmsSender(
  settings: Pick<SmsSettings, 'smsHttp' | 'twilio'> & { publicUrl: string },
): SmsSender {
  return settings.smsHttp
    ? new HttpSmsSender(settings.smsHttp)
    : new TwilioSmsSender({
        ...settings.twilio,
        statusCallbackUrl: () => `${settings.publicUrl}/api${SMS_REPORT_PATHS.twilio}`,
      });
}
