import type { Clock } from '../domain/ports/clock.port';
import type { FileSaverPort } from '../domain/ports/file-saver.port';

/** How long the file's object URL outlives the click that starts its download. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file through a temporary link with `download`: the browser's own download, named as
 * given. The object URL is released once the download has surely started.
 */
export class BrowserFileSaverAdapter implements FileSaverPort {
  constructor(private readonly clock: Clock) {}

  save(file: { bytes: Uint8Array; contentType: string; fileName: string }): void {
    const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    this.clock.after(REVOKE_AFTER_MS, () => URL.revokeObjectURL(url));
  }
}
