/**
 * The part of fontkit (the font parser pdfkit itself uses) this server calls: parse a font file
 * once, then hand the parsed font to every document (pdfkit embeds a font object that has
 * `layout`, subsetting it per document), instead of parsing megabytes on every receipt.
 */
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
    /** What pdfkit embeds: the glyphs a document uses (a CFF or TrueType subset). */
    createSubset(): object;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
