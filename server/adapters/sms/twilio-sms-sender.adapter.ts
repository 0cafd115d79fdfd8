import { type SmsMessage, type SmsSender, type SmsSent } from '../../ports/sms-sender.port';

export interface TwilioSmsSenderOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com in production; a local stub in tests. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where Twilio posts the message's status changes (our public URL's /api/sms/twilio-status). */
  statusCallbackUrl?: () => string;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * Twilio Messages API: form-encoded To/From/Body with HTTP basic auth (SID:token), and the
 * StatusCallback its delivery reports go to; the answer's sid names the message in them.
 */
export class TwilioSmsSender implements SmsSender {
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: TwilioSmsSenderOptions) {
    this.fetchFn = options.fetch ?? fetch;
  }

  async send(message: SmsMessage): Promise<SmsSent> {
    const { accountSid, authToken, from, baseUrl } = this.options;
    const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const body = new URLSearchParams({ To: `+${message.phoneNo}`, From: from, Body: message.body });
    const statusCallback = this.options.statusCallbackUrl?.();
    if (statusCallback) body.set('StatusCallback', statusCallback);
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: body.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsSendError(`Twilio request failed: ${(error as Error).message}`);
    }
    if (!response.ok) {
      // The provider's error text may echo the message body (the code): keep only the status.
      await response.body?.cancel().catch(() => undefined);
      throw new SmsSendError(`Twilio answered HTTP ${response.status}`, response.status);
    }
    const answer = (await response.json().catch(() => null)) as { sid?: unknown } | null;
    return { providerMessageId: typeof answer?.sid === 'string' ? answer.sid : undefined };
  }
}
