import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { browserFocusDocument, returnFocus } from './focus-return';
import './theme.css';
import './modal-dialog.css';

export interface ModalDialogProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape and on a click on the backdrop; the owner decides whether to close. */
  onClose: () => void;
  children: ReactNode;
  /** Optional id of an element describing the dialog (aria-describedby). */
  describedBy?: string;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A generic accessible modal dialog: role="dialog" + aria-modal, labelled by its title, focus
 * moves into it on open and stays there (Tab wraps), Escape asks to close, and focus returns to
 * whatever had it before (usually the button that opened it), else to the dialog still open
 * beneath (focus-return.ts). Rendered in a portal on <body>.
 */
export function ModalDialog({
  open,
  title,
  onClose,
  children,
  describedBy,
  className,
}: ModalDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the focus effect on every render.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    // The opener may have been re-rendered away or disabled: then the dialog beneath, if any.
    return () => returnFocus(previouslyFocused, browserFocusDocument());
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panel}
        className={['modal-panel surface-panel', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
