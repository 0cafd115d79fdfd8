import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createScratchDatabase, type ScratchDatabase } from '../../../scripts/support/databases';
import { openDatabase } from '../../../server/adapters/postgres/database';
import { PostgresUnitOfWork } from '../../../server/adapters/postgres/postgres-unit-of-work.adapter';
import { type SmsMessage } from '../../../server/ports/sms-sender.port';
import { SmsSendQueueUseCase } from '../../../server/use-cases/sms-send-queue.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { postJson } from '../support/http';
import { eventually } from '../support/instances';
import { aMember } from '../support/members';
import { startServerProcess } from '../support/server-process';

/** A provider that takes each request and never answers it: the message is out of our hands. */
class SilentProvider {
  readonly received: IncomingMessage[] = [];
  private readonly server: Server = createServer((request) => this.received.push(request));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('SMS send queue: a kill between the provider taking a message and our commit', () => {
  let scratch: ScratchDatabase;
  const provider = new SilentProvider();
  let providerUrl: string;
  beforeAll(async () => {
    scratch = await createScratchDatabase({ migrated: true });
    providerUrl = await provider.start();
  });
  afterAll(async () => {
    await provider.stop();
    await scratch.drop();
  });

  it('sends the code once: the message is failed, never sent again', async () => {
    const server = await startServerProcess({
      DATABASE_URL: scratch.url,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${providerUrl}/send`,
    });
    const { phone_no } = aMember();
    const answer = await postJson(server.baseUrl, '/service/send_sms_code', {
      phone_no,
      purpose: 'registration',
    });
    // The member is answered while the provider still holds the message.
    expect(answer.status).toBe(200);
    await eventually(async () => provider.received.length === 1);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBeNull();

    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    try {
      const uow = new PostgresUnitOfWork(db);
      const [row] = await db.query<{ state: string; attempts: number }>(
        `SELECT state, attempts FROM sms_outbox`,
      );
      expect(row).toEqual({ state: 'sending', attempts: 1 });
      // Another instance's worker, once the dead one's lease (a minute) has run out.
      const clock = new FakeClock(Date.now() + 61_000);
      const sent: SmsMessage[] = [];
      const worker = new SmsSendQueueUseCase(
        uow,
        { send: async (message) => void sent.push(message) },
        clock,
        {
          pepper: 'unused: the text is never opened',
          maxAttempts: 4,
          retryDelayMs: 2000,
          leaseMs: 60_000,
          batch: 20,
          waitForSend: false,
        },
      );
      expect(await worker.run()).toEqual({ queued: 0, retried: 0, failed: 1 });
      expect(await worker.run()).toEqual({ queued: 0, retried: 0, failed: 0 });
      expect(sent).toEqual([]);
      expect(provider.received).toHaveLength(1);
      const [code] = await db.query<{ delivery_status: string; delivery_error: string }>(
        `SELECT delivery_status, delivery_error FROM sms_codes WHERE phone_no = $1`,
        [phone_no],
      );
      expect(code).toEqual({ delivery_status: 'failed', delivery_error: 'interrupted' });
      // The failed send is forgotten: the member's "Resend" is not held by the cooldown.
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sms_requests WHERE phone_no = $1`,
        [phone_no],
      );
      expect(n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
