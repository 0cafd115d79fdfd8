import type { Newable } from 'inversify';
import { useEffect } from 'react';
import { useViewModel } from '../../ui-kit/di';

/** A screen's view-model (as useViewModel) whose data is loaded once, when the screen mounts. */
export function useLoadedViewModel<T extends { load(): unknown }>(viewModelClass: Newable<T>): T {
  const viewModel = useViewModel(viewModelClass);
  useEffect(() => {
    void viewModel.load();
  }, [viewModel]);
  return viewModel;
}
