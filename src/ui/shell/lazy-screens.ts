import type { ResourceKey } from 'i18next';
import type { Container } from 'inversify';
import { createElement, type ComponentType } from 'react';
import { addEnglish } from './i18n';

/** A lazily loaded bundle of screens: each by name, and the texts and bindings they need. */
export interface LazyScreens<Name extends string> {
  Screen: ComponentType<{ name: Name }>;
  /** The whole English translation file: the first bundle carries only its own part of it. */
  english: ResourceKey;
  /** Binds the screens' view-models and use cases into the app's container, once. */
  bindScreens(container: Container): void;
}

export type LoadScreens<Name extends string> = () => Promise<LazyScreens<Name>>;

/** A bundle's Screen: one of its screens, by name. */
export function screenByName<Name extends string>(
  screens: Record<Name, ComponentType>,
): ComponentType<{ name: Name }> {
  return function Screen({ name }) {
    return createElement(screens[name]);
  };
}

/** Set while the page reloads because a bundle of screens could not load. */
const RELOADED = 'lazy-screens-reload';

/**
 * Loads a bundle of screens once (`load` is its dynamic import), adding its English texts and
 * binding what its screens need into `container` before any of them renders. A bundle that cannot load (a new deployment
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
        addEnglish(screens.english);
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
