import Fastify from 'fastify';

/**
 * The `--hello` child: a bare Fastify hello-world, the denominator of every ratio. Prints
 * `READY <json>` once listening.
 */
export async function serveHello(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  console.log(`READY ${JSON.stringify({ port: address.port })}`);
}
