import { useTranslation } from 'react-i18next';
import { toast, ToastContainer, type CloseButtonProps, type Id } from 'react-toastify';

/**
 * An error toast shown this shortly before a page change belongs to the new page: it is the
 * failure that led there (a session that ended sends the member to /login with its toast).
 */
export const PAGE_CHANGE_GRACE_MS = 1000;

/** The error toasts on screen, with when each was shown. */
const shownErrors = new Map<Id, number>();
toast.onChange((item) => {
  if (item.status === 'added' && item.type === 'error') shownErrors.set(item.id, Date.now());
  if (item.status === 'removed') shownErrors.delete(item.id);
});

/**
 * The page changed: error toasts from earlier pages go (a wrong password is no news on the
 * receipt page). Toasts pause while the tab is hidden, so without this they would outlive it.
 */
export function dismissStaleErrorToasts(now = Date.now()): void {
  for (const [id, shownAt] of shownErrors) {
    if (now - shownAt > PAGE_CHANGE_GRACE_MS) toast.dismiss(id);
  }
}

/** react-toastify's close button says "close" in English only: this one is translated. */
function CloseButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="toast-close"
      aria-label={t('common.closeNotification')}
      onClick={closeToast}
    >
      <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
        <path d="M1 1l12 12M13 1L1 13" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}

/**
 * The toasts: top-right and dark, below the page header rather than over it
 * (layout.css), each one announced (react-toastify gives a toast role="alert").
 */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      theme="dark"
      autoClose={3000}
      closeButton={CloseButton}
      className="app-toasts"
    />
  );
}
