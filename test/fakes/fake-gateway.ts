import type { GatewayHandOff } from '../../src/contract/payment';
import type { GatewayPort, GatewayTab } from '../../src/domain/ports/gateway.port';

/**
 * A GatewayPort that records what a real one would do to the browser. Set `blocked` to play a
 * pop-up blocker (openTab returns null).
 */
export class FakeGateway implements GatewayPort {
  blocked = false;
  readonly opened: GatewayTab[] = [];
  readonly submitted: { tab: GatewayTab; handOff: GatewayHandOff }[] = [];
  readonly closed: GatewayTab[] = [];
  readonly issuedKeys: string[] = [];

  openTab(): GatewayTab | null {
    if (this.blocked) return null;
    const tab = { name: `tab-${this.opened.length + 1}` };
    this.opened.push(tab);
    return tab;
  }

  submit(tab: GatewayTab, handOff: GatewayHandOff): void {
    this.submitted.push({ tab, handOff });
  }

  close(tab: GatewayTab): void {
    this.closed.push(tab);
  }

  newAttemptKey(): string {
    const key = `attempt-${this.issuedKeys.length + 1}`;
    this.issuedKeys.push(key);
    return key;
  }

  /** Tabs opened and neither closed nor posted into. */
  get openIdleTabs(): GatewayTab[] {
    return this.opened.filter(
      (tab) => !this.closed.includes(tab) && !this.submitted.some((s) => s.tab === tab),
    );
  }
}
