/**
 * Helpers of the crash tests (decisions 089 and 108): the API as a child process on a scratch
 * PostgreSQL database, a round of requests sent over HTTP while the process is killed with
 * SIGKILL at a chosen mark, a fresh process on the same database, and every request that got no
 * answer sent again (a booking with its Idempotency-Key). `expectBookingsAfterCrash` holds what
 * any such round must leave of its bookings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, isNull, like, notExists, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, idempotencyKeys, tourDates, tours } from '#src/db/schema/index.ts';
import { ACTIVE_STATUSES, isActive } from '@gallop/booking-rules';
import { publicTour } from '#src/modules/catalog/index.ts';
import { LANDING_VIDEOS } from '#src/modules/media/index.ts';
import { expectContractResponse, fromFetch, type CheckedResponse } from '#src/testing/contract.ts';
import { openScratchDatabase, type ScratchDatabase } from '#src/testing/scratch-database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { DEV_TOUR_END_PATH } from './dev-tour-end.ts';

const appRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** If a round's mark is never reached (a hung API), the kill comes anyway. */
const KILL_DEADLINE_MS = 10_000;

export interface ChildApi {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
  output: () => string;
}

const running = new Set<ChildApi>();

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
      // The rounds sell whole dates to guests: the seats, not the guests' share, are counted.
      GUEST_DATE_SHARE: '100',
      SEARCH_INDEX: 'off',
      // `/dev/booking/end-tour` runs a round of the booking job in this process on demand.
      DEV_OUTBOX: 'on',
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

const isRunning = (target: ChildApi) =>
  target.child.exitCode === null && target.child.signalCode === null;

async function killApi(target: ChildApi): Promise<void> {
  if (isRunning(target)) process.kill(target.child.pid!, 'SIGKILL');
  await target.exited;
}

type DateRef = { id: number; tourId: number };

/** A crash test's scratch database, the dates its rounds book, and the API running on it. */
export interface CrashBed {
  db: Database;
  /** One date per round, nobody else's (`unbookedDates`). */
  dates: DateRef[];
  /** The API now running (a new one after each `restart`). */
  api: ChildApi;
  /** A fresh process on the same database, once the last one is gone. */
  restart(): Promise<ChildApi>;
  /** Kills the APIs still running, drops the database, removes the media folder. */
  close(): Promise<void>;
}

/** `openCrashBed`'s date set-up: `capacity` seats, all free, and the date guaranteed. */
export const guaranteedWithSeats = (capacity: number) => (db: Database, date: DateRef) =>
  db
    .update(tourDates)
    .set({ numberOfSeats: capacity, numberOfFreeSeats: capacity, notGuaranteed: false })
    .where(eq(tourDates.id, date.id));

/**
 * A scratch database named after `name`, `rounds` dates in it set up by `prepareDate` (their
 * seats, heavier horses...), and the API started on it.
 */
