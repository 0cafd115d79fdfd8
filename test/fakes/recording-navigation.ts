import type { Navigation } from '../../src/ui/shared/navigation';

export class RecordingNavigation implements Navigation {
  readonly visits: { path: string; replace: boolean }[] = [];

  go(path: string, options?: { replace?: boolean }): void {
    this.visits.push({ path, replace: options?.replace ?? false });
  }

  get current(): string | undefined {
    return this.visits[this.visits.length - 1]?.path;
  }
}
