import { LocalStorageAdapter } from './local-storage.adapter';

/** The tab's sessionStorage, or none where reading it throws (storage disabled). */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * StoragePort over window.sessionStorage: kept through a reload of the tab, gone with the tab.
 * Failures are swallowed as LocalStorageAdapter's are: nothing kept, nothing broken.
 */
export class SessionStorageAdapter extends LocalStorageAdapter {
  constructor(storage: Storage | undefined = tabStorage()) {
    super(storage);
  }
}
