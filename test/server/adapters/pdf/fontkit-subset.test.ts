import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { create as parseFont, type Font } from 'fontkit';

/**
 * fontkit is pinned and patched (patches/fontkit+2.0.4.patch, applied by `patch-package` on
 * install): its CFF subset copies a font's subroutines from one shared list per index instead
 * of allocating a new `return` for every unused one. These tests hold the patched library to
 * fontkit's own bytes and check that the server's threads load it.
 */

/** What these tests reach of a fontkit CFF subset (private to fontkit, hence declared here). */
interface Subset {
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
  gsubrs?: Uint8Array[];
  cff: { stream: { pos: number; readBuffer(length: number): Uint8Array } };
  subsetSubrs(subrs: readonly SubrEntry[], used: Record<string, boolean>): Uint8Array[];
}
interface SubrEntry {
  offset: number;
  length: number;
}
interface Laid {
  glyphs: { id: number }[];
}

const FONT_FILE = path.join(
  path.dirname(require.resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
  'NotoSansHans-Regular.otf',
);
const font = parseFont(readFileSync(FONT_FILE));

/** fontkit 2.0.4's own `subsetSubrs`, as published (before the patch). */
function upstreamSubsetSubrs(
  this: Subset,
  subrs: readonly SubrEntry[],
  used: Record<string, boolean>,
): Uint8Array[] {
  const res: Uint8Array[] = [];
  for (let i = 0; i < subrs.length; i++) {
    const subr = subrs[i];
    if (used[i]) {
      this.cff.stream.pos = subr.offset;
      res.push(this.cff.stream.readBuffer(subr.length));
    } else {
      res.push(new Uint8Array([11]));
    }
  }
  return res;
}

function subsetOf(of: Font, text: string, upstream = false): Subset {
  const subset = of.createSubset() as Subset;
  if (upstream) subset.subsetSubrs = upstreamSubsetSubrs;
  for (const glyph of (of.layout(text) as Laid).glyphs) subset.includeGlyph(glyph.id);
  return subset;
}

const TEXTS = [
  '支付收据 会员姓名 陈美玲 已完成（马来西亚时间，UTC+8）',
  'Payment receipt: Aisyah Rahman, MYR 123.45, R-2026-000001',
  'Reçu de paiement — 收据 Terminé 二维码付款 鑫龘',
];

describe('fontkit, patched', () => {
  it('shares one `return` among the unused subroutines of every subset', () => {
    const first = subsetOf(font, TEXTS[0]);
    const second = subsetOf(font, TEXTS[1]);
    first.encode();
    second.encode();
    const [a, b] = [first.gsubrs ?? [], second.gsubrs ?? []];
    expect(a.length).toBeGreaterThan(100);
    expect(a.length).toBe(b.length);
    // Unpatched, each subset holds a new one-byte array for each unused entry.
    const unused = a.findIndex((code, i) => code === b[i]);
    expect(unused).toBeGreaterThanOrEqual(0);
    expect([...a[unused]]).toEqual([11]);
  });

  it('gives the same font bytes as fontkit’s own subset, document after document', () => {
    // Each text uses other subroutines: a copy that kept a previous document's code, or lost
    // one the glyphs call, would differ from fontkit's own bytes.
    for (const text of [...TEXTS, ...TEXTS.slice().reverse()]) {
      const expected = Buffer.from(subsetOf(font, text, true).encode());
      const actual = Buffer.from(subsetOf(font, text).encode());
      expect(actual.length).toBe(expected.length);
      expect(actual.equals(expected)).toBe(true);
    }
  });

  it('is the fontkit plain node loads beside the receipt worker', async () => {
    // The receipt worker (receipt-render.worker) runs on a worker thread outside jest's module
    // registry: the same check, resolved from its directory by node itself.
    const code = `
      const { createRequire } = require('node:module');
      const { readFileSync } = require('node:fs');
      const { parentPort, workerData } = require('node:worker_threads');
      const fontkit = createRequire(workerData.from)('fontkit');
      const font = fontkit.create(readFileSync(workerData.fontFile));
      const gsubrs = ['a', 'b'].map((text) => {
        const subset = font.createSubset();
        for (const glyph of font.layout(text).glyphs) subset.includeGlyph(glyph.id);
        subset.encode();
        return subset.gsubrs;
      });
      parentPort.postMessage(gsubrs[0].some((code, i) => code === gsubrs[1][i]));
    `;
    const from = path.resolve(
      __dirname,
      '../../../../server/adapters/pdf/receipt-render.worker.ts',
    );
    const worker = new Worker(code, { eval: true, workerData: { from, fontFile: FONT_FILE } });
    const shared = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(shared).toBe(true);
  });
});
