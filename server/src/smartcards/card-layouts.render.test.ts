import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { validateCardLayout, type CardLayout } from '@tessera/domain';
import { CARD_DPI, CARD_PIXELS, cardSideSvg, renderCardPdf, renderCardPng } from './card-layouts.render';

const checked = (input: unknown): CardLayout => {
  const check = validateCardLayout(input);
  if (!check.ok) throw new Error(JSON.stringify(check.problem));
  return check.value;
};

const LAYOUT = checked({
  front: {
    background: { color: '#003366' },
    elements: [
      { type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5, color: '#ffffff', bold: true },
      { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5, color: '#ffffff' },
      { type: 'photo', x: 60, y: 4, width: 20, height: 25 },
    ],
  },
  back: { elements: [{ type: 'qr', source: { field: 'emailAddress' }, x: 5, y: 5, size: 30 }, { type: 'text', source: { text: 'If found, return to ACME' }, x: 40, y: 40, fontSize: 3 }] },
});

/** The RGBA of one pixel of a PNG, through resvg's own decoder-free path: pdf-lib parses PNGs, so read with sharp-less means. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('card layout rendering', () => {
  it('should draw the user data into the SVG, escaped, and leave out fields the user lacks', () => {
    const svg = cardSideSvg(LAYOUT.front, { givenName: 'Ada <b>', familyName: '' });
    expect(svg).toContain('>Ada &lt;b&gt;</text>');
    expect(svg.match(/<text /g)).toHaveLength(1);
    expect(svg).toContain('fill="#d0d7de"'); // no photo: the grey box
  });

  it('should render both sides as 300 dpi CR80 PNGs whose pixels follow the data', () => {
    const ada = renderCardPng(LAYOUT, { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.com' });
    expect(pngSize(ada.front)).toEqual(CARD_PIXELS);
    expect(CARD_PIXELS).toEqual({ width: 1011, height: 638 });
    const again = renderCardPng(LAYOUT, { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.com' });
    expect(again.front.equals(ada.front)).toBe(true);
    const grace = renderCardPng(LAYOUT, { givenName: 'Grace', familyName: 'Lovelace', emailAddress: 'grace@example.com' });
    expect(grace.front.equals(ada.front)).toBe(false);
    expect(grace.back.equals(ada.back)).toBe(false); // the QR code of the e-mail address
  });

  it('should make a two-page CR80 PDF holding the card text', async () => {
    const user = { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.com' };
    const pdf = await renderCardPdf(LAYOUT, user);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo((85.6 / 25.4) * 72, 1);
    expect(height).toBeCloseTo((53.98 / 25.4) * 72, 1);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-card-pdf-'));
    try {
      writeFileSync(path.join(dir, 'card.pdf'), pdf);
      const text = execFileSync('pdftotext', [path.join(dir, 'card.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Ada');
      expect(text).toContain('Lovelace');
      expect(text).toContain('If found, return to ACME');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('barcodes', () => {
    const BARCODES = checked({
      front: { elements: [{ type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5 }, { type: 'barcode', symbology: 'code128', source: { field: 'userName' }, x: 5, y: 36, width: 60, height: 12 }] },
      back: { elements: [{ type: 'barcode', symbology: 'pdf417', source: { field: 'emailAddress' }, x: 5, y: 5, width: 70, height: 30 }] },
    });
    const px = (mm: number) => Math.round((mm / 25.4) * CARD_DPI);

    /** Reads the barcode in a box of a rendered side (2 mm of the white card around it) with ZXing, as a scanner would. */
    function read(png: Buffer, box: { x: number; y: number; width: number; height: number }, format: BarcodeFormat): string {
      const { width, data } = PNG.sync.read(png);
      const left = px(box.x - 2);
      const top = px(box.y - 2);
      const w = px(box.width + 4);
      const h = px(box.height + 4);
      const luminances = new Uint8ClampedArray(w * h);
      for (let row = 0; row < h; row += 1) {
        for (let col = 0; col < w; col += 1) {
          const at = ((top + row) * width + left + col) * 4;
          luminances[row * w + col] = (data[at]! * 299 + data[at + 1]! * 587 + data[at + 2]! * 114) / 1000;
        }
      }
      const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [format]], [DecodeHintType.TRY_HARDER, true]]);
      return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminances, w, h))), hints).getText();
    }

    it("should print a Code 128 and a PDF417 barcode that a reader decodes to the user's values", () => {
      const ada = renderCardPng(BARCODES, { givenName: 'Ada', userName: 'ada.lovelace', emailAddress: 'ada@example.com' });
      expect(read(ada.front, { x: 5, y: 36, width: 60, height: 12 }, BarcodeFormat.CODE_128)).toBe('ada.lovelace');
      expect(read(ada.back, { x: 5, y: 5, width: 70, height: 30 }, BarcodeFormat.PDF_417)).toBe('ada@example.com');
      const grace = renderCardPng(BARCODES, { givenName: 'Grace', userName: 'grace.hopper', emailAddress: 'grace@example.com' });
      expect(read(grace.front, { x: 5, y: 36, width: 60, height: 12 }, BarcodeFormat.CODE_128)).toBe('grace.hopper');
      expect(read(grace.back, { x: 5, y: 5, width: 70, height: 30 }, BarcodeFormat.PDF_417)).toBe('grace@example.com');
    });

    it('should leave a white box, and no bars, for a user without the value', () => {
      const svg = cardSideSvg(BARCODES.front, { givenName: 'Ada' });
      expect(svg).toContain('<rect x="5" y="36" width="60" height="12" fill="#ffffff"/>');
      expect(svg).not.toContain('<svg x=');
      expect(cardSideSvg(BARCODES.front, { userName: 'ada' })).toContain('<svg x="6" y="37" width="58" height="10"');
    });

    it('should carry the same readable barcode in the printed PDF', async () => {
      const user = { givenName: 'Ada', userName: 'ada.lovelace', emailAddress: 'ada@example.com' };
      const png = renderCardPng(BARCODES, user);
      const pdf = await renderCardPdf(BARCODES, user, png);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-card-barcode-'));
      try {
        writeFileSync(path.join(dir, 'card.pdf'), pdf);
        execFileSync('pdfimages', ['-png', path.join(dir, 'card.pdf'), path.join(dir, 'side')]);
        const sides = readdirSync(dir).filter((f) => f.startsWith('side')).sort();
        expect(sides).toHaveLength(2);
        const front = readFileSync(path.join(dir, sides[0]!));
        expect(read(front, { x: 5, y: 36, width: 60, height: 12 }, BarcodeFormat.CODE_128)).toBe('ada.lovelace');
        expect(read(readFileSync(path.join(dir, sides[1]!)), { x: 5, y: 5, width: 70, height: 30 }, BarcodeFormat.PDF_417)).toBe('ada@example.com');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
