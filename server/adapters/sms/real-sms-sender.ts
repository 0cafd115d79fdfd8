import { type SmsSender } from '../../ports/sms-sender.port';
import { type SmsSettings } from '../../settings/sms';
import { HttpSmsSender } from './http-sms-sender.adapter';
import { TwilioSmsSender } from './twilio-sms-sender.adapter';

/** The provider that sends for real: the HTTP one when SMS_PROVIDER=http, else Twilio. */
export function realSmsSender(settings: Pick<SmsSettings, 'smsHttp' | 'twilio'>): SmsSender {
  return settings.smsHttp
    ? new HttpSmsSender(settings.smsHttp)
    : new TwilioSmsSender(settings.twilio);
}
