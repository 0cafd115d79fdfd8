import { lazy, Suspense, type InputHTMLAttributes } from 'react';
import type { PhoneInputProps } from 'react-phone-input-2';

/**
 * Until the library arrives, a plain telephone field with the same id, value and handlers stands in
 * (the label stays attached and typing is not lost); the rich field then takes its place.
 */
function PlainPhoneInput({ value, onChange, inputProps, containerClass }: PhoneInputProps) {
  const digits = value ?? '';
  return (
    <div className={['react-tel-input', containerClass].filter(Boolean).join(' ')}>
      <input
        {...(inputProps as InputHTMLAttributes<HTMLInputElement>)}
        type="tel"
        className="form-control"
        value={digits ? `+${digits}` : ''}
        onChange={(event) => {
          const typed = event.target.value;
          onChange?.(typed.replace(/\D/g, ''), {}, event, typed);
        }}
      />
    </div>
  );
}

// react-phone-input-2, its CSS and its flag sprite (about 40 KB gzip) load only when a screen
// renders the phone input, never with the first page. A chunk that cannot load (offline, or gone
// after a new deployment in a tab left open) leaves the plain field rather than breaking the screen.
const RichPhoneInput = lazy(() =>
  import('./phone-input.loaded').catch(() => ({ default: PlainPhoneInput })),
);

/** The phone input of react-phone-input-2, loaded on first use. */
export function PhoneInput(props: PhoneInputProps) {
  return (
    <Suspense fallback={<PlainPhoneInput {...props} />}>
      <RichPhoneInput {...props} />
    </Suspense>
  );
}
