import type { FormEvent } from 'react';

/** A form's onSubmit: keeps the browser from posting the form and runs the view-model's action. */
export const submitWith =
  (action: () => unknown) =>
  (event: FormEvent): void => {
    event.preventDefault();
    void action();
  };
