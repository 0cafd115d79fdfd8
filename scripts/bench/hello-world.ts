import http from 'node:http';
import Fastify from 'fastify';

/** What both reference servers answer: a small JSON body in the API's envelope. */
const BODY = { status: 1, message: 'OK', data: { hello: 'world' } };

/**
 * The `--hello` child: a bare Fastify hello-world answering BODY, the denominator of every
 * ratio. Prints `READY <json>` once listening.
 */
export async function serveHello(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/', async () => BODY);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  console.log(`READY ${JSON.stringify({ port: address.port })}`);
}

/**
 * The `--raw` child: node:http answering BODY as one constant buffer, the least work a Node
 * server can do per request. The load generator's rate against it is its own ceiling on this
 * machine: a figure well below it is the server's limit, not the loader's.
 */
export async function serveRaw(): Promise<void> {
  const body = Buffer.from(JSON.stringify(BODY));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  console.log(`READY ${JSON.stringify({ port: address.port })}`);
}
