import type { PrinterPort } from '../domain/ports/printer.port';

/** PrinterPort over window.print(). */
export class WindowPrintAdapter implements PrinterPort {
  print(): void {
    globalThis.window?.print();
  }
}
