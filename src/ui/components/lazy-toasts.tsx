import { lazy, Suspense } from 'react';

// react-toastify and the toast container load after the first render, off the critical path.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

/** The app's toasts (components/toasts.tsx), loaded lazily; nothing shows while they load. */
export function LazyToasts() {
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
