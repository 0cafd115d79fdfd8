import { connect, createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { PortalMetrics } from '../../../server/adapters/metrics/portal-metrics';

/** One series' value in a scrape, or undefined when it has none. */
async function series(metrics: PortalMetrics, line: string): Promise<number | undefined> {
  const { body } = await metrics.scrape();
  const found = body.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.split(' ')[1]);
}

let server: Server;
const clients: Socket[] = [];

beforeAll(async () => {
  server = createServer(() => undefined);
  server.maxConnections = 40;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("the listener's connections in the metrics", () => {
  it('are counted as they open and close, beside the cap', async () => {
    const metrics = new PortalMetrics();
    metrics.watchConnections(server);
    expect(await series(metrics, 'http_connections{state="max"}')).toBe(40);
    expect(await series(metrics, 'http_connections{state="open"}')).toBe(0);

    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (let i = 0; i < 3; i += 1) {
      const client = connect(port, '127.0.0.1');
      clients.push(client);
      await once(client, 'connect');
    }
    // The server side accepts after the client's connect: wait until it has all three.
    while ((await series(metrics, 'http_connections{state="open"}')) !== 3) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    clients.pop()?.destroy();
    while ((await series(metrics, 'http_connections{state="open"}')) !== 2) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await series(metrics, 'http_connections{state="max"}')).toBe(40);
  });
});
