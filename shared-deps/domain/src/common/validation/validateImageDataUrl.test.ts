import { validateImageDataUrl } from './validateImageDataUrl';

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const GIF = [...Buffer.from('GIF89a'), 1, 0];
const BMP = [...Buffer.from('BM'), 0, 0];

describe('validateImageDataUrl', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/jpg', JPEG],
    ['image/gif', GIF],
    ['image/bmp', BMP],
  ])('should accept a %s data URL with a matching header', (type, bytes) => {
    expect(validateImageDataUrl(`data:${type};base64,${b64(bytes)}`)).toBeNull();
  });
  it("should ask for an image when the value is not a data image URL", () => {
    expect(validateImageDataUrl('')).toBe('Please upload an image.');
    expect(validateImageDataUrl('https://example.com/a.png')).toBe('Please upload an image.');
    expect(validateImageDataUrl(`data:text/plain;base64,${b64(PNG)}`)).toBe('Please upload an image.');
  });
  it('should reject an unsupported image type', () => {
    expect(validateImageDataUrl(`data:image/webp;base64,${b64(PNG)}`)).toBe('Image format not supported.');
    expect(validateImageDataUrl(`data:image/svg+xml;base64,${b64(PNG)}`)).toBe('Image format not supported.');
  });
  it('should reject data whose header does not match the declared type', () => {
    expect(validateImageDataUrl(`data:image/png;base64,${b64(JPEG)}`)).toBe('Image file is corrupt.');
  });
  it('should reject data that is not base64', () => {
    expect(validateImageDataUrl('data:image/png;base64,@@@@')).toBe('Image file is corrupt.');
    expect(validateImageDataUrl('data:image/png,rawdata')).toBe('Image file is corrupt.');
  });
});

describe('parseImageDataUrl', () => {
  it('should give the normalised type and the bytes of an accepted image', async () => {
    const { parseImageDataUrl } = await import('./validateImageDataUrl');
    const parsed = parseImageDataUrl('data:image/jpg;base64,/9j/4AAQ');
    expect(parsed?.type).toBe('jpeg');
    expect([...(parsed?.bytes ?? [])].slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
  });

  it('should give null for what validateImageDataUrl refuses', async () => {
    const { parseImageDataUrl } = await import('./validateImageDataUrl');
    expect(parseImageDataUrl('data:image/tiff;base64,AAAA')).toBeNull();
    expect(parseImageDataUrl('data:image/png;base64,/9j/4AAQ')).toBeNull();
  });
});
