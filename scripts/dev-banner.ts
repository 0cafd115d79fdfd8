import { type Config } from '../server/config';

/** Where the development SMS outbox page is, under the member app's address. */
export const SMS_OUTBOX_PAGE_PATH = '/api/dev/sms-outbox/page';

/**
 * What `npm run dev` prints as it starts: where to open the member app, the operator console and
 * the SMS outbox page, from the configuration the API reads too. The console is named where it
 * listens (OPS_HOST, OPS_PORT) and where to open it (OPS_PUBLIC_URL); off when it has no port.
 */
export function devBanner(config: Config): string {
  const ops = config.ops;
  const consoleLine =
    ops.port === undefined
      ? 'off (no OPS_PORT)'
      : `${ops.publicUrl}  (listening on ${ops.host}:${ops.port})`;
  const outbox =
    config.appEnv === 'production'
      ? 'none under APP_ENV=production'
      : config.smsProvider === 'console'
        ? `${config.publicUrl}${SMS_OUTBOX_PAGE_PATH}`
        : `none: SMS_PROVIDER=${config.smsProvider} sends the codes`;
  return [
    'Development loop:',
    `  Member app        ${config.publicUrl}`,
    `  Operator console  ${consoleLine}`,
    `  SMS outbox        ${outbox}`,
  ].join('\n');
}
