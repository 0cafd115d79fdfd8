import i18next from 'i18next';
import { fetchBackend, initI18n, languageDetector, translationUrl } from '../../src/ui/shell/i18n';
import english from '../../locales/en/translation.json';
import french from '../../locales/fr/translation.json';
import malay from '../../locales/ms/translation.json';

/** localStorage as the browser has it (node has none). */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

const globals = globalThis as unknown as {
  fetch: typeof fetch;
  localStorage?: MemoryStorage;
  navigator?: { languages: string[] };
};
const realFetch = globals.fetch;
const realNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');

function browser({ saved, languages = [] }: { saved?: string; languages?: string[] }) {
  const storage = new MemoryStorage();
  if (saved) storage.setItem('i18nextLng', saved);
  globals.localStorage = storage;
  Object.defineProperty(globalThis, 'navigator', { value: { languages }, configurable: true });
  return storage;
}

/** fetch is the third-party edge here: it answers the locale files as the server does. */
function serveLocales(files: Record<string, unknown>) {
  const fetchMock = jest.fn(async (url: string) => {
    const body = files[url];
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200 });
  });
  globals.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

afterEach(() => {
  globals.fetch = realFetch;
  delete globals.localStorage;
  if (realNavigator) Object.defineProperty(globalThis, 'navigator', realNavigator);
  else delete globals.navigator;
});

describe('initI18n', () => {
  it('has English ready at once, before any request, for an English browser', () => {
    browser({ languages: ['en-GB', 'en'] });
    const fetchMock = serveLocales({});
    const instance = i18next.createInstance();
    void initI18n(instance, english);
    // No await: the first render happens synchronously after init.
    expect(instance.isInitialized).toBe(true);
    expect(instance.resolvedLanguage).toBe('en');
    expect(instance.t('common.appName')).toBe(english.common.appName);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads a saved French choice over /locales, not English', async () => {
    browser({ saved: 'fr', languages: ['en'] });
    const fetchMock = serveLocales({ [translationUrl('fr', 'translation')]: french });
    const instance = i18next.createInstance();
    await initI18n(instance, english);
    expect(instance.language).toBe('fr');
    expect(instance.t('common.appName')).toBe(french.common.appName);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/locales/fr/translation.json']);
  });

  it("follows a Chinese browser ('zh-CN') to the product's 'zn' and saves a change", async () => {
    const storage = browser({ languages: ['zh-CN', 'en'] });
    serveLocales({ '/locales/zn/translation.json': { common: { appName: '会员门户' } } });
    const instance = i18next.createInstance();
    await initI18n(instance, english);
    expect(instance.language).toBe('zn');
    await instance.changeLanguage('en');
    expect(storage.getItem('i18nextLng')).toBe('en');
  });

  it('gives a Malay browser (\'ms-MY\') Bahasa Melayu at once, with <html lang="ms">', async () => {
    const storage = browser({ languages: ['ms-MY', 'en-US'] });
    serveLocales({ '/locales/ms/translation.json': malay });
    const documentElement = { lang: 'en' };
    Object.defineProperty(globalThis, 'document', {
      value: { documentElement },
      configurable: true,
    });
    try {
      const instance = i18next.createInstance();
      await initI18n(instance, english);
      expect(instance.language).toBe('ms');
      expect(instance.t('login.title')).toBe('Log Masuk');
      expect(documentElement.lang).toBe('ms');
      expect(storage.getItem('i18nextLng')).toBe('ms');
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });
});

describe('languageDetector', () => {
  it('prefers the saved language, then the browser list, and says nothing without either', () => {
    browser({ saved: 'zh-TW', languages: ['fr'] });
    expect(languageDetector.detect()).toBe('zn');
    browser({ languages: ['fr-FR', 'zh'] });
    expect(languageDetector.detect()).toEqual(['fr', 'zn']);
    browser({ languages: ['ms-MY', 'en-GB'] });
    expect(languageDetector.detect()).toEqual(['ms', 'en']);
    browser({ saved: 'en', languages: ['ms-MY'] });
    expect(languageDetector.detect()).toBe('en');
    browser({});
    expect(languageDetector.detect()).toBeUndefined();
  });

  it('survives a browser whose storage refuses access', () => {
    globals.localStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as MemoryStorage;
    Object.defineProperty(globalThis, 'navigator', {
      value: { languages: ['fr'] },
      configurable: true,
    });
    expect(languageDetector.detect()).toEqual(['fr']);
    expect(() => languageDetector.cacheUserLanguage?.('fr')).not.toThrow();
  });
});

describe('fetchBackend', () => {
  const read = (lng: string) =>
    new Promise<[unknown, unknown]>((resolve) =>
      fetchBackend.read(lng, 'translation', (error, data) => resolve([error, data])),
    );
  /** i18next retries a read when the callback's second argument is true. */
  const readWithRetry = (lng: string) =>
    new Promise<[unknown, unknown]>((resolve) =>
      (
        fetchBackend.read as (
          lng: string,
          ns: string,
          callback: (error: unknown, retryOrData: unknown) => void,
        ) => void
      )(lng, 'translation', (error, retryOrData) => resolve([error, retryOrData])),
    );

  it('answers the file', async () => {
    serveLocales({ '/locales/fr/translation.json': { a: 'b' } });
    expect(await read('fr')).toEqual([null, { a: 'b' }]);
  });

  it('asks for a retry after a 5xx or no answer, not after a 404', async () => {
    globals.fetch = jest.fn(async () => new Response('', { status: 503 })) as typeof fetch;
    expect((await readWithRetry('fr'))[1]).toBe(true);
    globals.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect((await readWithRetry('fr'))[1]).toBe(true);
    serveLocales({});
    const [error, retry] = await readWithRetry('xx');
    expect(String(error)).toContain('/locales/xx/translation.json: 404');
    expect(retry).toBe(false);
  });
});
