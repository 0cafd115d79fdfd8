/** Opens the browser's print dialog for the page as it is shown (its print stylesheet applies). */
export interface PrinterPort {
  print(): void;
}

export const PRINTER_PORT = Symbol.for('PrinterPort');
