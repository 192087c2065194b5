/**
 * Booking creation survives a crash (decision 089): the API runs as a child process on a scratch
 * PostgreSQL database, a round of concurrent guest bookings is sent over HTTP and the process is
 * killed with SIGKILL while they are in flight. After a restart every request that got no answer
 * is retried with its Idempotency-Key: no acknowledged booking may be lost, no booking made
 * twice, no seat lost or sold twice, and a request committed before the crash gets its booking.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, idempotencyKeys, tourDates, tours } from '#src/db/schema/index.ts';
import { LANDING_VIDEOS } from '#src/modules/media/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { expectContractResponse, fromFetch, type CheckedResponse } from '#src/testing/contract.ts';
import { openScratchDatabase, type ScratchDatabase } from '#src/testing/scratch-database.ts';

const appRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Seats of each round's date, and the one-seat requests sent at it: the last ones are refused. */
const CAPACITY = 40;
const REQUESTS = 60;
/**
 * When each round's API is killed: once 5 bookings have been answered 201 (the rest mostly in
 * flight), once half the seats are booked in the database, and once the date is sold out there
 * (answers are built after the commit, so most bookings then are committed but not yet answered).
 */
type KillWhen = { acknowledged: number } | { committed: number };
const ROUNDS: { label: string; when: KillWhen }[] = [
  { label: 'after 5 bookings are answered', when: { acknowledged: 5 } },
  { label: `once ${CAPACITY / 2} bookings are committed`, when: { committed: CAPACITY / 2 } },
  { label: `once all ${CAPACITY} seats are committed`, when: { committed: CAPACITY } },
];
/** If the mark is never reached (a hung API), the kill comes anyway. */
const KILL_DEADLINE_MS = 10_000;

const ACTIVE = [1, 2, 3];

interface ChildApi {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
  output: () => string;
}

const running = new Set<ChildApi>();
let scratch: ScratchDatabase | undefined;
let mediaDir: string | undefined;
let api: ChildApi | undefined;
let dates: { id: number; tourId: number }[] = [];
let failedInFlight = 0;

/** Where a child process may keep media: the landing videos already "rendered" (no ffmpeg). */
async function prepareMediaDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'gallop-crash-'));
  await mkdir(path.join(directory, 'videos'), { recursive: true });
  for (const video of LANDING_VIDEOS) {
    for (const url of [video.smallUrl, video.largeUrl]) {
      await writeFile(path.join(directory, 'videos', path.posix.basename(url)), 'placeholder');
    }
  }
  return directory;
}