export async function openCrashBed(
  name: string,
  rounds: number,
  prepareDate: (db: Database, date: DateRef) => Promise<unknown>,
): Promise<CrashBed> {
  const scratch: ScratchDatabase = await openScratchDatabase(name);
  let media: string | undefined;
  const close = async () => {
    try {
      await Promise.all([...running].map((child) => killApi(child)));
    } finally {
      try {
        await scratch.drop();
      } finally {
        if (media) await rm(media, { recursive: true, force: true });
      }
    }
  };
  try {
    const db = scratch.handle.db;
    media = await prepareMediaDir();
    const dates = await unbookedDates(db, rounds);
    for (const date of dates) await prepareDate(db, date);
    const bed: CrashBed = {
      db,
      dates,
      api: await startApi(scratch.url!, media),
      async restart() {
        bed.api = await startApi(scratch.url!, media!);
        return bed.api;
      },
      close,
    };
    return bed;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * `count` dates of published tours, more than two months ahead, without variants or a minimum
 * age, that nobody has booked: every booking on them is the test's.
 */
async function unbookedDates(db: Database, count: number): Promise<DateRef[]> {
  const dates = await db
    .select({ id: tourDates.id, tourId: tourDates.tourId })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .where(
      and(
        gt(tourDates.startDate, sql`current_date + 60`),
        eq(tourDates.isBusy, false),
        isNull(tourDates.variantName),
        publicTour(),
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
    .limit(count);
  if (dates.length < count) throw new Error(`the scratch seed has ${dates.length} free dates`);
  return dates;
}

/** A JSON `POST` over HTTP, as the contract checks see it. */
export async function post(
  url: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<CheckedResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return fromFetch(response);
}

/** Sends again until an answer (any status) arrives; socket errors while the API starts wait. */
export async function untilAnswered(
  send: () => Promise<CheckedResponse>,
): Promise<CheckedResponse> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await send();
    } catch (error) {
      if (tries >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * When a round's API is killed: once `acknowledged` bookings have been answered 201, or once
 * `reached` (a look at the database, a few milliseconds apart) answers true.
 */
export type KillWhen = { acknowledged: number } | { reached: () => Promise<boolean> };

export interface KilledRound {
  /** Each request's answer, or undefined when it got none (the API died under it). */
  firstTry: (CheckedResponse | undefined)[];
  killedAtMs: number;
  answeredAtKill: number;
}

/**
 * Sends every request at once to `api` and kills it with SIGKILL when `when` is reached (or at
 * the deadline); resolves once every request has an answer or an error and the process is gone.
 */
export async function roundKilled(
  api: ChildApi,
  requests: readonly ((url: string) => Promise<CheckedResponse>)[],
  when: KillWhen,
): Promise<KilledRound> {
  const started = Date.now();
  let killedAtMs = -1;
  let answered = 0;
  let acknowledgedSoFar = 0;
  let answeredAtKill = -1;
  let killed = false;
  const kill = () => {
    if (!killed && isRunning(api)) {
      killed = true;
      killedAtMs = Date.now() - started;
      answeredAtKill = answered;
      process.kill(api.child.pid!, 'SIGKILL');
    }
  };
  const deadline = setTimeout(kill, KILL_DEADLINE_MS);
  const sending = Promise.all(
    requests.map(async (request) => {
      try {
        const answer = await request(api.url);
        answered += 1;
        if (answer.statusCode === 201) acknowledgedSoFar += 1;
        if ('acknowledged' in when && acknowledgedSoFar === when.acknowledged) kill();
        return answer;
      } catch {
        return undefined;
      }
    }),
  );
  if ('reached' in when) {
    while (!killed && api.child.exitCode === null) {
      if (await when.reached()) kill();
      else await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  const firstTry = await sending;
  clearTimeout(deadline);
  kill();
  await api.exited;
  return { firstTry, killedAtMs, answeredAtKill };
}

/**
 * One booking request of a round: a guest's, or a signed-in traveller's when it has a `token`,
 * with its own e-mail and Idempotency-Key.
 */
export interface BookingAttempt {
  key: string;
  email: string;
  /** The traveller's session, sent with every try; a guest's booking has none. */
  token?: string | undefined;
  /** The seats, heavier-horse places and non-rider beds the booking takes when it is made. */
  seats: number;
  heavy: number;
  nonRiders: number;
  body: object;
}

/**
 * A guest booking of `riders` (each `{ weight? }`) and `nonRiders` companions who do not ride on
 * `date`, with a fresh e-mail and key; the signed-in traveller's of `token` when given.
 */
export function bookingAttempt(
  date: { id: number; tourId: number },
  {
    label,
    phone,
    riders,
    heavy,
    nonRiders = 0,
    token,
  }: {
    label: string;
    phone: string;
    riders: object[];
    heavy: number;
    nonRiders?: number;
    token?: string;
  },
): BookingAttempt {
  const email = `crash-${label}-${randomUUID().slice(0, 8)}@example.com`;
  return {
    key: randomUUID(),
    email,
    token,
    seats: riders.length,
    heavy,
    nonRiders,
    body: {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [
        ...riders.map((rider, n) => ({ first_name: 'Crash', last_name: `Rider${n}`, ...rider })),
        ...Array.from({ length: nonRiders }, (_, n) => ({
          first_name: 'Crash',
          last_name: `Walker${n}`,
          rides: false,
        })),
      ],
      contact: { name: `Crash ${label}`, email, phone },
    },
  };
}

export const sendBooking = (url: string, attempt: BookingAttempt) =>
  post(`${url}/crm/api/request/create`, attempt.body, {
    'idempotency-key': attempt.key,
    ...(attempt.token ? { 'x-authorization': `Bearer ${attempt.token}` } : {}),
  });

const bookingIdOf = (answer: CheckedResponse) => (JSON.parse(answer.body) as { id: number }).id;

/** The booking id recorded for each key of the database's booking creations. */
export async function committedKeys(db: Database): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ key: idempotencyKeys.key, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    // Each owner's keys are scoped apart (`createBookingRequest/<owner>`).
    .where(like(idempotencyKeys.scope, 'createBookingRequest/%'));
  return new Map(rows.map((row) => [row.key, row.resourceId]));
}

/** The booking attempts of a killed round, sorted by what their first try got. */
export interface BookingsAtCrash {
  attempts: readonly BookingAttempt[];
  firstTry: readonly (CheckedResponse | undefined)[];
  acknowledged: BookingAttempt[];
  refused: BookingAttempt[];
  serverErrors: BookingAttempt[];
  /** No answer: sent again after the restart. */
  failed: BookingAttempt[];
  /** The failed attempts whose transaction had committed before the crash, with their booking. */
  committedBeforeCrash: Map<string, number>;
}

/** Sorts a killed round's booking attempts; reads what the crash left before any restart. */
export async function bookingsAtCrash(
  db: Database,
  attempts: readonly BookingAttempt[],
  firstTry: readonly (CheckedResponse | undefined)[],
): Promise<BookingsAtCrash> {
  const answer = (n: number) => firstTry[n];
  const acknowledged = attempts.filter((_, n) => answer(n) && answer(n)!.statusCode < 300);
  const refused = attempts.filter(
    (_, n) => answer(n) && answer(n)!.statusCode >= 400 && answer(n)!.statusCode < 500,
  );
  const serverErrors = attempts.filter((_, n) => answer(n) && answer(n)!.statusCode >= 500);
  const failed = attempts.filter((_, n) => !answer(n));
  const atCrash = await committedKeys(db);
  const committedBeforeCrash = new Map(
    failed
      .filter((attempt) => atCrash.get(attempt.key) != null)
      .map((attempt) => [attempt.key, atCrash.get(attempt.key)!]),
  );
  return {
    attempts,
    firstTry,
    acknowledged,
    refused,
    serverErrors,
    failed,
    committedBeforeCrash,
  };
}

/** What the restarted API answered: the failed attempts sent again, the acknowledged replayed. */
export interface BookingRetries {
  /** One answer per failed attempt, in order. */
  retried: CheckedResponse[];
  /** One answer per acknowledged attempt, in order. */
  replayed: CheckedResponse[];
}

export async function retryBookings(url: string, crash: BookingsAtCrash): Promise<BookingRetries> {
  const retried = await Promise.all(
    crash.failed.map((attempt) => untilAnswered(() => sendBooking(url, attempt))),
  );
  // Replays of what was acknowledged answer the same booking and create nothing.
  const replayed = await Promise.all(
    crash.acknowledged.map((attempt) => sendBooking(url, attempt)),
  );
  return { retried, replayed };
}

/** Every booking refused 422, on its first try or on its retry after the restart, with its answer. */
export function refusalsAfterCrash(
  crash: BookingsAtCrash,
  { retried }: BookingRetries,
): { attempt: BookingAttempt; answer: CheckedResponse }[] {
  return [
    ...crash.refused.map((attempt) => ({
      attempt,
      answer: crash.firstTry[crash.attempts.indexOf(attempt)]!,
    })),
    ...crash.failed.flatMap((attempt, n) =>
      retried[n]!.statusCode === 422 ? [{ attempt, answer: retried[n]! }] : [],
    ),
  ];
}

export interface BookingRow {
  id: number;
  email: string;
  seats: number;
  heavy: number;
  nonRiders: number;
  status: number;
}

/** Every booking of the date, in any status. */
export function bookingsOn(db: Database, dateId: number): Promise<BookingRow[]> {
  return db
    .select({
      id: bookingRequests.id,
      email: bookingRequests.contactEmail,
      seats: bookingRequests.seats,
      heavy: bookingRequests.heavyPlaces,
      nonRiders: bookingRequests.nonRiders,
      status: bookingRequests.status,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.tourDateId, dateId));
}

/**
 * What any crash round must leave of its guest bookings: no 5xx; every refusal a 422; every
 * booking acknowledged before the crash in the database, active and as sent, its replay the same
 * answer; every retry answered 201 or 422, and a request committed before the crash given that
 * booking; the active bookings exactly the distinct ones answered 201, one per e-mail, none of
 * another round's. Answers the bookings answered 201 and the retries refused.
 */
export function expectBookingsAfterCrash(
  crash: BookingsAtCrash,
  { retried, replayed }: BookingRetries,
  /** The round's bookings in the database, and the keys recorded after the retries. */
  { bookings, keys }: { bookings: readonly BookingRow[]; keys: Map<string, number | null> },
): { answeredIds: Set<number>; retriedRefused: CheckedResponse[] } {
  const { attempts, firstTry, acknowledged, refused, serverErrors, failed } = crash;
  const first = (attempt: BookingAttempt) => firstTry[attempts.indexOf(attempt)]!;
  const active = bookings.filter((booking) => isActive(booking.status));
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const asSent = (attempt: BookingAttempt) => ({
    email: attempt.email,
    seats: attempt.seats,
    heavy: attempt.heavy,
    nonRiders: attempt.nonRiders,
  });

  expect(serverErrors.map((attempt) => first(attempt).body)).toEqual([]);
  expect(refused.map((attempt) => first(attempt).statusCode)).toEqual(refused.map(() => 422));
  for (const answer of firstTry) {
    if (answer) expectContractResponse(answer, 'createBookingRequest');
  }

  // Every booking acknowledged before the crash is in the database, active, as sent.
  for (const attempt of acknowledged) {
    const id = bookingIdOf(first(attempt));
    expect(byId.get(id), `acknowledged booking ${id}`).toMatchObject(asSent(attempt));
    expect(ACTIVE_STATUSES).toContain(byId.get(id)!.status);
    expect(keys.get(attempt.key)).toBe(id);
  }
  for (const [n, attempt] of acknowledged.entries()) {
    expect(replayed[n]!.statusCode).toBe(201);
    expect(JSON.parse(replayed[n]!.body)).toEqual(JSON.parse(first(attempt).body));
  }

  // Every retry is answered 201 or 422, never 5xx; a booked one is the key's booking.
  expect(retried.map((answer) => answer.statusCode).filter((s) => s !== 201 && s !== 422)).toEqual(
    [],
  );
  for (const [n, attempt] of failed.entries()) {
    const answer = retried[n]!;
    expectContractResponse(answer, 'createBookingRequest');
    const committed = crash.committedBeforeCrash.get(attempt.key);
    if (committed !== undefined) {
      // Committed before the crash: the retry gets that booking, not a new one.
      expect(answer.statusCode, `retry of committed ${attempt.key}`).toBe(201);
      expect(bookingIdOf(answer)).toBe(committed);
    }
    if (answer.statusCode === 201) {
      const id = bookingIdOf(answer);
      expect(keys.get(attempt.key)).toBe(id);
      expect(byId.get(id)).toMatchObject(asSent(attempt));
    } else {
      expect(keys.has(attempt.key)).toBe(false);
    }
  }

  // The active bookings are exactly the distinct bookings answered 201.
  const retriedBooked = retried.filter((answer) => answer.statusCode === 201);
  const answeredIds = new Set([
    ...acknowledged.map((attempt) => bookingIdOf(first(attempt))),
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
  expect(answeredIds.size + refused.length + retried.length - retriedBooked.length).toBe(
    attempts.length,
  );
  return { answeredIds, retriedRefused: retried.filter((answer) => answer.statusCode === 422) };
}

/** A date's row as the database has it now. */
export async function dateRowOf(db: Database, dateId: number) {
  const [row] = await db.select().from(tourDates).where(eq(tourDates.id, dateId));
  return row!;
}

/** The `message` of a JSON error answer. */
export const messageOf = (answer: CheckedResponse) =>
  (JSON.parse(answer.body) as { message: string }).message;

/** The payer's card form posted to a hosted sandbox page, as the browser sends it (no redirect). */
export async function payByCard(
  url: string,
  started: { redirectUrl: string },
): Promise<CheckedResponse> {
  const page = new URL(started.redirectUrl);
  const response = await fetch(`${url}${page.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: page.searchParams.get('token')!,
      card: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  return fromFetch(response);
}

/** A signed-in traveller and the booking they made before a round. */
interface TravellerBooking {
  token: string;
  bookingId: number;
  /** The booking's answer, for what else a test reads of it (its riders' ids). */
  body: { id: number; tourists: { id: number }[] };
}

/** A new signed-in traveller makes `attempt` before the round (answered 201). */
export async function bookedBefore(bed: CrashBed, attempt: BookingAttempt) {
  const { token } = await signedUser(bed.db);
  const answer = await post(`${bed.api.url}/crm/api/request/create`, attempt.body, {
    'x-authorization': `Bearer ${token}`,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const body = JSON.parse(answer.body) as TravellerBooking['body'];
  return { token, bookingId: body.id, body } satisfies TravellerBooking;
}

/** The traveller's cancel of their booking, sent to the API at `url`. */
export const cancelAs = (traveller: { token: string; bookingId: number }) => (url: string) =>
  post(
    `${url}/crm/api/request/cancel`,
    { id: traveller.bookingId },
    { 'x-authorization': `Bearer ${traveller.token}` },
  );

/**
 * One round of the booking job in the API at `url`, as its timer runs it: the development route
 * moves booking `spareId` (one the test keeps for this, on a date of its own) onto a date that
 * ended yesterday, then runs the job, and answers once the job is done.
 */
export const bookingJobRound = (spareId: number) => (url: string) =>
  post(`${url}${DEV_TOUR_END_PATH}`, { id: spareId });
