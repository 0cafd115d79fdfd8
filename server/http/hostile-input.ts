import { type FastifyInstance } from 'fastify';
import { ApiError, disallowedCharactersMessage, plainFieldName } from './errors';

/**
 * Characters no member types into a form: C0 controls (NUL included), DEL and C1 controls,
 * lone UTF-16 surrogates (invalid Unicode: the drivers would store U+FFFD or fail) and
 * noncharacters. PostgreSQL cannot store NUL in text at all, so without this check a NUL in a
 * login identifier or a profile name reached the driver and answered 500.
 */
const DISALLOWED = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Whether a string holds any character a request may not carry. */
export function hasDisallowedCharacters(text: string): boolean {
  return DISALLOWED.test(text);
}

/**
 * The first place in a parsed request part (a body, a query, path params) holding a disallowed
 * character, in keys or string values at any depth: `field` is the top-level field it is under
 * (null when the part is itself a string, such as a form-encoded callback body); null when the
 * part is clean. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findDisallowedText(value: unknown): { field: string | null } | null {
  const pending: Array<{ value: unknown; top: string | null }> = [{ value, top: null }];
  while (pending.length > 0) {
    const { value: current, top } = pending.pop() as { value: unknown; top: string | null };
    if (typeof current === 'string') {
      if (hasDisallowedCharacters(current)) return { field: top };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const isTopObject = top === null && !Array.isArray(current);
    for (const [key, child] of entries(current)) {
      const field = isTopObject ? key : top;
      if (hasDisallowedCharacters(key)) return { field };
      pending.push({ value: child, top: field });
    }
  }
  return null;
}

function entries(value: object): Array<[string, unknown]> {
  return Array.isArray(value)
    ? value.map((child, index) => [String(index), child] as [string, unknown])
    : Object.entries(value);
}

/**
 * One check for every route, before schema validation and before any handler or database:
 * path params, query and body (JSON, or the raw text of a form-encoded callback). The answer is
 * a 400 (DISALLOWED_CHARACTERS) naming the field in the member's words, and by its wire name
 * in `field` when that name is plain.
 */
export function registerHostileInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const spot = findDisallowedText(part);
      if (spot) {
        done(
          new ApiError('DISALLOWED_CHARACTERS', disallowedCharactersMessage(spot.field), {
            field: plainFieldName(spot.field),
          }),
        );
        return;
      }
    }
    done();
  });
}
