import { type AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { buildSandboxGateway } from '../../../../sandbox-gateway/app';
import { loadSandboxGatewayConfig } from '../../../../sandbox-gateway/config';
import { type CallbackTransport } from '../../../../sandbox-gateway/sandbox-callback-sender';
import { SandboxPaymentStore } from '../../../../sandbox-gateway/sandbox-payment-store';
import { SandboxRefundStore } from '../../../../sandbox-gateway/sandbox-refund-store';

/**
 * The sandbox gateway app for the conformance harness, on a worker thread: outside jest's module
 * sandbox, where its payment page's QR image (pngjs, some 400 ms of CPU a page inside jest's
 * sandbox against under 20 ms here) costs what it costs the real gateway process. Its callbacks
 * are caught and posted to the test instead of sent.
 */

/** What the worker posts to the test. */
export type SandboxWorkerMessage =
  | { kind: 'listening'; port: number }
  | { kind: 'callback'; transactionId: string; json: string }
  | { kind: 'refunded'; ask: number; sen: number };

/** What the test posts to the worker. */
export type SandboxWorkerRequest = { kind: 'refundedOf'; ask: number; transactionId: string };

async function serve(secret: string): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error('the sandbox gateway worker runs on a worker thread');
  const post = (message: SandboxWorkerMessage) => port.postMessage(message);
  const transport: CallbackTransport = async (_url, json) => {
    const { transactionId } = JSON.parse(json) as { transactionId: string };
    post({ kind: 'callback', transactionId, json });
    return 200;
  };
  const store = new SandboxPaymentStore();
  const refunds = new SandboxRefundStore(store);
  const sandbox = await buildSandboxGateway(
    { ...loadSandboxGatewayConfig({ APP_ENV: 'test' }), gatewaySecret: secret },
    { transport, store, refunds },
  );
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  port.on('message', (request: SandboxWorkerRequest) => {
    post({ kind: 'refunded', ask: request.ask, sen: refunds.refundedOf(request.transactionId) });
  });
  post({ kind: 'listening', port: (sandbox.server.address() as AddressInfo).port });
}

void serve((workerData as { secret: string }).secret);
