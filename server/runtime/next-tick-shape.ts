import { AsyncResource } from 'node:async_hooks';

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process.
 *
 * Every nextTick queues an object literal `{[async_id_symbol], [trigger_async_id_symbol],
 * callback, args}`; Node's HTTP and stream code queues several per answer. The literal's two
 * computed keys are stored through an inline cache that knows the object's hidden classes
 * (maps). Between two answers no such object is alive, so a full garbage collection frees those
 * maps, and the next nextTick builds new ones. After a few full collections (a server seeding
 * or warming its caches runs a dozen) the cache has seen too many maps, gives up for good, and
 * every nextTick from then on stores its keys through the runtime: 2-3 times slower, measured at
 * about a sixth of the server's time on a cached payment-status read (docs/performance.md).
 *
 * One object of the same shape held here keeps those maps alive, so nextTick keeps the same
 * ones. The two symbols are Node's own, read off an AsyncResource, which carries the same two
 * keys; the values are fractional so that their fields are doubles, as nextTick's async ids
 * are stored. On a Node whose resources carry other keys this holds nothing and changes nothing.
 */
let held: object | undefined;

/** Holds one object shaped like nextTick's queue entries; once per process, as early as can be. */
export function holdNextTickShape(): void {
  if (held !== undefined) return;
  const keys = Object.getOwnPropertySymbols(new AsyncResource('NextTickShape'));
  const asyncId = keys.find((key) => key.description === 'async_id_symbol');
  const triggerId = keys.find((key) => key.description === 'trigger_async_id_symbol');
  if (asyncId === undefined || triggerId === undefined) return;
  // The same keys, in the same order, as nextTick's entries.
  held = { [asyncId]: -0.5, [triggerId]: -0.5, callback: holdNextTickShape, args: undefined };
}

/** The object held, for the test that nextTick's entries share its map. */
export function heldNextTickShape(): object | undefined {
  return held;
}
