import { type AnnotationsMap, makeAutoObservable } from 'mobx';

/**
 * `makeAutoObservable(target, …, { autoBind: true })` with the named members left plain: injected
 * services, child objects with their own observability and private bookkeeping are never made
 * observable, computed or actions. Every other field, getter and method is, as usual.
 */
export function observeExcept<T extends object>(target: T, plain: readonly string[]): T {
  const overrides = Object.fromEntries(plain.map((key) => [key, false]));
  return makeAutoObservable(target, overrides as AnnotationsMap<T, never>, { autoBind: true });
}
