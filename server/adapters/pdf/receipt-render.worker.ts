import type { ReceiptDocument } from '../../ports/receipt-renderer.port';
import { PdfkitReceiptRenderer } from './pdfkit-receipt-renderer.adapter';

/** One renderer per worker thread: its font is parsed once, by the thread's first receipt. */
const renderer = new PdfkitReceiptRenderer();

/**
 * The worker pool's task (piscina calls a module's default export): one receipt's PDF, drawn on
 * this thread. The receipt arrives and the bytes return by structured clone (dates stay dates).
 */
export default function renderReceipt(receipt: ReceiptDocument): Promise<Uint8Array> {
  return renderer.render(receipt);
}
