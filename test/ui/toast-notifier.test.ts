import i18next from 'i18next';
import { toast } from 'react-toastify';
import { toSupportedLanguage } from '../../src/ui/shell/i18n';
import { ToastNotifier } from '../../src/ui/shell/toast-notifier';
import english from '../../locales/en/translation.json';

async function englishI18n() {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { translation: english } } });
  return instance;
}

afterEach(() => jest.restoreAllMocks());

/** react-toastify loads lazily: the toast is shown once its import has settled. */
const shown = () => new Promise((resolve) => setImmediate(resolve));

describe('ToastNotifier', () => {
  // react-toastify is a third-party edge: its toast functions are spied on, not faked.
  it('translates a key with its values and keeps the container default auto-close', async () => {
    const success = jest.spyOn(toast, 'success').mockReturnValue('id');
    new ToastNotifier(await englishI18n()).success({
      key: 'signUp.otpSent',
      values: { time: '5:00' },
    });
    await shown();
    expect(success).toHaveBeenCalledWith('OTP sent successfully! Code expires in 5:00', {});
  });

  it("shows a server's text as is, with the screen's auto-close", async () => {
    const error = jest.spyOn(toast, 'error').mockReturnValue('id');
    new ToastNotifier(await englishI18n()).error(
      { text: 'Invalid or expired code' },
      { autoCloseMs: 5000 },
    );
    await shown();
    expect(error).toHaveBeenCalledWith('Invalid or expired code', { autoClose: 5000 });
  });
});

describe('ToastNotifier without its library', () => {
  it('drops a toast quietly when react-toastify cannot load (offline, a new deployment)', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const offline = () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      new ToastNotifier(await englishI18n(), offline).error({ text: 'Invalid or expired code' });
      await shown();
      await shown();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});

describe('toSupportedLanguage', () => {
  it.each([
    ['zh', 'zn'],
    ['zh-CN', 'zn'],
    ['zh-TW', 'zn'],
    ['en-GB', 'en'],
    ['fr', 'fr'],
    ['ms', 'ms'],
    ['ms-MY', 'ms'],
    ['ms_MY', 'ms'],
    ['zu', 'zu'],
  ])('%p -> %p', (detected, used) => {
    expect(toSupportedLanguage(detected)).toBe(used);
  });
});
