import { useTranslation } from 'react-i18next';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';

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
