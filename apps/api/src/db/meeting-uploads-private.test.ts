/**
 * Migration 0049: a meeting's files uploaded before they were stored private (the column's
 * default, public) become private, so their links are served `private, no-store` like the ones
 * uploaded since; other public uploads stay public. An old meeting file (public, as at 0048) is
 * given 0049's statements as the migrator reads them from the journal; the deploy's migrations
 * applied it too.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#src/db/schema/index.ts';
import { findRequest, openMeeting } from '#src/modules/bookings/index.ts';
import { book, dateWithSeats, signUp, uniqueEmail } from '#src/modules/bookings/testing-scratch.ts';
import { pdfFile, uploadCaller } from '#src/modules/uploads/testing.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';

let scratch: ScratchApp;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'gallop-0049-'));
  scratch = await buildScratchApp('meeting_uploads_private', {
    UPLOADS_DIR: uploadsDir,
    PUBLIC_WRITE_LIMIT: '1000',
    PUBLIC_URL: 'http://web.test',
  });
}, 120_000);
afterAll(async () => {
  await scratch?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Migration 0049 as the migrator runs it (its statements), and the hash it records. */
function migration0049() {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { idx: number; when: number }[] };
  const when = journal.entries.find((entry) => entry.idx === 49)!.when;
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).find(
    (migration) => migration.folderMillis === when,
  )!;
}

const upload = uploadCaller(() => scratch.app);
const db = () => scratch.scratch.handle.db;

/** The `Cache-Control` a file's link is served with. */
async function cacheOf(url: string) {
  const response = await scratch.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.headers['cache-control'];
}

describe('migration 0049', () => {
  it('makes the meeting files uploaded before it private, and no other upload', async () => {
    const owner = await signUp(scratch.app);
    const made = await book(scratch.app, await dateWithSeats(db(), 10, new Set()), {
      token: owner.token,
      email: uniqueEmail('meet-files'),
    });
    expect(made.status).toBe(201);
    const key = `old-meeting-files-${made.body.id as number}`;
    await openMeeting(
      db(),
      (await findRequest(db(), made.body.id as number))!,
      'http://web.test',
      key,
    );
    const saved = await upload(
      'saveContractOrganizerMeetFile',
      `/spa/contract-organizer-meet-file-save?key=${encodeURIComponent(key)}`,
      { file: pdfFile('voucher.pdf') },
    );
    expect(saved.status).toBe(200);
    const ordinary = await upload('uploadFile', '/crm/api/file/upload', {
      file: pdfFile('price-list.pdf'),
      token: owner.token,
    });
    expect(ordinary.status).toBe(200);
    const fileIds = [saved.body.id as number, ordinary.body.id as number];

    // The database as it was at 0048: the voucher stored public, like every meeting file then.
    await db().update(uploads).set({ isPublic: true }).where(eq(uploads.id, fileIds[0]!));
    expect(await cacheOf(saved.body.url as string)).toMatch(/^public/);
    const migration = migration0049();
    // The deploy's migrations applied it (the scratch database was migrated at its creation).
    const applied = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations WHERE hash = ${migration.hash}`,
    );
    expect(applied.rows[0]!.n).toBe(1);

    for (const statement of migration.sql) await db().execute(sql.raw(statement));

    const rows = await db()
      .select({ id: uploads.id, isPublic: uploads.isPublic })
      .from(uploads)
      .where(inArray(uploads.id, fileIds));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.isPublic]))).toEqual({
      [fileIds[0]!]: false,
      [fileIds[1]!]: true,
    });
    expect(await cacheOf(saved.body.url as string)).toBe('private, no-store');
    expect(await cacheOf(ordinary.body.url as string)).toMatch(/^public/);
  });
});
