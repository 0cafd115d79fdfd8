import type { FileSaverPort } from '../../src/domain/ports/file-saver.port';

/** A FileSaverPort that keeps what it was asked to save. */
export class RecordingFileSaver implements FileSaverPort {
  readonly saved: { bytes: Uint8Array; contentType: string; fileName: string }[] = [];

  save(file: { bytes: Uint8Array; contentType: string; fileName: string }): void {
    this.saved.push(file);
  }

  /** The saved files' names and texts, for assertions. */
  get files(): { fileName: string; text: string }[] {
    return this.saved.map((f) => ({
      fileName: f.fileName,
      text: new TextDecoder().decode(f.bytes),
    }));
  }
}
