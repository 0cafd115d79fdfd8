/**
 * A dialog form's Cancel and submit buttons: both disabled while the form works, and the submit
 * saying what is under way (aria-busy) instead of what it will do.
 */
export function DialogActions(props: {
  /** The row's class, e.g. 'security-dialog-actions'. */
  className: string;
  /** The buttons' class; the submit also gets `${buttonClass}-${tone}`. */
  buttonClass: string;
  tone?: 'primary' | 'danger';
  busy: boolean;
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  busyText: string;
}) {
  const { className, buttonClass, tone = 'primary', busy } = props;
  return (
    <div className={className}>
      <button type="button" className={buttonClass} onClick={props.onCancel} disabled={busy}>
        {props.cancelText}
      </button>
      <button
        type="submit"
        className={`${buttonClass} ${buttonClass}-${tone}`}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? props.busyText : props.submitText}
      </button>
    </div>
  );
}
