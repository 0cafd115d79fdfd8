import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { paymentMethodName } from '../../../src/contract/payment-methods';
import { DEFAULT_TIME_ZONE, utcOffsetOf } from '../../../src/contract/time-zones';
import { malaysiaDateTime, zonedDateTime } from '../../domain/receipt';
import type { ReceiptDocument, ReceiptRenderer } from '../../ports/receipt-renderer.port';
import { RECEIPT_TEXTS, type ReceiptTexts } from './receipt-texts';

/**
 * Noto Sans SC (Simplified Chinese with Latin): one font for all three languages. pdfkit embeds
 * only the glyphs a receipt uses (a subset), which keeps each PDF to some tens of kilobytes.
 */
const FONT_FILE = path.join(
  path.dirname(require.resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
  'NotoSansHans-Regular.otf',
);

let parsedFont: Font | undefined;

/**
 * The font, parsed on first use and shared by every receipt after it. Each receipt embeds a
 * subset of it; fontkit's subset copies the font's subroutines as patches/fontkit+2.0.4.patch
 * makes it (a Chinese receipt no longer allocates a new array per unused subroutine).
 */
function receiptFont(): PDFKit.Mixins.PDFFontSource {
  parsedFont ??= parseFont(readFileSync(FONT_FILE));
  // pdfkit takes a parsed fontkit font as well as a file (its types list only files).
  return parsedFont as unknown as PDFKit.Mixins.PDFFontSource;
}

const MARGIN = 56;
const LABEL_WIDTH = 170;
const GAP = 14;
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';

/**
 * An A4 receipt drawn with pdfkit. Nothing in it depends on when or where it is drawn: the
 * creation date is the receipt's `issuedAt`, the file ID is derived from the document's info
 * (pdfkit hashes it), and the PDF version is fixed, so the same receipt gives the same bytes.
 */
export class PdfkitReceiptRenderer implements ReceiptRenderer {
  render(receipt: ReceiptDocument): Promise<Uint8Array> {
    const texts = RECEIPT_TEXTS[receipt.language];
    const at = timeIn(receipt.timeZone ?? DEFAULT_TIME_ZONE, texts);
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      pdfVersion: '1.7',
      // No default font: pdfkit would parse Helvetica's metrics for every document, unused.
      font: '',
      lang: receipt.language === 'zn' ? 'zh-CN' : receipt.language,
      info: {
        Title: `${texts.title} ${receipt.receiptNumber}`,
        Author: receipt.merchantName,
        Subject: receipt.transactionId,
        Producer: 'Member Payment Portal',
        Creator: 'Member Payment Portal',
        CreationDate: receipt.issuedAt,
        ModDate: receipt.issuedAt,
      },
    });
    const done = collect(doc);
    const width = doc.page.width - MARGIN * 2;
    doc.font(receiptFont());

    doc.fillColor(MUTED).fontSize(12).text(receipt.merchantName, { width });
    doc.moveDown(0.3);
    doc.fillColor(INK).fontSize(22).text(texts.title, { width });
    doc.moveDown(0.8);
    const ruleY = doc.y;
    doc
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + width, ruleY)
      .lineWidth(0.8)
      .stroke(MUTED);
    doc.y = ruleY + GAP;

    const rows: [string, string][] = [
      [texts.receiptNumber, receipt.receiptNumber],
      [texts.memberName, receipt.memberName],
      [texts.identity, receipt.maskedIdentity],
      [texts.transactionId, receipt.transactionId],
      [texts.gatewayReference, receipt.gatewayReference],
      [texts.amount, `MYR ${receipt.amount}`],
      [texts.paymentMethod, paymentMethodName(receipt.paymentMethod, receipt.language)],
      [texts.paidAt, at(receipt.paidAt)],
      [texts.status, texts.completed],
      ...refundRows(receipt, texts, at),
    ];
    doc.fontSize(11);
    for (const [label, value] of rows) {
      const top = doc.y;
      doc.fillColor(MUTED).text(label, MARGIN, top, { width: LABEL_WIDTH });
      const labelBottom = doc.y;
      const valueX = MARGIN + LABEL_WIDTH + GAP;
      doc.fillColor(INK).text(value, valueX, top, { width: width - LABEL_WIDTH - GAP });
      doc.y = Math.max(labelBottom, doc.y) + GAP / 2;
    }

    doc.y += GAP;
    doc.fillColor(MUTED).fontSize(9);
    const issued = `${texts.issuedAt}${texts.colon}${at(receipt.issuedAt)}`;
    doc.text(issued, MARGIN, doc.y, { width });
    doc.text(texts.footer, { width });
    doc.end();
    return done;
  }
}

/** A row per refund (its amount and time) and their total; none without refunds. */
function refundRows(
  receipt: ReceiptDocument,
  texts: ReceiptTexts,
  at: (instant: Date) => string,
): [string, string][] {
  if (receipt.refunds.length === 0) return [];
  return [
    ...receipt.refunds.map((refund): [string, string] => [
      texts.refund,
      `MYR ${refund.amount}${texts.refundedOn}${at(refund.refundedAt)}`,
    ]),
    [texts.refundedTotal, `MYR ${receipt.refundedTotal}`],
  ];
}

/**
 * How the receipt prints an instant: Malaysia's wall clock named as before ('(Malaysia time,
 * UTC+8)'), or another zone's wall clock with its IANA name and offset then.
 */
function timeIn(timeZone: string, texts: ReceiptTexts): (instant: Date) => string {
  if (timeZone === DEFAULT_TIME_ZONE) {
    return (instant) => `${malaysiaDateTime(instant)}${texts.malaysiaTime}`;
  }
  return (instant) =>
    `${zonedDateTime(instant, timeZone)}${texts.inZone
      .replace('{zone}', timeZone)
      .replace('{offset}', utcOffsetOf(timeZone, instant))}`;
}

/** The document's bytes once pdfkit has written them all. */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
