import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/**
 * A page's cursor as the console hands it back unread: the id of the last row shown and an
 * HMAC-SHA256 over that id and the search it belongs to (`scope`), with a key the server alone
 * holds. It holds nothing the page did not show (no name, no sort key: the server reads the
 * row's place from its id), cannot be made for another row, and opens for its own search only,
 * so a cursor cannot be moved to another query to compare a member's name with any text.
 */
export class SignedCursors {
  constructor(private readonly key: Buffer) {}

  sign(scope: string, id: string): string {
    return `${id}.${this.mac(scope, id)}`;
  }

  /** The id a cursor names; null for anything this server did not sign for `scope`. */
  open(scope: string, cursor: string): string | null {
    const dot = cursor.indexOf('.');
    const id = cursor.slice(0, dot);
    const mac = cursor.slice(dot + 1);
    if (dot < 0 || !UUID.test(id) || !MAC.test(mac)) return null;
    const expected = Buffer.from(this.mac(scope, id), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(scope: string, id: string): string {
    return createHmac('sha256', this.key)
      .update(`${JSON.stringify([scope, id])}`)
      .digest('base64url');
  }
}
