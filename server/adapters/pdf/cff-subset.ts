import type { Font } from 'fontkit';

/**
 * A quicker way for fontkit to copy a CFF font's subroutines into each document's subset, with
 * the same bytes as a result.
 *
 * A subset keeps every subroutine index at its full length, because glyphs call subroutines by
 * their position: the ones the document's glyphs use keep their code, every other one becomes a
 * lone `return` (byte 11). fontkit builds that list anew in each document, one new one-byte
 * array per unused entry. Noto Sans SC's ideographs share an index of 22,293 subroutines, so a
 * Chinese receipt allocated some 22,000 arrays and looped over all of them: over half of its CPU
 * time went there or to collecting that garbage.
 *
 * Here, each index of the font gets, once, a list of that length holding one shared `return`;
 * a document copies the list (one block copy) and puts in the code of the few it uses. The
 * subset's encoder only reads the list, so sharing the `return` is safe.
 */

/** The part of fontkit's CFF subset (fontkit 2.0) this replaces: `subsetSubrs(subrs, used)`. */
interface CffSubset {
  cff: { stream: { pos: number; readBuffer(length: number): Uint8Array } };
  subsetSubrs(subrs: readonly SubrEntry[], used: Record<string, boolean>): Uint8Array[];
}

/** Where a subroutine's code sits in the font file. */
interface SubrEntry {
  offset: number;
  length: number;
}

/** The CFF operator `return`, all an unused subroutine keeps. */
const RETURN = new Uint8Array([11]);

/** Per index of a parsed font: its length in shared `return`s. */
const allReturns = new WeakMap<readonly SubrEntry[], Uint8Array[]>();

function subsetSubrs(
  this: CffSubset,
  subrs: readonly SubrEntry[],
  used: Record<string, boolean>,
): Uint8Array[] {
  let template = allReturns.get(subrs);
  if (template === undefined) {
    template = new Array<Uint8Array>(subrs.length).fill(RETURN);
    allReturns.set(subrs, template);
  }
  const result = template.slice();
  const stream = this.cff.stream;
  for (const key in used) {
    const index = Number(key);
    const subr = used[key] ? subrs[index] : undefined;
    if (subr === undefined) continue;
    stream.pos = subr.offset;
    result[index] = stream.readBuffer(subr.length);
  }
  return result;
}

/**
 * Makes every subset `font` creates from now on copy subroutines as above. A font whose subsets
 * have no `subsetSubrs` (a TrueType font) is left as it is.
 */
export function withQuickSubroutineCopy(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    if (typeof (subset as Partial<CffSubset>).subsetSubrs === 'function') {
      (subset as CffSubset).subsetSubrs = subsetSubrs;
    }
    return subset;
  };
  return font;
}
