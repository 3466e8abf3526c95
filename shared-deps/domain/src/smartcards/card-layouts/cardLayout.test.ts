import { MESSAGES } from '../../index';
import { CR80_MM, cardValueOf, EMPTY_CARD_LAYOUT, isCardImageDataUrl, validateCardLayout, validateCardUserData } from './cardLayout';

const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const layout = (elements: unknown[], back: unknown = undefined) => ({ front: { background: { color: '#003366' }, elements }, ...(back === undefined ? {} : { back }) });

describe('validateCardLayout', () => {
  it('should apply the defaults: white back, black text, not bold', () => {
    const check = validateCardLayout(layout([{ type: 'text', source: { field: 'givenName' }, x: 5, y: 5, fontSize: 4 }]));
    expect(check).toEqual({
      ok: true,
      value: {
        front: { background: { color: '#003366', image: null }, elements: [{ type: 'text', source: { field: 'givenName' }, x: 5, y: 5, fontSize: 4, color: '#000000', bold: false }] },
        back: EMPTY_CARD_LAYOUT.back,
      },
    });
  });

  it('should accept a photo, a QR code of an extension, fixed text and a background image', () => {
    const check = validateCardLayout({
      front: { background: { color: '#FFFFFF', image: PNG_1PX }, elements: [{ type: 'photo', x: 60, y: 10, width: 20, height: 25 }, { type: 'text', source: { text: 'ACME' }, x: 2, y: 2, fontSize: 5, bold: true }] },
      back: { elements: [{ type: 'qr', source: { extension: 'employee_id' }, x: 60, y: 25, size: 25 }] },
    });
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.value.front.background).toEqual({ color: '#ffffff', image: PNG_1PX });
  });

  it('should refuse an element that leaves the CR80 card, naming it', () => {
    expect(validateCardLayout(layout([{ type: 'photo', x: 70, y: 10, width: 20, height: 20 }]))).toEqual({ ok: false, problem: { field: 'front.elements[0]', message: MESSAGES.CARD_LAYOUT_OFF_CARD } });
    expect(validateCardLayout(layout([{ type: 'text', source: { field: 'title' }, x: CR80_MM.width + 1, y: 0, fontSize: 3 }]))).toMatchObject({ ok: false, problem: { field: 'front.elements[0].x' } });
    expect(validateCardLayout(layout([{ type: 'text', source: { field: 'title' }, x: 1, y: 52, fontSize: 3 }]))).toMatchObject({ ok: false, problem: { field: 'front.elements[0]' } });
  });

  it('should refuse an unknown user field, a bad colour, a bad extension name and an unknown element type', () => {
    expect(validateCardLayout(layout([{ type: 'text', source: { field: 'password' }, x: 1, y: 1, fontSize: 3 }]))).toEqual({ ok: false, problem: { field: 'front.elements[0].source.field', message: MESSAGES.CARD_LAYOUT_FIELD_INVALID } });
    expect(validateCardLayout(layout([{ type: 'text', source: { text: 'x' }, x: 1, y: 1, fontSize: 3, color: 'red' }]))).toMatchObject({ ok: false, problem: { field: 'front.elements[0].color' } });
    expect(validateCardLayout(layout([], { elements: [{ type: 'qr', source: { extension: 'a b' }, x: 1, y: 1, size: 10 }] }))).toMatchObject({ ok: false, problem: { field: 'back.elements[0].source.extension' } });
    expect(validateCardLayout(layout([{ type: 'hologram', x: 1, y: 1 }]))).toMatchObject({ ok: false, problem: { field: 'front.elements[0].type', message: MESSAGES.CARD_LAYOUT_ELEMENT_TYPE } });
    expect(validateCardLayout({ front: { background: { color: '#ffffff', image: 'data:image/gif;base64,AAAA' }, elements: [] } })).toMatchObject({ ok: false, problem: { field: 'front.background.image' } });
  });

  it('should accept a Code 128 and a PDF417 barcode, and refuse an unknown symbology, a box too small or off the card, naming the field', () => {
    const code128 = { type: 'barcode', symbology: 'code128', source: { field: 'userName' }, x: 5, y: 40, width: 40, height: 8 };
    const pdf417 = { type: 'barcode', symbology: 'pdf417', source: { extension: 'badge' }, x: 50, y: 30, width: 30, height: 12 };
    expect(validateCardLayout(layout([code128], { elements: [pdf417] }))).toMatchObject({ ok: true, value: { front: { elements: [code128] }, back: { elements: [pdf417] } } });
    expect(validateCardLayout(layout([{ ...code128, symbology: 'ean13' }]))).toEqual({ ok: false, problem: { field: 'front.elements[0].symbology', message: MESSAGES.CARD_LAYOUT_BARCODE_SYMBOLOGY } });
    expect(validateCardLayout(layout([{ ...code128, width: 9 }]))).toEqual({ ok: false, problem: { field: 'front.elements[0].width', message: MESSAGES.CARD_LAYOUT_BARCODE_SIZE } });
    expect(validateCardLayout(layout([{ ...code128, height: 2 }]))).toEqual({ ok: false, problem: { field: 'front.elements[0].height', message: MESSAGES.CARD_LAYOUT_BARCODE_SIZE } });
    expect(validateCardLayout(layout([{ ...code128, x: 50 }]))).toEqual({ ok: false, problem: { field: 'front.elements[0]', message: MESSAGES.CARD_LAYOUT_OFF_CARD } });
    expect(validateCardLayout(layout([{ ...code128, source: { field: 'password' } }]))).toMatchObject({ ok: false, problem: { field: 'front.elements[0].source.field' } });
  });

  it('should refuse more than 30 elements on a side and a font size outside 1 to 20 mm', () => {
    const many = Array.from({ length: 31 }, () => ({ type: 'text', source: { text: 'x' }, x: 1, y: 1, fontSize: 3 }));
    expect(validateCardLayout(layout(many))).toMatchObject({ ok: false, problem: { field: 'front.elements' } });
    expect(validateCardLayout(layout([{ type: 'text', source: { text: 'x' }, x: 1, y: 1, fontSize: 25 }]))).toMatchObject({ ok: false, problem: { field: 'front.elements[0].fontSize' } });
  });
});

describe('validateCardUserData', () => {
  it('should keep the known fields and the extensions and refuse a non-text value, naming it', () => {
    expect(validateCardUserData({ givenName: 'Ada', familyName: 'Lovelace', extensions: { badge: '42' }, photo: 'ignored' })).toEqual({ ok: true, value: { givenName: 'Ada', familyName: 'Lovelace', extensions: { badge: '42' } } });
    expect(validateCardUserData({ givenName: 7 })).toMatchObject({ ok: false, problem: { field: 'userData.givenName' } });
    expect(validateCardUserData({ extensions: { 'a b': 'x' } })).toMatchObject({ ok: false, problem: { field: 'userData.extensions.a b' } });
  });
});

describe('cardValueOf and isCardImageDataUrl', () => {
  it('should read a field, an extension or fixed text, and measure a data URL', () => {
    const user = { givenName: 'Ada', extensions: { badge: '42' } };
    expect(cardValueOf({ field: 'givenName' }, user)).toBe('Ada');
    expect(cardValueOf({ field: 'title' }, user)).toBe('');
    expect(cardValueOf({ extension: 'badge' }, user)).toBe('42');
    expect(cardValueOf({ text: 'Visitor' }, user)).toBe('Visitor');
    expect(isCardImageDataUrl(PNG_1PX)).toBe(true);
    expect(isCardImageDataUrl(PNG_1PX, 10)).toBe(false);
  });
});
