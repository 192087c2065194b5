import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { chatMessages, chats, reviews, uploads, users } from '#src/db/schema/index.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { newPublicId } from './records.ts';
import {
  ABANDONED_REVIEW_PHOTO_MS,
  PROGRAM_PDF_KEEP_MS,
  purgeUnusedUploads,
  STALE_TEMP_FILE_MS,
  UNSHOWN_CHAT_FILE_MS,
} from './purge.ts';
import { UploadStore } from './storage.ts';

let database: DatabaseHandle;
let store: UploadStore;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new UploadStore(await mkdtemp(path.join(tmpdir(), 'gallop-purge-')));
});
afterAll(async () => {
  await database.close();
  await rm(store.root, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Bytes on disk under their hash, as an upload leaves them. */
async function storedBytes(): Promise<string> {
  const bytes = randomBytes(64);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await mkdir(path.dirname(store.objectPath(sha256)), { recursive: true });
  await writeFile(store.objectPath(sha256), bytes);
  return sha256;
}

/** An upload row made `ageMs` ago. */
async function upload(
  purpose: string,
  ageMs: number,
  { sha256, reviewId }: { sha256?: string; reviewId?: number } = {},
) {
  const [row] = await database.db
    .insert(uploads)
    .values({
      publicId: newPublicId(),
      kind: purpose === 'review' ? 'image' : 'file',
      purpose,
      reviewId: reviewId ?? null,
      originalName: purpose === 'review' ? 'trail.jpg' : 'programme.pdf',
      mime: purpose === 'review' ? 'image/jpeg' : 'application/pdf',
      extension: purpose === 'review' ? 'jpg' : 'pdf',
      size: 64,
      sha256: sha256 ?? (await storedBytes()),
      createdAt: new Date(Date.now() - ageMs),
    })
    .returning();
  return row!;
}

const remaining = async (ids: number[]) =>
  (await database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))).map(
    (row) => row.id,
  );

describe('purgeUnusedUploads', () => {
  it('removes abandoned review photos and old programme PDFs, and keeps everything in use', async () => {
    const [review] = await database.db.select({ id: reviews.id }).from(reviews).limit(1);
    expect(review, 'the seed has reviews').toBeDefined();
    const [user] = await database.db
      .insert(users)
      .values({
        firstName: 'Ines',
        lastName: 'Duarte',
        email: `purge-${newPublicId()}@example.com`,
      })
      .returning();

    const abandoned = await upload('review', ABANDONED_REVIEW_PHOTO_MS + HOUR);
    const fresh = await upload('review', HOUR);
    const attached = await upload('review', ABANDONED_REVIEW_PHOTO_MS + HOUR, {
      reviewId: review!.id,
    });
    const avatar = await upload('review', ABANDONED_REVIEW_PHOTO_MS + HOUR);
    await database.db.update(users).set({ avatarId: avatar.id }).where(eq(users.id, user!.id));
    const oldPdf = await upload('tour-program:1', PROGRAM_PDF_KEEP_MS + HOUR);
    const oldIndividualPdf = await upload('tour-program-individual:1', PROGRAM_PDF_KEEP_MS + HOUR);
    const recentPdf = await upload('tour-program:1', 2 * 24 * HOUR);
    // An old picture of another purpose is never the purge's business.
    const otherPurpose = await upload('image', PROGRAM_PDF_KEEP_MS + HOUR);
    // Two rows, one set of bytes: the bytes stay while the kept row needs them.
    const sharedOld = await upload('review', ABANDONED_REVIEW_PHOTO_MS + HOUR);
    const sharedFresh = await upload('review', HOUR, { sha256: sharedOld.sha256 });

    const result = await purgeUnusedUploads(database.db, store);

    expect(result.reviewPhotos).toBeGreaterThanOrEqual(2);
    expect(result.programPdfs).toBeGreaterThanOrEqual(2);
    const all = [
      abandoned,
      fresh,
      attached,
      avatar,
      oldPdf,
      oldIndividualPdf,
      recentPdf,
      otherPurpose,
      sharedOld,
      sharedFresh,
    ];
    expect((await remaining(all.map((row) => row.id))).sort((a, b) => a - b)).toEqual(
      [fresh, attached, avatar, recentPdf, otherPurpose, sharedFresh]
        .map((row) => row.id)
        .sort((a, b) => a - b),
    );
    expect(await exists(store.objectPath(abandoned.sha256))).toBe(false);
    expect(await exists(store.objectPath(oldPdf.sha256))).toBe(false);
    expect(await exists(store.objectPath(avatar.sha256))).toBe(true);
    expect(await exists(store.objectPath(sharedOld.sha256))).toBe(true);

    await database.db.update(users).set({ avatarId: null }).where(eq(users.id, user!.id));
    await database.db.delete(uploads).where(
      inArray(
        uploads.id,
        all.map((row) => row.id),
      ),
    );
  });

  it('removes chat files no message shows any more, and keeps those still shown', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        firstName: 'Ines',
        lastName: 'Duarte',
        email: `purge-${newPublicId()}@example.com`,
      })
      .returning();
    const [chat] = await database.db
      .insert(chats)
      .values({ kind: 'support', clientId: user!.id, title: 'Gallop support' })
      .returning();
    const message = (fileId: number, state: { isModerated?: boolean } = {}) =>
      database.db
        .insert(chatMessages)
        .values({ chatId: chat!.id, side: 'client', senderId: user!.id, fileId, ...state });

    const old = UNSHOWN_CHAT_FILE_MS + HOUR;
    // A copy whose message is gone (or that a process made and never pointed a message to).
    const orphanCopy = await upload('chat:1', old);
    const legacyCopy = await upload('chat', old);
    // A copy just made: its message is about to point to it.
    const freshCopy = await upload('chat:1', 0);
    const shownCopy = await upload('chat:1', old);
    await message(shownCopy.id);
    // A file support hid before hiding took files away; and one another message still shows.
    const hiddenFile = await upload('file', 0);
    await message(hiddenFile.id, { isModerated: true });
    const hiddenAndShown = await upload('file', 0);
    await message(hiddenAndShown.id, { isModerated: true });
    await message(hiddenAndShown.id);

    const result = await purgeUnusedUploads(database.db, store);

    expect(result.chatFiles).toBeGreaterThanOrEqual(3);
    const all = [orphanCopy, legacyCopy, freshCopy, shownCopy, hiddenFile, hiddenAndShown];
    expect((await remaining(all.map((row) => row.id))).sort((a, b) => a - b)).toEqual(
      [freshCopy, shownCopy, hiddenAndShown].map((row) => row.id).sort((a, b) => a - b),
    );
    expect(await exists(store.objectPath(orphanCopy.sha256))).toBe(false);
    expect(await exists(store.objectPath(hiddenFile.sha256))).toBe(false);
    expect(await exists(store.objectPath(shownCopy.sha256))).toBe(true);

    await database.db.delete(chats).where(eq(chats.id, chat!.id));
    await database.db.delete(uploads).where(
      inArray(
        uploads.id,
        all.map((row) => row.id),
      ),
    );
  });

  it('takes at most `limit` rows a round, oldest ids first', async () => {
    const first = await upload('review', ABANDONED_REVIEW_PHOTO_MS + HOUR);
    const second = await upload('review', ABANDONED_REVIEW_PHOTO_MS + HOUR);
    const result = await purgeUnusedUploads(database.db, store, { limit: 1 });
    expect(result.reviewPhotos + result.programPdfs + result.chatFiles).toBe(1);
    expect(await remaining([first.id, second.id])).toEqual([second.id]);
    await purgeUnusedUploads(database.db, store);
    expect(await remaining([second.id])).toEqual([]);
  });

  it('removes half-received files older than an hour from tmp/, and only those', async () => {
    const tmpDir = path.join(store.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const stale = path.join(tmpDir, 'stale');
    const receiving = path.join(tmpDir, 'receiving');
    await writeFile(stale, 'partial');
    await writeFile(receiving, 'partial');
    const old = new Date(Date.now() - STALE_TEMP_FILE_MS - HOUR);
    await utimes(stale, old, old);

    const result = await purgeUnusedUploads(database.db, store);

    expect(result.tempFiles).toBe(1);
    expect(await exists(stale)).toBe(false);
    expect(await exists(receiving)).toBe(true);
  });
});
