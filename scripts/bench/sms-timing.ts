import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createScratchDatabase } from '../support/databases';
import { listeningPortal } from './portal-server';
import { type Database, ms, type Row, verdict } from './settings';

/** Requests of each kind, and how far apart their medians may be. */
const REQUESTS = 200;
const WITHIN_MS = 5;
/** How long the stand-in provider takes to answer, as a real one over the internet might. */
const PROVIDER_MS = 150;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A provider that answers every send after PROVIDER_MS, as SMS_PROVIDER=http expects. */
async function slowProvider() {
  const server = createServer((request, response) => {
    request.resume();
    setTimeout(() => response.writeHead(200).end('{}'), PROVIDER_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The password-reset code request's timing side channel: the median time of its answer for a
 * registered phone and for an unknown one, REQUESTS of each in turn, against a provider that
 * takes PROVIDER_MS. The send queue sends behind the answer, so the two should not differ.
 */
export async function measureSmsTiming(databases: Database[], rows: Row[]): Promise<void> {
  const cells: Row['cells'] = {};
  let met = true;
  for (const database of databases) {
    const provider = await slowProvider();
    const scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
    const { container, app, port } = await listeningPortal(
      { SMS_PROVIDER: 'http', SMS_HTTP_URL: provider.url, SMS_PER_ADDRESS_PER_HOUR: '100000' },
      { dataDir: 'memory://', databaseUrl: scratch?.url },
    );
    try {
      const phoneOf = (prefix: string, i: number) => `${prefix}${String(i).padStart(7, '0')}`;
      const now = new Date();
      for (let i = 0; i < REQUESTS + 10; i += 1) {
        await container.members.insert({
          id: randomUUID(),
          name: `Bench member ${i}`,
          nationality: 'Malaysian',
          icOrPassport: `900101${String(i).padStart(6, '0')}`,
          phoneNo: phoneOf('6012', i),
          passwordHash: 'unused',
          createdAt: now,
          updatedAt: now,
        });
      }
      const ask = async (phone: string) => {
        const started = performance.now();
        const answer = await fetch(`http://127.0.0.1:${port}/api/service/send_sms_code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone_no: phone, purpose: 'password_reset' }),
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`send_sms_code answered ${answer.status}`);
        return performance.now() - started;
      };
      // Warms both paths up (JIT) on phones the figure does not use.
      for (let i = REQUESTS; i < REQUESTS + 10; i += 1) {
        await ask(phoneOf('6012', i));
        await ask(phoneOf('6013', i));
      }
      const registered: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        registered.push(await ask(phoneOf('6012', i)));
        unknown.push(await ask(phoneOf('6013', i)));
      }
      const apart = Math.abs(median(registered) - median(unknown));
      met &&= apart <= WITHIN_MS;
      cells[database] =
        `${ms(median(registered))} / ${ms(median(unknown))} (${ms(Number(apart.toFixed(2)))} apart)`;
    } finally {
      await app.close();
      await container.close();
      await scratch?.drop();
      await provider.stop();
    }
  }
  rows.push({
    name: `password-reset code request, median answer: registered / unknown phone (${REQUESTS} each)`,
    cells,
    target: `within ${WITHIN_MS} ms: ${verdict(met)}`,
  });
}
