import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
import { SurfaceButton } from './surface-button';

export interface SessionWarningProps {
  open: boolean;
  title: string;
  /** When and why the session ends, in the app's words and time zone. */
  text: ReactNode;
  /** Why keeping the session failed, already in words; null when it did not. */
  failure: string | null;
  /**
   * The first button (it has the focus, so Enter takes it): keep the session while it can be
   * kept, else close the warning.
   */
  keep: { label: string; onClick: () => void; busy?: boolean };
  signOut: { label: string; onClick: () => void };
  /** Escape or a click on the backdrop. */
  onClose: () => void;
  /** The actions row's class in the app's stylesheet. */
  actionsClassName: string;
  failureClassName: string;
}

/**
 * The warning shown before a session ends: what ends when, why keeping it failed if it did, then
 * "stay signed in" (or close, when nothing can keep it) and "sign out". The app decides when it
 * opens and what the buttons do; this draws it the same way wherever it is used.
 */
export function SessionWarning(props: SessionWarningProps) {
  return (
    <ModalDialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      describedBy="session-warning-text"
      className="session-warning"
    >
      <p id="session-warning-text">{props.text}</p>
      {props.failure && (
        <p className={props.failureClassName} role="alert">
          {props.failure}
        </p>
      )}
      <div className={props.actionsClassName}>
        <SurfaceButton tone="primary" disabled={props.keep.busy} onClick={props.keep.onClick}>
          {props.keep.label}
        </SurfaceButton>
        <SurfaceButton onClick={props.signOut.onClick}>{props.signOut.label}</SurfaceButton>
      </div>
    </ModalDialog>
  );
}
