import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a field's control carries so that its label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form field around any control: the label, the control (drawn by `children` with the props
 * that tie it to the label, hint and error), the hint, and the error (an i18n key, in a
 * role="alert" element) — the hint and error ids are the control's id + `-hint` / `-error`.
 *
 * An observer: `children` runs in this component's render, not in the screen's, so a view-model
 * value it reads (a select's value) must re-render this frame when it changes. Otherwise React
 * puts a controlled control back to the value it last rendered.
 */
export const FieldFrame = observer(function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
});
