import { buildSandboxGateway } from './app';
import { loadSandboxGatewayConfig, SandboxConfigError } from './config';

/**
 * Starts the sandbox gateway on its own port (SANDBOX_GATEWAY_PORT, by default the API's PORT
 * + 1) and closes it on SIGTERM/SIGINT, dropping callback retries still waiting.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadSandboxGatewayConfig();
  } catch (error) {
    if (error instanceof SandboxConfigError) {
      // eslint-disable-next-line no-console -- a configuration error stops start-up before any logger exists
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildSandboxGateway(config);

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    // A launcher may forward a signal the terminal already sent: close once.
    if (closing) return;
    closing = true;
    app.log.info(`sandbox gateway: ${signal} received: closing`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'sandbox gateway: shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by the development launcher over IPC: stop with it, even when it was SIGKILLed.
  if (process.send !== undefined) process.on('disconnect', () => void shutdown('launcher gone'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  // Where to reach it is the program's output, not a log entry: printed whatever LOG_LEVEL says.
  // eslint-disable-next-line no-console -- the listen address is the program's output, whatever LOG_LEVEL says
  console.log(`Sandbox gateway listening on http://${config.host}:${port} (payment page /pay)`);
}

main().catch((error: unknown) => {
  // eslint-disable-next-line no-console -- start-up may fail before the app and its logger exist
  console.error('Sandbox gateway failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
