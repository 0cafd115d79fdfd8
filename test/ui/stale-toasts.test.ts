import type { ToastItem } from 'react-toastify';

const listeners: ((item: Partial<ToastItem>) => void)[] = [];
const dismissed: unknown[] = [];

jest.mock('react-toastify', () => ({
  toast: {
    onChange: (listener: (item: Partial<ToastItem>) => void) => listeners.push(listener),
    dismiss: (id: unknown) => dismissed.push(id),
  },
  ToastContainer: () => null,
}));

import { dismissStaleErrorToasts, PAGE_CHANGE_GRACE_MS } from '../../src/ui/components/toasts';

const emit = (item: Partial<ToastItem>) => listeners.forEach((listener) => listener(item));

describe('error toasts on a page change', () => {
  it('dismisses errors from earlier pages, keeps the one that led here and every success', () => {
    const start = Date.now();
    emit({ id: 'wrong-password', type: 'error', status: 'added' });
    emit({ id: 'logged-in', type: 'success', status: 'added' });
    emit({ id: 'closed-already', type: 'error', status: 'added' });
    emit({ id: 'closed-already', type: 'error', status: 'removed' });
    dismissStaleErrorToasts(start + PAGE_CHANGE_GRACE_MS + 5000);
    expect(dismissed).toEqual(['wrong-password']);

    dismissed.length = 0;
    emit({ id: 'session-ended', type: 'error', status: 'added' });
    dismissStaleErrorToasts(Date.now() + 10);
    expect(dismissed).not.toContain('session-ended');
  });
});
