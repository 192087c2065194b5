/**
 * Balance reminders: the pure rule, then on a scratch database a prepaid booking reminded 7 and
 * 2 days before its balance is due, once each however many job runs overlap.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates } from '#src/db/schema/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { book, dateWithSeats, signUp } from './testing-scratch.ts';
import { remindBalances, reminderDue, remindersAhead } from './reminders.ts';
import { displayDay } from './wording.ts';

describe('reminderDue', () => {
  it('sends the 7-day reminder, then the 2-day one, each once', () => {
    expect(reminderDue(9, null)).toBeUndefined();
    expect(reminderDue(7, null)).toBe(7);
    expect(reminderDue(5, null)).toBe(7);
    expect(reminderDue(5, 7)).toBeUndefined();
    expect(reminderDue(2, 7)).toBe(2);
    expect(reminderDue(0, 7)).toBe(2);
    expect(reminderDue(1, 2)).toBeUndefined();
    expect(reminderDue(-1, null)).toBeUndefined();
  });

  it('sends only the nearest reminder to a booking found late', () => {
    expect(reminderDue(1, null)).toBe(2);
  });
});

describe('remindersAhead', () => {
  // What the receipt and the booking pages may promise on 7 Dec: the reminders still to come.
  it('names the reminders whose day is after today', () => {
    expect(remindersAhead('2026-12-15', '2026-12-07')).toEqual([7, 2]);
    expect(remindersAhead('2026-12-14', '2026-12-07')).toEqual([2]);
    expect(remindersAhead('2026-12-10', '2026-12-07')).toEqual([2]);
    expect(remindersAhead('2026-12-09', '2026-12-07')).toEqual([]);
    expect(remindersAhead('2026-12-07', '2026-12-07')).toEqual([]);
  });

  it('never names one the job has sent or will send at once', () => {
    for (let daysLeft = 0; daysLeft <= 10; daysLeft += 1) {
      const dueBy = new Date(Date.parse('2026-12-07') + daysLeft * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const due = reminderDue(daysLeft, null);
      if (due !== undefined) expect(remindersAhead(dueBy, '2026-12-07')).not.toContain(due);
    }
  });
});

describe('remindBalances', () => {
  let scratch: ScratchApp;
  let db: Database;
  const used = new Set<number>();
  const publicUrl = 'http://web.test';

  beforeAll(async () => {
    scratch = await buildScratchApp('reminders', { PUBLIC_WRITE_LIMIT: '1000000' });
    db = scratch.scratch.handle.db;
  }, 120_000);
  afterAll(() => scratch?.close());

  const DAY = 86_400_000;
  const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

  it('reminds a prepaid booking 7 and 2 days before the balance is due, once each', async () => {
    const template = await dateWithSeats(db, 10, used);
    // The balance is due 30 days before a start 40 days ahead: in 10 days.
    const [date] = await db
      .update(tourDates)
      .set({ startDate: day(40), endDate: day(46), fullPaymentDays: 30 })
      .where(eq(tourDates.id, template.id))
      .returning();
    const traveller = await signUp(scratch.app);
    const created = await book(scratch.app, date!, { ...traveller, riders: 1 });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // Prepaid: a third of the price is in.
    await db
      .update(bookingRequests)
      .set({ status: 3, paid: sql`${bookingRequests.price} / 3` })
      .where(eq(bookingRequests.id, id));

    const reminders = async () =>
      db
        .select()
        .from(outbox)
        .where(
          sql`${outbox.kind} = 'balance-reminder' and (${outbox.payload}->>'requestId')::int = ${id}`,
        );
    const runAt = (offset: number) =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          remindBalances(db, { now: new Date(Date.now() + offset * DAY), publicUrl }),
        ),
      );

    await runAt(0);
    expect(await reminders()).toHaveLength(0);
    await runAt(3);
    await runAt(4);
    const first = await reminders();
    expect(first).toHaveLength(1);
    expect(first[0]!.payload).toMatchObject({ daysBefore: 7 });
    expect(first[0]!.body).toContain(`by ${displayDay(day(10))} (in 7 days)`);
    expect(first[0]!.subject).toContain('is due in 7 days:');
    await runAt(8);
    await runAt(9);
    const both = await reminders();
    expect(both.map((m) => (m.payload as { daysBefore: number }).daysBefore).sort()).toEqual([
      2, 7,
    ]);
  }, 120_000);
});
