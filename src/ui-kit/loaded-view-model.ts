import type { Newable } from 'inversify';
import { useEffect } from 'react';
import { useViewModel } from './di';

/**
 * A screen's view-model (as useViewModel) whose data is loaded once, when the screen mounts: the
 * member app's and the console's screens whose load() needs nothing from the address.
 */
export function useLoadedViewModel<T extends { load(): unknown }>(viewModelClass: Newable<T>): T {
  const viewModel = useViewModel(viewModelClass);
  useEffect(() => {
    void viewModel.load();
  }, [viewModel]);
  return viewModel;
}
