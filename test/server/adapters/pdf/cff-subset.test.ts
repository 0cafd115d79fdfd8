import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import { withQuickSubroutineCopy } from '../../../../server/adapters/pdf/cff-subset';

/** What these tests call on a fontkit subset, beyond the adapter's own declaration. */
interface Subset {
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
  subsetSubrs: unknown;
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
const bytes = readFileSync(FONT_FILE);
const plain = parseFont(bytes);
const quick = withQuickSubroutineCopy(parseFont(bytes));

function subsetOf(font: Font, text: string): Subset {
  const subset = font.createSubset() as Subset;
  for (const glyph of (font.layout(text) as Laid).glyphs) subset.includeGlyph(glyph.id);
  return subset;
}

const TEXTS = [
  '支付收据 会员姓名 陈美玲 已完成（马来西亚时间，UTC+8）',
  'Payment receipt: Aisyah Rahman, MYR 123.45, R-2026-000001',
  'Reçu de paiement — 收据 Terminé 二维码付款 鑫龘',
];

describe('withQuickSubroutineCopy', () => {
  it('replaces the CFF subset’s subroutine copy', () => {
    expect(subsetOf(quick, 'a').subsetSubrs).not.toBe(subsetOf(plain, 'a').subsetSubrs);
  });

  it('gives the same font bytes as fontkit’s own subset, document after document', () => {
    // Each text uses other subroutines: a copy that kept a previous document's code, or lost
    // one the glyphs call, would differ from fontkit's own bytes.
    for (const text of [...TEXTS, ...TEXTS.slice().reverse()]) {
      const expected = Buffer.from(subsetOf(plain, text).encode());
      const actual = Buffer.from(subsetOf(quick, text).encode());
      expect(actual.length).toBe(expected.length);
      expect(actual.equals(expected)).toBe(true);
    }
  });
});
