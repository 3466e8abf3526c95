/**
 * Renders a card layout with a user's data (issue 16): layout → SVG (mm units on the CR80 card; QR codes with
 * `qrcode`, Code 128 and PDF417 barcodes with `bwip-js`) → PNG with
 * resvg (`@resvg/resvg-js`, 300 dpi) → PDF with pdf-lib (one page a side, the PNG full-bleed with the text
 * fields laid over it as an invisible text layer, so the PDF holds the card's text for search and checks).
 * The console's preview, the CardLayoutCompressed calls and the printers all take these same PNG bytes.
 */
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import QRCode from 'qrcode';
import bwipjs from 'bwip-js/node';
import { cardValueOf, CR80_MM, type CardBarcodeElement, type CardLayout, type CardLayoutSide, type CardUserData } from '@tessera/domain';

/** The print resolution, dots per inch (card printers print at 300 dpi). */
export const CARD_DPI = 300;
/** The PNG's size in pixels at {@link CARD_DPI}: 1011 × 638. */
export const CARD_PIXELS = Object.freeze({ width: Math.round((CR80_MM.width / 25.4) * CARD_DPI), height: Math.round((CR80_MM.height / 25.4) * CARD_DPI) });
/**
 * The text's font: DejaVu Sans from the `dejavu-fonts-ttf` package, never the machine's fonts, so that a card renders
 * to the same pixels on every server, and text renders on a machine with no fonts installed.
 */
const FONT_FAMILY = 'DejaVu Sans';
const FONT_FILES = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'].map((file) => require.resolve(file));
/** Where the baseline of a line sits under its top, as a share of the font size (DejaVu's ascent). */
const ASCENT = 0.76;
/** QR quiet zone, modules (ISO/IEC 18004 asks 4; 2 keeps the code legible on a small card). */
const QR_MARGIN = 2;

/** One rendered side or card. */
export interface RenderedCard {
  front: Buffer;
  back: Buffer;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const n = (value: number) => Number(value.toFixed(3));

function qrSvg(value: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(value || ' ', { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const module = size / (count + 2 * QR_MARGIN);
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.modules.get(row, col)) path += `M${n(x + (col + QR_MARGIN) * module)} ${n(y + (row + QR_MARGIN) * module)}h${n(module)}v${n(module)}h${n(-module)}z`;
    }
  }
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" fill="#ffffff"/><path d="${path}" fill="#000000" shape-rendering="crispEdges"/>`;
}

/**
 * A barcode drawn by bwip-js (Barcode Writer in Pure PostScript, as SVG without native code) into the element's box
 * on a white ground: Code 128 stretched to the box (every bar scales by the same factor, so it reads the same),
 * PDF417 kept in proportion and centred. An empty value, or one the symbology cannot encode, leaves the white box.
 */
export function barcodeSvg(element: CardBarcodeElement, value: string): string {
  const { x, y, width, height } = element;
  const ground = `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="#ffffff"/>`;
  if (!value) return ground;
  let drawn: string;
  try {
    drawn = bwipjs.toSVG({ bcid: element.symbology, text: value, ...(element.symbology === 'pdf417' ? { columns: 4 } : {}) });
  } catch {
    return ground;
  }
  const open = /^<svg viewBox="([^"]+)"[^>]*>/.exec(drawn);
  if (!open) return ground;
  const aspect = element.symbology === 'code128' ? 'none' : 'xMidYMid meet';
  // A quiet zone of 1 mm each side (Code 128 asks 10 modules; PDF417 2): the bars sit inside it.
  const quiet = Math.min(1, width / 10, height / 10);
  const body = drawn.slice(open[0].length).replace(/<\/svg>\s*$/, '');
  return `${ground}<svg x="${n(x + quiet)}" y="${n(y + quiet)}" width="${n(width - 2 * quiet)}" height="${n(height - 2 * quiet)}" viewBox="${open[1]}" preserveAspectRatio="${aspect}" shape-rendering="crispEdges">${body}</svg>`;
}

/** The SVG of one side of the card for a user (mm units; the photo and images as data URLs). */
export function cardSideSvg(side: CardLayoutSide, user: CardUserData): string {
  const { width, height } = CR80_MM;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="${side.background.color}"/>`];
  if (side.background.image) parts.push(`<image href="${side.background.image}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>`);
  for (const element of side.elements) {
    if (element.type === 'text') {
      const value = cardValueOf(element.source, user);
      if (!value) continue;
      parts.push(
        `<text x="${n(element.x)}" y="${n(element.y + element.fontSize * ASCENT)}" font-family="${FONT_FAMILY}, sans-serif" font-size="${n(element.fontSize)}" font-weight="${element.bold ? 700 : 400}" fill="${element.color}">${escapeXml(value)}</text>`,
      );
    } else if (element.type === 'photo') {
      if (user.photo) parts.push(`<image href="${user.photo}" x="${n(element.x)}" y="${n(element.y)}" width="${n(element.width)}" height="${n(element.height)}" preserveAspectRatio="xMidYMid meet"/>`);
      else parts.push(`<rect x="${n(element.x)}" y="${n(element.y)}" width="${n(element.width)}" height="${n(element.height)}" fill="#d0d7de"/>`);
    } else if (element.type === 'barcode') {
      parts.push(barcodeSvg(element, cardValueOf(element.source, user)));
    } else {
      parts.push(qrSvg(cardValueOf(element.source, user), element.x, element.y, element.size));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

const resvgOptions: ResvgRenderOptions = {
  fitTo: { mode: 'width', value: CARD_PIXELS.width },
  font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
};

/** One side as PNG at 300 dpi. */
export function renderSidePng(side: CardLayoutSide, user: CardUserData): Buffer {
  return Buffer.from(new Resvg(cardSideSvg(side, user), resvgOptions).render().asPng());
}

/** Both sides as PNG. */
export function renderCardPng(layout: CardLayout, user: CardUserData): RenderedCard {
  return { front: renderSidePng(layout.front, user), back: renderSidePng(layout.back, user) };
}

const MM_TO_PT = 72 / 25.4;

/** The text a standard PDF font can encode (WinAnsi): others become '?'. */
function encodable(font: PDFFont, text: string): string {
  return [...text].map((c) => {
    try {
      font.encodeText(c);
      return c;
    } catch {
      return '?';
    }
  }).join('');
}

/** The card as a PDF: a CR80 page a side, the side's PNG and its text fields as an invisible text layer. */
export async function renderCardPdf(layout: CardLayout, user: CardUserData, png: RenderedCard = renderCardPng(layout, user)): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Card ${[user.givenName, user.familyName].filter(Boolean).join(' ') || user.userName || ''}`.trim());
  pdf.setProducer('Tessera');
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pageWidth = CR80_MM.width * MM_TO_PT;
  const pageHeight = CR80_MM.height * MM_TO_PT;
  for (const [side, bytes] of [[layout.front, png.front], [layout.back, png.back]] as const) {
    const page = pdf.addPage([pageWidth, pageHeight]);
    page.drawImage(await pdf.embedPng(bytes), { x: 0, y: 0, width: pageWidth, height: pageHeight });
    for (const element of side.elements) {
      if (element.type !== 'text') continue;
      const value = cardValueOf(element.source, user);
      if (!value) continue;
      page.drawText(encodable(font, value), { x: element.x * MM_TO_PT, y: pageHeight - (element.y + element.fontSize * ASCENT) * MM_TO_PT, size: element.fontSize * MM_TO_PT, font, opacity: 0 });
    }
  }
  return Buffer.from(await pdf.save());
}
