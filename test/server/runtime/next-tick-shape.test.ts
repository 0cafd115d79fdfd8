import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Runs in a process of its own (jest's modules live in a context of their own, whose objects never
 * share maps with Node's): a nextTick's queue entry is compared with the held object by hidden
 * class (V8's %HaveSameMap), before and after full garbage collections.
 */
const CHILD = `
const { executionAsyncResource } = require('node:async_hooks');
const shape = require('./server/runtime/next-tick-shape');
if (process.argv.includes('hold')) shape.holdNextTickShape();
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const tickEntry = () =>
  new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
(async () => {
  const answers = [];
  for (let round = 0; round < 4; round++) {
    answers.push(sameMap(shape.heldNextTickShape() ?? {}, await tickEntry()));
    gc();
  }
  console.log(JSON.stringify(answers));
})();`;

async function sameMapPerRound(hold: boolean): Promise<boolean[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--import',
      'tsx',
      '-e',
      CHILD,
      '--',
      ...(hold ? ['hold'] : []),
    ],
    { cwd: ROOT, timeout: 60_000 },
  );
  return JSON.parse(stdout) as boolean[];
}

jest.setTimeout(90_000);

describe('holdNextTickShape', () => {
  it("holds an object of nextTick's entries' hidden class, the same one after every full collection", async () => {
    expect(await sameMapPerRound(true)).toEqual([true, true, true, true]);
  });

  it('holds nothing until it is called', async () => {
    expect(await sameMapPerRound(false)).toEqual([false, false, false, false]);
  });
});
