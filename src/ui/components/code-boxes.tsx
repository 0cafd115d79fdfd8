import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { backspaceOnEmpty, clearBox, enterText, type CodeEdit } from './code-input';

export interface CodeBoxesProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Reset codes take digits only; sign-up accepts any single character. */
  digitsOnly: boolean;
  /** Names the group for screen readers. */
  label: string;
  /** An i18n key. */
  error?: string | null;
  disabled?: boolean;
  idPrefix?: string;
  /** Focus the first box on mount (the step that shows the boxes has just appeared). */
  autoFocus?: boolean;
}

/**
 * Six one-character boxes: typing advances, Backspace on an empty box moves back, arrows move, and
 * pasting (or an SMS autofill of) the whole code fills every box.
 */
export function CodeBoxes({
  value,
  onChange,
  digitsOnly,
  label,
  error,
  disabled,
  idPrefix = 'code',
  autoFocus = false,
}: CodeBoxesProps) {
  const { t } = useTranslation();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) =>
    inputs.current[Math.max(0, Math.min(value.length - 1, index))]?.focus();
  const apply = (edit: CodeEdit | null) => {
    if (!edit) return false;
    onChange(edit.value);
    focus(edit.focus);
    return true;
  };

  const onInput = (index: number, text: string) => {
    apply(text === '' ? clearBox(value, index) : enterText(value, index, text, digitsOnly));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      if (apply(backspaceOnEmpty(value, index))) event.preventDefault();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(enterText(value, index, event.clipboardData.getData('text'), digitsOnly));
  };

  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="code-boxes" aria-describedby={error ? errorId : undefined}>
      <legend className="visually-hidden">{label}</legend>
      <div className="code-boxes-row">
        {value.map((char, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            id={`${idPrefix}-${index + 1}`}
            className="code-box"
            value={char}
            disabled={disabled}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus={autoFocus && index === 0}
            maxLength={value.length}
            aria-label={t('common.digit', { n: index + 1 })}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