/** `src/main.ts` through tsx, one process on the scratch database; resolves once `/ready` is 200. */
async function startApi(databaseUrl: string, media: string): Promise<ChildApi> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: appRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      API_WORKERS: '1',
      LOG_LEVEL: 'warn',
      OUTBOX_TRANSPORT: 'off',
      PUBLIC_WRITE_LIMIT: '100000',
      SEARCH_INDEX: 'off',
      MEDIA_CACHE_DIR: media,
      UPLOADS_DIR: path.join(media, 'uploads'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const started: ChildApi = { child, url: '', exited, output: () => output };
  running.add(started);
  void exited.then(() => running.delete(started));
  started.url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /Gallop API listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the API exited before listening:\n${output}`)));
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${started.url}/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return started;
    if (Date.now() > deadline) throw new Error(`the API never became ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function killApi(target: ChildApi): Promise<void> {
  if (target.child.exitCode === null && target.child.signalCode === null) {
    process.kill(target.child.pid!, 'SIGKILL');
  }
  await target.exited;
}

interface Attempt {
  key: string;
  email: string;
  body: object;
}

function attemptsFor(round: number, date: { id: number; tourId: number }): Attempt[] {
  return Array.from({ length: REQUESTS }, (_, n) => {
    const email = `crash-${round}-${n}-${randomUUID().slice(0, 8)}@example.com`;
    return {
      key: randomUUID(),
      email,
      body: {
        tour_id: date.tourId,
        tour_date_id: date.id,
        tourists: [{ first_name: 'Crash', last_name: `Rider${n}` }],
        contact: {
          name: `Crash Rider${n}`,
          email,
          phone: `+1415555${String(1_000 + round * 100 + n)}`,
        },
      },
    };
  });
}

async function send(url: string, attempt: Attempt): Promise<CheckedResponse> {
  const response = await fetch(`${url}/crm/api/request/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': attempt.key },
    body: JSON.stringify(attempt.body),
    signal: AbortSignal.timeout(30_000),
  });
  return fromFetch(response);
}

/** Sends again until an answer (any status) arrives; socket errors while the API starts wait. */
async function retry(url: string, attempt: Attempt): Promise<CheckedResponse> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await send(url, attempt);
    } catch (error) {
      if (tries >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const bookingIdOf = (answer: CheckedResponse) => (JSON.parse(answer.body) as { id: number }).id;

/** The booking id recorded for each key of the scratch database's booking creations. */
async function committedKeys(): Promise<Map<string, number | null>> {
  const rows = await scratch!.handle.db
    .select({ key: idempotencyKeys.key, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, 'createBookingRequest'));
  return new Map(rows.map((row) => [row.key, row.resourceId]));
}

describe.runIf(testDatabaseKind() === 'postgres')(
  'booking creation across a crash (SIGKILL)',
  () => {
    beforeAll(async () => {
      scratch = await openScratchDatabase('crash');
      mediaDir = await prepareMediaDir();
      const db = scratch.handle.db;
      // Dates nobody has booked, so every booking on them is one of this test's.
      dates = await db
        .select({ id: tourDates.id, tourId: tourDates.tourId })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tourId))
        .where(
          and(
            gt(tourDates.startDate, sql`current_date + 60`),
            eq(tourDates.isBusy, false),
            isNull(tourDates.variantName),
            eq(tours.isPublished, true),
            eq(tours.minAge, 0),
            notExists(
              db
                .select({ id: bookingRequests.id })
                .from(bookingRequests)
                .where(eq(bookingRequests.tourDateId, tourDates.id)),
            ),
          ),
        )
        .orderBy(tourDates.id)
        .limit(ROUNDS.length);
      expect(dates).toHaveLength(ROUNDS.length);
      for (const date of dates) {
        await db
          .update(tourDates)
          .set({ numberOfSeats: CAPACITY, numberOfFreeSeats: CAPACITY })
          .where(eq(tourDates.id, date.id));
      }
      api = await startApi(scratch.url!, mediaDir);
    }, 180_000);

    afterAll(async () => {
      try {
        await Promise.all([...running].map((child) => killApi(child)));
      } finally {
        try {
          await scratch?.drop();
        } finally {
          if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
        }
      }
    }, 60_000);

    it.each(ROUNDS.map((round, index) => ({ ...round, round: index + 1 })))(
      'round $round: SIGKILL $label, then retries with the same keys',
      async ({ round, label, when }) => {
        const date = dates[round - 1]!;
        const attempts = attemptsFor(round, date);
        const before = api!;

        // The round, and the kill when its mark is reached.
        const started = Date.now();
        let killedAtMs = -1;
        let answered = 0;
        let acknowledgedSoFar = 0;
        let answeredAtKill = -1;
        let killed = false;
        const kill = () => {
          if (!killed && before.child.exitCode === null && before.child.signalCode === null) {
            killed = true;
            killedAtMs = Date.now() - started;
            answeredAtKill = answered;
            process.kill(before.child.pid!, 'SIGKILL');
          }
        };
        const deadline = setTimeout(kill, KILL_DEADLINE_MS);
        const sending = Promise.all(
          attempts.map(async (attempt) => {
            try {
              const answer = await send(before.url, attempt);
              answered += 1;
              if (answer.statusCode === 201) acknowledgedSoFar += 1;
              if ('acknowledged' in when && acknowledgedSoFar === when.acknowledged) kill();
              return answer;
            } catch {
              return undefined;
            }
          }),
        );
        if ('committed' in when) {
          // Watches the database the API writes to, a few milliseconds apart.
          const db = scratch!.handle.db;
          while (!killed && before.child.exitCode === null) {
            const [row] = await db
              .select({ count: sql<number>`count(*)`.mapWith(Number) })
              .from(bookingRequests)
              .where(eq(bookingRequests.tourDateId, date.id));
            if (row!.count >= when.committed) kill();
            else await new Promise((resolve) => setTimeout(resolve, 2));
          }
        }
        const firstTry = await sending;
        clearTimeout(deadline);
        kill();
        await before.exited;

        const acknowledged = attempts.filter((_, n) => firstTry[n] && firstTry[n].statusCode < 300);
        const refused = attempts.filter(
          (_, n) => firstTry[n] && firstTry[n].statusCode >= 400 && firstTry[n].statusCode < 500,
        );
        const serverErrors = attempts.filter(
          (_, n) => firstTry[n] && firstTry[n].statusCode >= 500,
        );
        const failed = attempts.filter((_, n) => !firstTry[n]);
        failedInFlight += failed.length;

        // What the crash left: the failed requests whose transaction had committed.
        const atCrash = await committedKeys();
        const committedBeforeCrash = new Map(
          failed
            .filter((attempt) => atCrash.get(attempt.key) != null)
            .map((attempt) => [attempt.key, atCrash.get(attempt.key)!]),
        );

        // A fresh process on the same database; every unanswered request is sent again.
        api = await startApi(scratch!.url!, mediaDir!);
        const retried = await Promise.all(failed.map((attempt) => retry(api!.url, attempt)));
        // Replays of what was acknowledged answer the same booking and create nothing.
        const replayed = await Promise.all(acknowledged.map((attempt) => send(api!.url, attempt)));

        const db = scratch!.handle.db;
        const bookings = await db
          .select({
            id: bookingRequests.id,
            email: bookingRequests.contactEmail,
            seats: bookingRequests.seats,
            status: bookingRequests.status,
          })
          .from(bookingRequests)
          .where(eq(bookingRequests.tourDateId, date.id));
        const [seatRow] = await db
          .select({ seats: tourDates.numberOfSeats, free: tourDates.numberOfFreeSeats })
          .from(tourDates)
          .where(eq(tourDates.id, date.id));
        const afterRetry = await committedKeys();
        const active = bookings.filter((booking) => ACTIVE.includes(booking.status));
        const byId = new Map(bookings.map((booking) => [booking.id, booking]));
        const retriedBooked = retried.filter((answer) => answer.statusCode === 201);
        const retriedNoSeats = retried.filter((answer) => answer.statusCode === 422);

        console.info(
          `crash round ${round}: ${REQUESTS} one-seat requests on ${CAPACITY} seats, SIGKILL ` +
            `${label} (${killedAtMs} ms in, ${answeredAtKill} answered by then): ` +
            `acknowledged ${acknowledged.length}, refused ` +
            `${refused.length}, 5xx ${serverErrors.length}, failed then retried ${failed.length} ` +
            `(committed before the crash ${committedBeforeCrash.size}; retries answered ` +
            `${retriedBooked.length} x 201, ${retriedNoSeats.length} x 422, ` +
            `${retried.length - retriedBooked.length - retriedNoSeats.length} other); active ` +
            `bookings ${active.length}, free seats ${seatRow!.free} of ${seatRow!.seats}`,
        );

        expect(seatRow!.seats).toBe(CAPACITY);
        expect(serverErrors.map((attempt) => firstTry[attempts.indexOf(attempt)]!.body)).toEqual(
          [],
        );
        expect(refused.map((attempt) => firstTry[attempts.indexOf(attempt)]!.statusCode)).toEqual(
          refused.map(() => 422),
        );
        for (const answer of firstTry) {
          if (answer) expectContractResponse(answer, 'createBookingRequest');
        }

        // Every booking acknowledged before the crash is in the database, active, as sent.
        for (const attempt of acknowledged) {
          const id = bookingIdOf(firstTry[attempts.indexOf(attempt)]!);
          expect(byId.get(id), `acknowledged booking ${id}`).toMatchObject({
            email: attempt.email,
            seats: 1,
          });
          expect(ACTIVE).toContain(byId.get(id)!.status);
          expect(afterRetry.get(attempt.key)).toBe(id);
        }
        for (const [n, attempt] of acknowledged.entries()) {
          const first = firstTry[attempts.indexOf(attempt)]!;
          expect(replayed[n]!.statusCode).toBe(201);
          expect(JSON.parse(replayed[n]!.body)).toEqual(JSON.parse(first.body));
        }

        // Every retry is answered 201 or 422, never 5xx; a booked one is the key's booking.
        expect(
          retried.map((answer) => answer.statusCode).filter((s) => s !== 201 && s !== 422),
        ).toEqual([]);
        for (const [n, attempt] of failed.entries()) {
          const answer = retried[n]!;
          expectContractResponse(answer, 'createBookingRequest');
          const committed = committedBeforeCrash.get(attempt.key);
          if (committed !== undefined) {
            // Committed before the crash: the retry gets that booking, not a new one.
            expect(answer.statusCode, `retry of committed ${attempt.key}`).toBe(201);
            expect(bookingIdOf(answer)).toBe(committed);
          }
          if (answer.statusCode === 201) {
            const id = bookingIdOf(answer);
            expect(afterRetry.get(attempt.key)).toBe(id);
            expect(byId.get(id)).toMatchObject({ email: attempt.email, seats: 1 });
          } else {
            expect(afterRetry.has(attempt.key)).toBe(false);
          }
        }

        // The active bookings are exactly the distinct bookings answered 201.
        const answeredIds = new Set([
          ...acknowledged.map((attempt) => bookingIdOf(firstTry[attempts.indexOf(attempt)]!)),
          ...retriedBooked.map(bookingIdOf),
        ]);
        expect(active.map((booking) => booking.id).sort((a, b) => a - b)).toEqual(
          [...answeredIds].sort((a, b) => a - b),
        );
        expect(active).toHaveLength(answeredIds.size);

        // No booking made twice: one per contact e-mail, and only the round's own addresses.
        const emails = bookings.map((booking) => booking.email);
        expect(new Set(emails).size).toBe(emails.length);
        const sent = new Set(attempts.map((attempt) => attempt.email));
        expect(emails.filter((email) => !sent.has(email))).toEqual([]);
        for (const attempt of refused) expect(emails).not.toContain(attempt.email);

        // No seat lost or sold twice; a refusal means the date is full.
        const held = active.reduce((sum, booking) => sum + booking.seats, 0);
        expect(seatRow!.free).toBe(CAPACITY - held);
        if (refused.length + retriedNoSeats.length > 0) expect(seatRow!.free).toBe(0);
        expect(answeredIds.size + refused.length + retriedNoSeats.length).toBe(REQUESTS);
      },
      120_000,
    );

    it('had requests in flight when the API was killed', () => {
      expect(failedInFlight).toBeGreaterThan(0);
    });
  },
);
