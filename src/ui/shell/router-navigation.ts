import type { Navigation } from '../shared/navigation';

/** The part of react-router's router that navigation needs. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

/** Navigation over react-router's navigate, usable outside components (see RouterNavigator). */
export class RouterNavigation implements Navigation {
  constructor(private readonly router: Navigator) {}

  go(path: string, options?: { replace?: boolean }): void {
    void this.router.navigate(path, { replace: options?.replace ?? false });
  }
}

/** Used until the router exists (and in tests that never navigate): a full page load. */
export class LocationNavigation implements Navigation {
  go(path: string, options?: { replace?: boolean }): void {
    if (options?.replace) globalThis.location.replace(path);
    else globalThis.location.assign(path);
  }
}
