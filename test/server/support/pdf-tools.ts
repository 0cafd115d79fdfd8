import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The text of a PDF as a real reader extracts it (poppler's pdftotext), in UTF-8. */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** poppler's pdffonts table of a PDF (name, type, encoding, embedded, subset, unicode). */
export function pdfFonts(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdffonts', [file]).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
