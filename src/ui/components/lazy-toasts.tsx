import { lazy, Suspense, type ComponentType } from 'react';

// react-toastify and the toast container load after the first render, off the critical path.
// Without the chunk (offline, or a new deployment in a tab left open) the page works on, toastless.
const Toasts = lazy<ComponentType>(() =>
  import('./toasts').then(
    (module) => ({ default: module.Toasts }),
    () => ({ default: () => null }),
  ),
);

/** The app's toasts (components/toasts.tsx), loaded lazily; nothing shows while they load. */
export function LazyToasts() {
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
