/** Hands a file to the member (the browser's download), so use cases never touch the DOM. */
export interface FileSaverPort {
  save(file: { bytes: Uint8Array; contentType: string; fileName: string }): void;
}

export const FILE_SAVER_PORT = Symbol.for('FileSaverPort');
