import { SurfaceButton } from './surface-button';

/**
 * A dialog form's Cancel and submit buttons: both disabled while the form works, and the submit
 * saying what is under way (aria-busy) instead of what it will do.
 */
export function DialogActions(props: {
  /** The row's class, e.g. 'security-dialog-actions'. */
  className: string;
  /** The submit's tone (primary unless said). */
  tone?: 'primary' | 'danger';
  busy: boolean;
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  busyText: string;
}) {
  const { className, tone = 'primary', busy } = props;
  return (
    <div className={className}>
      <SurfaceButton onClick={props.onCancel} disabled={busy}>
        {props.cancelText}
      </SurfaceButton>
      <SurfaceButton type="submit" tone={tone} disabled={busy} aria-busy={busy}>
        {busy ? props.busyText : props.submitText}
      </SurfaceButton>
    </div>
  );
}
