import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { HttpSmsSender } from '../../../server/adapters/sms/http-sms-sender.adapter';
import { SendSmsCodeUseCase } from '../../../server/use-cases/send-sms-code.use-case';
import { SmsSendQueueUseCase } from '../../../server/use-cases/sms-send-queue.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { inMemoryStores } from '../support/in-memory-stores';

/** A provider that dedupes by Idempotency-Key, answering 503 to the first request it sees. */
class DedupingProvider {
  readonly keys: string[] = [];
  readonly messages = new Set<string>();
  private readonly server: Server = createServer((request, response) => {
    request.resume();
    const key = String(request.headers['idempotency-key']);
    this.keys.push(key);
    if (this.keys.length === 1) {
      // It took the message, then failed to say so: the retry must not make a second one.
      this.messages.add(key);
      response.writeHead(503).end();
      return;
    }
    this.messages.add(key);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"P-1"}');
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/send`;
  }

  stop(): Promise<unknown> {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

describe('SMS send queue with a provider that takes an idempotency key', () => {
  const provider = new DedupingProvider();
  let url: string;
  beforeAll(async () => {
    url = await provider.start();
  });
  afterAll(() => provider.stop());

  it('retries a 5xx with the code’s id as the key each time: one message at the provider', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const sender = new HttpSmsSender({
      url,
      method: 'POST',
      format: 'json',
      fields: { to: '{to}', text: '{text}' },
      headers: { 'Idempotency-Key': '{id}' },
      secret: '',
      successStatus: '2xx',
      messageIdField: 'id',
    });
    const policy = {
      pepper: 'test pepper',
      maxAttempts: 4,
      retryDelayMs: 2000,
      leaseMs: 60_000,
      batch: 5,
      waitForSend: false,
    };
    const queue = new SmsSendQueueUseCase(stores.unitOfWork, sender, clock, policy);
    const send = new SendSmsCodeUseCase(
      stores.unitOfWork,
      sender,
      clock,
      new CryptoRandom(),
      { ttlS: 300, resendCooldownS: 60, perPhonePerHour: 3, perAddressPerHour: 5, pepper: 'p' },
      undefined,
      queue,
    );
    await send.execute({
      phoneNo: '60121234567',
      purpose: 'registration',
      clientAddress: '203.0.113.7',
    });
    // The first attempt, sent behind the answer, meets the 503; its retry waits 2 s.
    await queue.idle();
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 0 });
    await clock.advance(2000);
    expect(await queue.run()).toEqual({ queued: 1, retried: 0, failed: 0 });
    const code = await stores.smsCodes.latest('60121234567', 'registration');
    expect(provider.keys).toEqual([code?.id, code?.id]);
    expect(provider.messages.size).toBe(1);
    const [delivery] = await stores.smsCodes.recentDeliveries('60121234567', 1);
    expect(delivery).toMatchObject({ status: 'queued' });
  });
});
