import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { validateCardLayout, type CardLayout } from '@tessera/domain';
import { CARD_PIXELS, cardSideSvg, renderCardPdf, renderCardPng } from './card-layouts.render';

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
});
