import { RouterNavigator } from '../../src/ui/shell/router-navigator';
import { RouterNavigation } from '../../src/ui/shell/router-navigation';

/** Records what the router was asked to do. */
class RecordingNavigate {
  calls: [string, { replace?: boolean } | undefined][] = [];
  readonly navigate = (to: string, options?: { replace?: boolean }) => {
    this.calls.push([to, options]);
  };
}

describe('RouterNavigator', () => {
  it("passes navigation to the router's navigate once attached", () => {
    const navigator = new RouterNavigator();
    const router = new RecordingNavigate();
    navigator.attach(router.navigate);
    new RouterNavigation(navigator).go('/member/profile');
    new RouterNavigation(navigator).go('/login', { replace: true });
    expect(router.calls).toEqual([
      ['/member/profile', { replace: false }],
      ['/login', { replace: true }],
    ]);
  });

  it('keeps the last navigation asked before the routes mounted and runs it on attach', () => {
    const navigator = new RouterNavigator();
    navigator.navigate('/', { replace: false });
    navigator.navigate('/login', { replace: true });
    const router = new RecordingNavigate();
    navigator.attach(router.navigate);
    expect(router.calls).toEqual([['/login', { replace: true }]]);
  });

  it("uses the newest navigate after a re-render and none after the routes' cleanup", () => {
    const navigator = new RouterNavigator();
    const first = new RecordingNavigate();
    const second = new RecordingNavigate();
    const detachFirst = navigator.attach(first.navigate);
    const detachSecond = navigator.attach(second.navigate);
    detachFirst(); // an older effect's cleanup must not detach the newer navigate
    navigator.navigate('/payment');
    expect(second.calls).toEqual([['/payment', undefined]]);
    detachSecond();
    navigator.navigate('/');
    expect(first.calls).toEqual([]);
    expect(second.calls).toHaveLength(1);
  });
});
