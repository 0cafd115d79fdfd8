import type { Container, Newable, ServiceIdentifier } from 'inversify';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const ContainerContext = createContext<Container | null>(null);

export function DiProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer: wrap the app in <DiProvider>');
  return container;
}

/** A shared service (e.g. the singleton SessionViewModel): resolved once, never disposed here. */
export function useService<T>(identifier: ServiceIdentifier<T>): T {
  const container = useContainer();
  const [service] = useState(() => container.get<T>(identifier));
  return service;
}

/** A screen's view-model: a fresh instance per mount, disposed (timers cancelled) on unmount. */
export function useViewModel<T extends object>(viewModelClass: Newable<T>): T {
  const container = useContainer();
  const [viewModel] = useState(() => container.get<T>(viewModelClass));
  useEffect(
    () => () => {
      (viewModel as { dispose?: () => void }).dispose?.();
    },
    [viewModel],
  );
  return viewModel;
}
