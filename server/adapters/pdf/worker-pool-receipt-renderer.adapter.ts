import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ReceiptDocument, ReceiptRenderer } from '../../ports/receipt-renderer.port';

/**
 * The worker's module beside this one: receipt-render.worker.js once compiled (dist-server), the
 * .ts source when the server runs from its sources (tsx, jest).
 */
const WORKER_FILE = path.join(__dirname, `receipt-render.worker${path.extname(__filename)}`);

/**
 * How long a thread may idle before it ends. A thread holds some 60-70 MiB (pdfkit, the parsed
 * font): a quiet server gives it back, and the next receipt pays about a second to start one.
 */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * How much lower the workers' CPU priority is than the server's thread (Linux `nice`): on a busy
 * machine the event loop, which answers every other request, gets the CPU first.
 */
const NICE_INCREMENT = 10;

export interface WorkerPoolOptions {
  /** Worker threads at most; the machine's cores by default. */
  threads?: number;
}

/**
 * Receipts drawn by PdfkitReceiptRenderer on worker threads (piscina), one at a time per thread,
 * so a PDF's tens of milliseconds of CPU never hold up the event loop and the requests of other
 * members. Threads start as receipts are asked for, up to `threads`, and end once idle for
 * IDLE_TIMEOUT_MS; each parses the font on its first receipt. close() ends every thread:
 * receipts asked for afterwards, or still queued, fail.
 */
export class WorkerPoolReceiptRenderer implements ReceiptRenderer {
  private pool: Piscina<ReceiptDocument, Uint8Array> | undefined;
  private closing: Promise<void> | undefined;
  private readonly threads: number;

  constructor(options: WorkerPoolOptions = {}) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
  }

  render(receipt: ReceiptDocument): Promise<Uint8Array> {
    if (this.closing !== undefined) return Promise.reject(new Error('receipt renderer closed'));
    this.pool ??= new Piscina<ReceiptDocument, Uint8Array>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_TIMEOUT_MS,
      niceIncrement: NICE_INCREMENT,
      execArgv: workerExecArgv(),
    });
    return this.pool.run(receipt);
  }

  /** The threads running now (0 before the first receipt and after close). */
  get runningThreads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Ends the threads, resolving once they have exited; a second call waits for the first. */
  close(): Promise<void> {
    this.closing ??= this.pool?.destroy() ?? Promise.resolve();
    return this.closing;
  }
}

/**
 * A worker inherits the process's Node options: tsx's loader when the server runs under tsx. A
 * .ts worker in a process without it (jest, whose ts-jest compiles in the main thread only)
 * gets tsx's loader added.
 */
function workerExecArgv(): string[] {
  if (!WORKER_FILE.endsWith('.ts') || process.execArgv.some((arg) => arg.includes('tsx'))) {
    return process.execArgv;
  }
  return [...process.execArgv, '--import', pathToFileURL(require.resolve('tsx')).href];
}
