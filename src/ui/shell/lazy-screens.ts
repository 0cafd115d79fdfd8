import type { Container } from 'inversify';
import type { ComponentType } from 'react';

/** A lazily loaded bundle of screens: each by name, and the bindings they need. */
export interface LazyScreens<Name extends string> {
  Screen: ComponentType<{ name: Name }>;
  /** Binds the screens' view-models and use cases into the app's container, once. */
  bindScreens(container: Container): void;
}

export type LoadScreens<Name extends string> = () => Promise<LazyScreens<Name>>;

/** Set while the page reloads because a bundle of screens could not load. */
const RELOADED = 'lazy-screens-reload';

/**
 * Loads a bundle of screens once (`load` is its dynamic import), binding what its screens need
 * into `container` before any of them renders. A bundle that cannot load (a new deployment
 * replaced it in a tab left open) makes one full page load of the same address, which names the
 * current bundles; failing again, the error stands.
 */
export function screensLoader<Name extends string>(
  container: Container,
  load: LoadScreens<Name>,
): LoadScreens<Name> {
  let loading: Promise<LazyScreens<Name>> | null = null;
  return () =>
    (loading ??= load().then(
      (screens) => {
        globalThis.sessionStorage?.removeItem(RELOADED);
        screens.bindScreens(container);
        return screens;
      },
      (error: unknown) => {
        if (globalThis.sessionStorage?.getItem(RELOADED)) throw error;
        globalThis.sessionStorage?.setItem(RELOADED, '1');
        globalThis.location.reload();
        return new Promise<never>(() => undefined);
      },
    ));
}
