import sharp from 'sharp';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { THUMBNAIL_SIZE_PX } from './photo-thumbnail';

const PHOTO = '/api2/IDM-v1/UserPhoto';

/** A real image of `width`×`height` in `format`. */
async function image(format: 'png' | 'jpeg' | 'gif', width = 400, height = 200): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })[format]().toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** A 24-bit BMP of 2×2 red pixels (sharp writes no BMP). */
function bmp(): string {
  const row = Buffer.from([0, 0, 255, 0, 0, 255, 0, 0]);
  const pixels = Buffer.concat([row, row]);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return `data:image/bmp;base64,${Buffer.concat([header, pixels]).toString('base64')}`;
}

async function dimensionsOf(dataUrl: string) {
  const meta = await sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64')).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('IDM-v1 user photos', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let userId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ userId } = await t.createUser(tenantId, 'photo-subject', ['selfServicePortal']));
  });
  afterAll(async () => t?.close());

  it('should store a PNG with a JPEG thumbnail of at most the thumbnail size, audited, and show hasPhoto', async () => {
    const res = await admin.put(PHOTO, { userId, image: await image('png') });
    expect(res.statusCode).toBe(200);
    expect(await dimensionsOf(res.json().thumbnail)).toEqual({ format: 'jpeg', width: THUMBNAIL_SIZE_PX, height: THUMBNAIL_SIZE_PX / 2 });
    const full = (await admin.get(`${PHOTO}?id=${userId}&full=true`)).json();
    expect(await dimensionsOf(full.image)).toEqual({ format: 'png', width: 400, height: 200 });
    expect((await admin.get(`/api2/IDM-v1/User?id=${userId}`)).json().hasPhoto).toBe(true);
    expect((await t.auditRows('user.photo')).at(-1)).toMatchObject({ target_id: userId, detail: { mimeType: 'image/png' } });
  });

  it.each([['jpeg'], ['gif']] as const)('should accept a %s image', async (format) => {
    const res = await admin.put(PHOTO, { userId, image: await image(format, 50, 80) });
    expect(res.statusCode).toBe(200);
    expect(await dimensionsOf(res.json().thumbnail)).toEqual({ format: 'jpeg', width: 50, height: 80 });
  });

  it('should accept a BMP (decoded by bmp-js, which sharp cannot read)', async () => {
    const res = await admin.put(PHOTO, { userId, image: bmp() });
    expect(res.statusCode).toBe(200);
    const { data } = await sharp(Buffer.from(res.json().thumbnail.split(',')[1], 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it.each([
    ['not an image', 'hello', 'Please upload an image.'],
    ['an unsupported type', 'data:image/tiff;base64,SUkqAA==', 'Image format not supported.'],
    ['a header that does not match', 'data:image/png;base64,/9j/4AAQSkZJRg==', 'Image file is corrupt.'],
    ['a PNG header over broken data', `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]).toString('base64')}`, 'Image file is corrupt.'],
  ])('should refuse %s with the admin-console §5 message and keep the stored photo', async (_name, imageValue, message) => {
    const before = (await admin.get(`${PHOTO}?id=${userId}`)).json().updatedAt;
    const res = await admin.put(PHOTO, { userId, image: imageValue });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', field: 'image', message });
    expect((await admin.get(`${PHOTO}?id=${userId}`)).json().updatedAt).toBe(before);
  });

  it('should refuse an image over 10 MB with the file-size message, and a body over the upload limit with 413', async () => {
    const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const eleven = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 16)]);
    const res = await admin.put(PHOTO, { userId, image: `data:image/jpeg;base64,${eleven.subarray(0, 10 * 1024 * 1024 + 3).toString('base64')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'image', message: 'The file is larger than 10 MB.' });
    const huge = await admin.put(PHOTO, { userId, image: `data:image/jpeg;base64,${Buffer.alloc(12 * 1024 * 1024).toString('base64')}` });
    expect(huge.statusCode).toBe(413);
  });

  it('should let a self-service user set their own photo but not another user’s, nor read others', async () => {
    const self = t.client();
    await self.login('photo-subject', TEST_PASSWORD);
    expect((await self.put(PHOTO, { userId, image: await image('png', 10, 10) })).statusCode).toBe(200);
    const { userId: otherId } = await t.createUser(tenantId, 'photo-other', []);
    expect((await self.put(PHOTO, { userId: otherId, image: await image('png', 10, 10) })).statusCode).toBe(403);
    expect((await self.get(`${PHOTO}?id=${otherId}`)).statusCode).toBe(403);
    expect((await self.get(`${PHOTO}?id=${userId}`)).statusCode).toBe(200);
  });

  it("should not reach another tenant's user", async () => {
    const other = await t.createTenant('Globex', ['globex.test']);
    const { userId: globexUser } = await t.createUser(other, 'globex-user', []);
    expect((await admin.put(PHOTO, { userId: globexUser, image: await image('png', 10, 10) })).statusCode).toBe(404);
    expect((await admin.get(`${PHOTO}?id=${globexUser}`)).statusCode).toBe(404);
  });

  it('should remove a photo, audited, and answer 404 after', async () => {
    const res = await admin.request('DELETE', `${PHOTO}?id=${userId}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`${PHOTO}?id=${userId}`)).statusCode).toBe(404);
    expect((await admin.get(`/api2/IDM-v1/User?id=${userId}`)).json().hasPhoto).toBe(false);
    expect((await t.auditRows('user.photo.delete')).at(-1)).toMatchObject({ target_id: userId });
  });

  it('should answer 503 Audit failed and store nothing when the audit cannot be written', async () => {
    await t.breakAudit();
    try {
      const res = await admin.put(PHOTO, { userId, image: await image('png', 10, 10) });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect((await admin.get(`${PHOTO}?id=${userId}`)).statusCode).toBe(404);
  });
});
