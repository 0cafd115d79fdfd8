import type { Navigator } from './router-navigation';

type NavigateOptions = { replace?: boolean };
type Navigate = (to: string, options?: NavigateOptions) => unknown;

/**
 * Navigation for code outside components (view-models, through RouterNavigation): the
 * router's navigate once <AppRoutes> has mounted (routes.tsx); a call made before that runs when
 * it mounts.
 */
export class RouterNavigator implements Navigator {
  private navigateTo: Navigate | null = null;
  private pending: [string, NavigateOptions | undefined] | null = null;

  navigate(to: string, options?: NavigateOptions): void {
    if (this.navigateTo) {
      void this.navigateTo(to, options);
      return;
    }
    this.pending = [to, options];
  }

  /** Hands over the router's navigate; returns the detach for an effect's cleanup. */
  attach(navigate: Navigate): () => void {
    this.navigateTo = navigate;
    const pending = this.pending;
    this.pending = null;
    if (pending) void navigate(...pending);
    return () => {
      if (this.navigateTo === navigate) this.navigateTo = null;
    };
  }
}
