import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type SandboxWorkerMessage, type SandboxWorkerRequest } from './sandbox-gateway.worker';

/** How long a decision's callback may take to reach the test before it counts as never sent. */
const CALLBACK_WAIT_MS = 5_000;

/** The sandbox gateway app running on its own thread (sandbox-gateway.worker.ts). */
export interface SandboxThread {
  origin: string;
  /** Forgets the callbacks caught so far for `transactionId`: the next one is a new decision's. */
  forget(transactionId: string): void;
  /** The callback the sandbox sent for `transactionId` (waited for), or undefined if none came. */
  callbackOf(transactionId: string): Promise<string | undefined>;
  /** Sen the sandbox refunded out of the payment, as its own books say. */
  refundedOf(transactionId: string): Promise<number>;
  close(): Promise<void>;
}

/** Starts the sandbox gateway with `secret` on a worker thread, answered once it listens. */
export async function startSandboxThread(secret: string): Promise<SandboxThread> {
  const file = path.join(__dirname, 'sandbox-gateway.worker.ts');
  // The worker loads the TypeScript sources through tsx's require hook (ts-jest compiles in
  // jest's own thread only).
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
    require(${JSON.stringify(file)});`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { secret } });
  const callbacks = new Map<string, string>();
  const waiting = new Map<string, () => void>();
  const asked = new Map<number, (sen: number) => void>();
  let asks = 0;
  const listening = new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: SandboxWorkerMessage) => {
      if (message.kind === 'listening') resolve(message.port);
      else if (message.kind === 'callback') {
        callbacks.set(message.transactionId, message.json);
        waiting.get(message.transactionId)?.();
      } else asked.get(message.ask)?.(message.sen);
    });
  });
  const port = await listening.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    forget: (transactionId) => callbacks.delete(transactionId),
    callbackOf: async (transactionId) => {
      if (!callbacks.has(transactionId)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CALLBACK_WAIT_MS);
          waiting.set(transactionId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiting.delete(transactionId);
      }
      return callbacks.get(transactionId);
    },
    refundedOf: (transactionId) =>
      new Promise<number>((resolve) => {
        asks += 1;
        const ask = asks;
        asked.set(ask, (sen) => {
          asked.delete(ask);
          resolve(sen);
        });
        const request: SandboxWorkerRequest = { kind: 'refundedOf', ask, transactionId };
        worker.postMessage(request);
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
