/**
 * A test that runs the booking job, or one of its steps (releasing holds, completing tours,
 * balance reminders, reconciling payments), acts on every booking of its database, often with a
 * clock hours or days ahead. On the database the files share (PostgreSQL in CI) it released
 * bookings another file had just made and was still asserting on. Such a file runs on a scratch
 * database of its own (`scratch-database.ts`, or the crash tests' `testing-crash.ts` on it).
 * Read from the files, so a new one cannot forget it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));
const THIS_FILE = 'testing/job-isolation.test.ts';

/** The job and its steps that act on all rows, however a file imports them. */
const JOB_ROUND =
  /\b(?:runBookingJob|expireUnpaidBookings|completeEndedTours|remindBalances|reconcileOpenPayments|startBookingExpiry)\(/;
/** A scratch database: imported directly, through the crash tests, or bookings' scratch app. */
const OWN_DATABASE =
  /\/testing\/scratch-database\.ts'|\/testing-crash\.ts'|\bbookingScratchAppForFile\(/;
const SHARED_DATABASE = /\b(?:buildTestApp|openTestDatabase)\(/;

function testsRunningJobs(): { file: string; text: string }[] {
  return readdirSync(SOURCE, { recursive: true })
    .map((entry) => String(entry).split(path.sep).join('/'))
    .filter((file) => file.endsWith('.test.ts') && file !== THIS_FILE)
    .map((file) => ({ file, text: readFileSync(path.join(SOURCE, file), 'utf8') }))
    .filter(({ text }) => JOB_ROUND.test(text));
}

describe('tests that run the booking job', () => {
  it('run it on a scratch database, never on the one the files share', () => {
    const found = testsRunningJobs();
    // The scan sees the files it guards (a renamed job would otherwise pass unseen).
    expect(found.map(({ file }) => file)).toEqual(
      expect.arrayContaining([
        'modules/bookings/expiry.test.ts',
        'modules/bookings/completion.test.ts',
        'modules/bookings/reminders.test.ts',
        'modules/payments/reconciliation.test.ts',
      ]),
    );
    const onShared = found
      .filter(({ text }) => !OWN_DATABASE.test(text) || SHARED_DATABASE.test(text))
      .map(({ file }) => file);
    expect(onShared).toEqual([]);
  });
});
