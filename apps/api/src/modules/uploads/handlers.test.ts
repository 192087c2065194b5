import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, tourDates, uploads, users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { signUp as signUpTraveller } from '#src/testing/sign-up.ts';
import { UploadStore } from './storage.ts';
import { compoundFile, mp4File, pdfFile, pngFile, textAsPng, uploadCaller } from './testing.ts';

const UPLOAD_LIMIT = 4;
let testApp: TestApp;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'gallop-uploads-'));
  testApp = await buildTestApp({ UPLOADS_DIR: uploadsDir, UPLOAD_LIMIT: String(UPLOAD_LIMIT) });
});
afterAll(async () => {
  await testApp.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const call = contractCaller(() => testApp.app);
const upload = uploadCaller(() => testApp.app);
const store = () => new UploadStore(uploadsDir);

async function signUp() {
  const { token } = await signUpTraveller(testApp.app, {
    email: `uploader-${randomUUID()}@example.com`,
    firstName: 'Ines',
    lastName: 'Duarte',
  });
  return token;
}

/** A fresh address per anonymous test, so their limits do not add up. */
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

describe('uploading an image', () => {
  it('stores a picture under its hash and serves it resized, as WebP when accepted', async () => {
    const token = await signUp();
    const file = await pngFile('../../etc/passwd.png', 800, 600);
    const { status, body } = await upload('uploadImage', '/crm/api/image/upload', {
      file,
      token,
    });
    expect(status).toBe(200);
    expect(body.image.image).toMatch(/^\/uploads\/images\/[A-Za-z0-9_-]{24}\/\{\{size\}\}\.jpg$/);
    const [row] = await testApp.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({ kind: 'image', mime: 'image/png', width: 800, height: 600 });
    expect(row!.originalName).toBe('passwd.png');
    // On disk under its SHA-256, never under the client's name.
    expect((await stat(store().objectPath(row!.sha256))).size).toBe(file.bytes.length);

    const url = (body.image.image as string).replace('{{size}}', '250x300');
    const jpeg = await testApp.app.inject({ method: 'GET', url });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cache-control']).toContain('immutable');
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 250, 300]);

    const webp = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(webp.headers['content-type']).toBe('image/webp');
    const again = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(jpeg.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const badSize = await testApp.app.inject({
      method: 'GET',
      url: url.replace('250x300', '251x301'),
    });
    expect(badSize.statusCode).toBe(400);
  });

  it('answers 404, not 500, when a stored file is missing from the disk', async () => {
    const token = await signUp();
    const file = await pngFile('gone.png', 320, 200);
    const { body } = await upload('uploadImage', '/crm/api/image/upload', { file, token });
    const [row] = await testApp.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    await rm(store().objectPath(row!.sha256));
    const url = (body.image.image as string).replace('{{size}}', '150x95');
    const image = await testApp.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(404);
    expect(image.json()).toEqual({ message: 'File not found' });
    const download = await testApp.app.inject({
      method: 'GET',
      url: `/uploads/files/${row!.publicId}/gone.png`,
    });
    expect(download.statusCode).toBe(404);
  });

  it('refuses a text file named .png, and leaves nothing on disk', async () => {
    const token = await signUp();
    const before = await readdir(path.join(uploadsDir, 'tmp')).catch(() => []);
    const { status, body } = await upload('uploadImage', '/crm/api/image/upload', {
      file: textAsPng(),
      token,
    });
    expect(status).toBe(422);
    expect(body.message).toMatch(/must be an image/);
    expect(body.errors.file).toHaveLength(1);
    expect(await readdir(path.join(uploadsDir, 'tmp'))).toEqual(before);
  });

  it('refuses a PDF as an image', async () => {
    const token = await signUp();
    const { status } = await upload('uploadImage', '/crm/api/image/upload', {
      file: pdfFile(),
      token,
    });
    expect(status).toBe(422);
  });

  it('answers 413 past 10 MB', async () => {
    const token = await signUp();
    const big = await pngFile();
    const bytes = Buffer.concat([big.bytes, Buffer.alloc(10 * 1024 * 1024)]);
    const { status, body } = await upload('uploadImage', '/crm/api/image/upload', {
      file: { ...big, bytes },
      token,
    });
    expect(status).toBe(413);
    expect(body.message).toBe('The file is larger than 10 MB');
  });

  it('needs a signed-in user, a file, and only the contract fields', async () => {
    const file = await pngFile();
    expect((await upload('uploadImage', '/crm/api/image/upload', { file })).status).toBe(401);
    const token = await signUp();
    const empty = await upload('uploadImage', '/crm/api/image/upload', { token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file).toEqual(['Required field']);
    const unknown = await upload('uploadImage', '/crm/api/image/upload', {
      token,
      file,
      fields: { owner: 'someone-else' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.owner).toEqual(['is not allowed']);
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/crm/api/image/upload',
      headers: { 'x-authorization': `Bearer ${token}` },
      payload: { url: 'https://example.com/a.png' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses links to local addresses', async () => {
    const token = await signUp();
    const { status, body } = await upload('uploadImage', '/crm/api/image/upload', {
      token,
      fields: { url: 'http://127.0.0.1:4000/media/generated/horse/1/250x300.jpg' },
    });
    expect(status).toBe(422);
    expect(body.errors.url[0]).toMatch(/private or local/);
  });

  it('asks for the captcha after the hourly limit of one user', async () => {
    const token = await signUp();
    const file = await pngFile();
    for (let i = 0; i < UPLOAD_LIMIT; i += 1) {
      expect((await upload('uploadImage', '/crm/api/image/upload', { file, token })).status).toBe(
        200,
      );
    }
    const limited = await upload('uploadImage', '/crm/api/image/upload', { file, token });
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('captcha');
    // Another user is not affected.
    const other = await upload('uploadImage', '/crm/api/image/upload', {
      file,
      token: await signUp(),
    });
    expect(other.status).toBe(200);
  });
});

describe('uploading files and videos', () => {
  it('takes a PDF and serves it as a download with its own type', async () => {
    const token = await signUp();
    const file = pdfFile('Route map <day 1>.pdf');
    const { status, body } = await upload('uploadFile', '/crm/api/file/upload', {
      file,
      token,
      fields: { is_public: '0' },
    });
    expect(status).toBe(200);
    expect(body.name).toBe('Route map <day 1>.pdf');
    expect(body.url).toMatch(/^\/uploads\/files\/[A-Za-z0-9_-]{24}\/Route-map-day-1\.pdf$/);
    const served = await testApp.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(
      /^attachment; filename="Route-map-day-1\.pdf"/,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(file.bytes)).toBe(true);
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/uploads/files/AAAAAAAAAAAAAAAAAAAAAAAA/x.pdf',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('knows a legacy Word file by its bytes and its name together', async () => {
    const token = await signUp();
    const doc = await upload('uploadFile', '/crm/api/file/upload', {
      file: compoundFile('packing list.doc'),
      token,
    });
    expect(doc.status).toBe(200);
    const disguised = await upload('uploadFile', '/crm/api/file/upload', {
      file: compoundFile('installer.msi'),
      token,
    });
    expect(disguised.status).toBe(422);
  });

  it('takes a video and serves it inline with byte ranges', async () => {
    const token = await signUp();
    const file = mp4File();
    const { status, body } = await upload('uploadVideo', '/crm/api/file/upload-video', {
      file,
      token,
    });
    expect(status).toBe(200);
    expect(body.url).toMatch(/\/canter\.mp4$/);
    const part = await testApp.app.inject({
      method: 'GET',
      url: body.url,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-disposition']).toMatch(/^inline;/);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
  });

  it('refuses a picture as a video', async () => {
    const token = await signUp();
    const { status, body } = await upload('uploadVideo', '/crm/api/file/upload-video', {
      file: await pngFile(),
      token,
    });
    expect(status).toBe(422);
    expect(body.message).toMatch(/must be a video/);
  });
});

describe('the download name (pen test 2026-12-06, finding 1)', () => {
  /** `filename` and `filename*` of a served file's `Content-Disposition`. */
  function downloadNames(disposition: string | undefined) {
    const plain = /filename="([^"]*)"/.exec(disposition ?? '')?.[1];
    const extended = /filename\*=UTF-8''([^;]*)/.exec(disposition ?? '')?.[1];
    return { plain, extended: extended === undefined ? undefined : decodeURIComponent(extended) };
  }

  async function served(id: number, urlName: string) {
    const [row] = await testApp.database.db
      .select({ publicId: uploads.publicId })
      .from(uploads)
      .where(eq(uploads.id, id));
    return testApp.app.inject({ method: 'GET', url: `/uploads/files/${row!.publicId}/${urlName}` });
  }

  it('names an anonymous review picture uploaded as .html by its sniffed type, in both names', async () => {
    const { status, body } = await upload('uploadReviewImage', '/spa/upload-review-image', {
      file: { ...(await pngFile()), name: 'Booking-confirmation.html', type: 'text/html' },
      remoteAddress: address(),
    });
    expect(status).toBe(200);
    const answer = await served(body.id as number, 'photo.png');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(downloadNames(answer.headers['content-disposition'] as string)).toEqual({
      plain: 'Booking-confirmation.png',
      extended: 'Booking-confirmation.png',
    });
  });

  it('names a file upload by its sniffed type, whatever name and type it came with', async () => {
    const { status, body } = await upload('uploadFile', '/crm/api/file/upload', {
      file: { ...pdfFile(), name: 'Invoice «May».html', type: 'text/html' },
      token: await signUp(),
      fields: { is_public: '0' },
    });
    expect(status).toBe(200);
    const answer = await served(body.id as number, 'x.html');
    expect(answer.headers['content-type']).toBe('application/pdf');
    const names = downloadNames(answer.headers['content-disposition'] as string);
    expect(names.extended).toBe(names.plain);
    expect(names.plain).toMatch(/^Invoice-May\.pdf$/);
  });
});

describe('review photos', () => {
  it('uploads without an account and deletes only with the token', async () => {
    const remoteAddress = address();
    const { status, body } = await upload('uploadReviewImage', '/spa/upload-review-image', {
      file: await pngFile('trail.png'),
      remoteAddress,
    });
    expect(status).toBe(200);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await call('deleteImage', 'POST', `/spa/delete-image?token=not-the-token`, {
      payload: { id: body.id },
    });
    expect(wrong.status).toBe(403);
    const stranger = await call('deleteImage', 'POST', `/spa/delete-image?token=x`, {
      payload: { id: body.id },
      token: await signUp(),
    });
    expect(stranger.status).toBe(403);
    const deleted = await call('deleteImage', 'POST', `/spa/delete-image?token=${body.token}`, {
      payload: { id: body.id },
    });
    expect(deleted).toEqual({ status: 200, body: { result: true } });
    const served = await testApp.app.inject({
      method: 'GET',
      url: (body.image.image as string).replace('{{size}}', '250x300'),
    });
    expect(served.statusCode).toBe(404);
    const gone = await call('deleteImage', 'POST', `/spa/delete-image?token=${body.token}`, {
      payload: { id: body.id },
    });
    expect(gone.status).toBe(404);
  });

  it('lets the signed-in uploader delete their own image', async () => {
    const token = await signUp();
    const { body } = await upload('uploadImage', '/crm/api/image/upload', {
      file: await pngFile('own.png', 320, 240),
      token,
    });
    const deleted = await call('deleteImage', 'POST', `/spa/delete-image?token=unused`, {
      payload: { id: body.id },
      token,
    });
    expect(deleted.status).toBe(200);
  });

  it('keeps shared bytes until the last upload of them is deleted', async () => {
    // Bytes no other file uploads: another row holding them would keep them on disk.
    const channel = () => randomInt(256);
    const file = await pngFile('same.png', 300, 200, { r: channel(), g: channel(), b: channel() });
    const first = await upload('uploadReviewImage', '/spa/upload-review-image', {
      file,
      remoteAddress: address(),
    });
    const second = await upload('uploadReviewImage', '/spa/upload-review-image', {
      file,
      remoteAddress: address(),
    });
    const [row] = await testApp.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, first.body.id));
    const object = store().objectPath(row!.sha256);
    await call('deleteImage', 'POST', `/spa/delete-image?token=${first.body.token}`, {
      payload: { id: first.body.id },
    });
    expect((await stat(object)).isFile()).toBe(true);
    await call('deleteImage', 'POST', `/spa/delete-image?token=${second.body.token}`, {
      payload: { id: second.body.id },
    });
    await expect(stat(object)).rejects.toThrow();
  });
});

/** A prepaid booking whose tour has ended, so it can be reviewed by its link. */
async function reviewableBooking() {
  const db = testApp.database.db;
  const [date] = await db
    .select()
    .from(tourDates)
    .where(lt(tourDates.endDate, sql`current_date`))
    .orderBy(sql`random()`)
    .limit(1);
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Ines',
      lastName: 'Duarte',
      email: `reviewer-${randomUUID()}@example.com`,
    })
    .returning();
  const [row] = await db
    .insert(bookingRequests)
    .values({
      userId: user!.id,
      tourId: date!.tourId,
      tourDateId: date!.id,
      status: 3,
      currency: date!.currency,
      price: date!.price,
      paid: date!.price,
      seats: 1,
      contactName: 'Ines Duarte',
      contactEmail: user!.email!,
      contactPhone: '+351910000000',
    })
    .returning();
  return row!;
}

describe('photos on a review', () => {
  it('attaches the photos uploaded from the same address, which then stay', async () => {
    const booking = await reviewableBooking();
    const remoteAddress = address();
    const mine = await upload('uploadReviewImage', '/spa/upload-review-image', {
      file: await pngFile('ridge.png', 500, 400),
      remoteAddress,
    });
    const someoneElses = await upload('uploadReviewImage', '/spa/upload-review-image', {
      file: await pngFile('other.png', 300, 300),
      remoteAddress: '203.0.113.9',
    });
    const submit = async (imageIds: number[]) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/crm/api/review/submit',
        remoteAddress,
        payload: { uuid: booking.uuid, rating: 5, text: 'Wonderful horses.', image_ids: imageIds },
      });
      return {
        status: response.statusCode,
        body: expectContractResponse(response, 'submitReview') as Json,
      };
    };
    const refused = await submit([mine.body.id, someoneElses.body.id]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.image_ids).toHaveLength(1);

    const accepted = await submit([mine.body.id]);
    expect(accepted.status).toBe(200);
    expect(accepted.body.images).toEqual([
      { image: mine.body.image.image, alt: 'Photo by Ines D.' },
    ]);
    const locked = await call('deleteImage', 'POST', `/spa/delete-image?token=${mine.body.token}`, {
      payload: { id: mine.body.id },
    });
    expect(locked.status).toBe(403);
  });
});

describe('the profile photo', () => {
  it('sets an own uploaded picture as the avatar, and refuses someone else’s', async () => {
    const token = await signUp();
    const { body: image } = await upload('uploadImage', '/crm/api/image/upload', {
      file: await pngFile('me.png', 400, 400),
      token,
    });
    const updated = await call('updateProfilePhoto', 'POST', '/crm/api/user/update-profile-photo', {
      token,
      payload: { avatar_id: image.id },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.avatar).toEqual({ id: image.id, image: image.image.image });
    const profile = await call('getProfile', 'GET', '/crm/api/user/profile', { token });
    expect(profile.body.avatar?.id).toBe(image.id);

    const other = await call('updateProfilePhoto', 'POST', '/crm/api/user/update-profile-photo', {
      token: await signUp(),
      payload: { avatar_id: image.id },
    });
    expect(other.status).toBe(404);
  });
});
