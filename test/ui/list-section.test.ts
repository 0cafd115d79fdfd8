import { err, ok, type Result } from '../../src/contract/result';
import type { Failure } from '../../src/domain/model/failure';
import { ListSection } from '../../src/ui/screens/security/list-section';
import { flushPromises } from '../fakes/fake-clock';
import { RecordingNotifier } from '../fakes/recording-notifier';

/** A list read whose answers the test gives one after another. */
function scriptedRead(...answers: Result<string[], Failure>[]) {
  return async () => answers.shift() ?? ok([]);
}

const noAnswer: Failure = { key: 'security.sessions.loadFailed' };

describe('ListSection', () => {
  it('is loading, then shows the items read', async () => {
    const section = new ListSection(scriptedRead(ok(['a', 'b'])), new RecordingNotifier());
    expect(section.status).toBe('loading');
    await section.load();
    expect(section.status).toBe('displayed');
    expect(section.items).toEqual(['a', 'b']);
  });

  it('has failed when its first read fails, and says why', async () => {
    const notifier = new RecordingNotifier();
    const section = new ListSection(scriptedRead(err(noAnswer)), notifier);
    await section.load();
    expect(section.status).toBe('failed');
    expect(notifier.toasts).toEqual([
      { kind: 'error', message: { key: 'security.sessions.loadFailed' }, autoCloseMs: undefined },
    ]);
  });

  it('keeps a list already shown when a later read fails', async () => {
    const notifier = new RecordingNotifier();
    const section = new ListSection(scriptedRead(ok(['a']), err(noAnswer)), notifier);
    await section.load();
    await section.load();
    expect(section.status).toBe('displayed');
    expect(section.items).toEqual(['a']);
    expect(notifier.toasts).toHaveLength(1);
  });

  it('says nothing when the session itself ended (the session check takes over)', async () => {
    const notifier = new RecordingNotifier();
    const ended = (code: 'AUTH_SESSION_ENDED' | 'AUTH_REQUIRED'): Failure => ({ key: 'x', code });
    const section = new ListSection(
      scriptedRead(err(ended('AUTH_SESSION_ENDED')), err(ended('AUTH_REQUIRED'))),
      notifier,
    );
    await section.load();
    await section.load();
    expect(section.status).toBe('failed');
    expect(notifier.toasts).toEqual([]);
  });

  it('drops an answer that comes after the page unmounted', async () => {
    const section = new ListSection(scriptedRead(ok(['a'])), new RecordingNotifier());
    const loading = section.load();
    section.dispose();
    await loading;
    await flushPromises();
    expect(section.status).toBe('loading');
    expect(section.items).toEqual([]);
  });
});
