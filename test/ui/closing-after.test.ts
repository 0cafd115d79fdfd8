import { closingAfter } from '../../src/ui/shared/notifier';
import { RecordingNotifier } from '../fakes/recording-notifier';

describe('closingAfter', () => {
  it('gives every toast the same auto-close time', () => {
    const notifier = new RecordingNotifier();
    const toasts = closingAfter(notifier, 3000);
    toasts.success({ key: 'done' });
    toasts.error({ text: 'no' });
    expect(notifier.toasts).toEqual([
      { kind: 'success', message: { key: 'done' }, autoCloseMs: 3000 },
      { kind: 'error', message: { text: 'no' }, autoCloseMs: 3000 },
    ]);
  });
});
