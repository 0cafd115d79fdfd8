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

/**
 * Whether the page was loaded by a reload or by back and forward (the Navigation Timing entry),
 * rather than by a fresh visit: what the tab kept is offered again only then.
 */
export function pageWasReloaded(
  performance: Pick<Performance, 'getEntriesByType'> | undefined = globalThis.performance,
): boolean {
  try {
    const [entry] = performance?.getEntriesByType('navigation') ?? [];
    const type = (entry as PerformanceNavigationTiming | undefined)?.type;
    return type === 'reload' || type === 'back_forward';
  } catch {
    return false;
  }
}
