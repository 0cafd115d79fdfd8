import { RecordingSmsSender } from '../../../server/adapters/in-memory/recording-sms-sender.adapter';
import { ConsoleSmsSender } from '../../../server/adapters/sms/console-sms-sender.adapter';
import { type SmsOutbox, type SmsSender } from '../../../server/ports/sms-sender.port';
import { FakeClock } from '../../fakes/fake-clock';

/** The development outbox (GET /api/dev/sms-outbox) reads alike from either sender. */
describe.each([
  ['console', (clock: FakeClock) => new ConsoleSmsSender(clock, () => undefined)],
  ['recording', (clock: FakeClock) => new RecordingSmsSender(clock)],
] as const)('SMS sender and outbox contract: %s', (_name, make) => {
  let clock: FakeClock;
  let sender: SmsSender & SmsOutbox;
  beforeEach(() => {
    clock = new FakeClock();
    sender = make(clock);
  });

  const send = (phoneNo: string, code: string) =>
    sender.send({ phoneNo, purpose: 'registration', code, body: `code ${code}` });

  it('lists what was sent, newest first, with the time it was sent', async () => {
    await send('60121111111', '111111');
    await clock.advance(1000);
    await send('60122222222', '222222');
    expect(sender.list()).toEqual([
      {
        phone_no: '60122222222',
        purpose: 'registration',
        code: '222222',
        sent_at: new Date(clock.now()).toISOString(),
      },
      {
        phone_no: '60121111111',
        purpose: 'registration',
        code: '111111',
        sent_at: new Date(clock.now() - 1000).toISOString(),
      },
    ]);
  });

  it('lists one phone only when asked', async () => {
    await send('60121111111', '111111');
    await send('60122222222', '222222');
    await send('60121111111', '333333');
    expect(sender.list('60121111111').map((entry) => entry.code)).toEqual(['333333', '111111']);
    expect(sender.list('60120000000')).toEqual([]);
  });
});
