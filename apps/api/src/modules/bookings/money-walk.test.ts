/**
 * A seeded random walk over one date's bookings and their money (docs/transactions.md): each
 * round fires a random mix of payments started in two tabs, the card page, the provider's notices
 * (repeated, out of order, for pages long replaced), rider changes, the organizer's confirmation,
 * every kind of cancel, the booking job and the refunds at once, then checks the invariants across
 * Gallop's books and the sandbox provider's. The seeds are fixed, so a failure names the seed and
 * round that shows it (the requests' interleaving is PostgreSQL's, so a seed may need a rerun).
 * PostgreSQL only: there the requests really overlap.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRequests,
  bookingTourists,
  currencyRates,
  payments,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { todayIso } from '#src/shared/dates.ts';
import { prepaidAt, tiersOfBooking, travellerRefund } from '@gallop/booking-rules';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import {
  chargeAtProvider,
  fromProviderAmount,
  noticeOf,
  submitCard,
} from '#src/modules/payments/testing.ts';
import { runBookingJob } from './expiry.ts';
import {
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  organizerMemberOf,
  placesOf,
  signUp,
  signUpSupport,
  waitingDate,
  type TourDateRow,
} from './testing-scratch.ts';

const SECRET = 'payment-secret-for-the-money-walk';
const PUBLIC_URL = 'http://web.test';
const { app, db } = bookingScratchAppForFile('money_walk', { PAYMENT_SANDBOX_SECRET: SECRET });
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';
// More with `WALK_SEEDS` and `WALK_ROUNDS`; `WALK_SEED` replays one seed.
const SEEDS = Number(process.env.WALK_SEEDS ?? 20);
const ROUNDS = Number(process.env.WALK_ROUNDS ?? 6);
const HEAVY = 105;
const LIGHT = 70;
const LIVE = [1, 2, 3];

/** mulberry32: a small deterministic generator, one per seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return drawing(() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  });
}

type Random = ReturnType<typeof drawing>;

function drawing(next: () => number) {
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (p: number) => next() < p,
  };
}

/** Draws from `random`, and a replay of the same draws: an operation sent twice at once. */
function recorded(random: Random) {
  const draws: number[] = [];
  return {
    random: drawing(() => {
      const value = random.next();
      draws.push(value);
      return value;
    }),
    replay: () => {
      let at = 0;
      return drawing(() => draws[at++] ?? random.next());
    },
  };
}

interface Answer {
  op: string;
  status: number;
  body?: unknown;
}

async function api(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app().inject({
    method,
    url,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // Not JSON: the card page's HTML or a redirect.
  }
  return { status: response.statusCode, body };
}

/** A job run outside HTTP, answered as one: 200, or 500 with its error. */
const asAnswer = (work: Promise<unknown>) =>
  work.then(
    () => ({ status: 200 }),
    (error: unknown) => ({ status: 500, body: String(error) }),
  );

interface Page {
  id: number;
  providerPaymentId: string;
  url: string;
  requestId: number;
}

interface Walk {
  date: TourDateRow;
  travellers: { token: string }[];
  member: { token: string };
  agent: { token: string };
  bookings: { id: number; uuid: string; token: string }[];
  /** Bookings seen closed after a round, and those seen payable (2 or 3). */
  closed: Set<number>;
  payable: Set<number>;
  pages: Page[];
}

const supportAgent = () => signUpSupport(app(), db());

/** Every booking of the date with its books at Gallop and at the provider. */
async function booksOfDate(dateId: number) {
  return (
    await db().execute<Record<string, string | null>>(sql`
      select b.id, b.currency, b.status, b.price, b.prepayment, b.paid, b.refunded, b.seats,
        b.heavy_places, b.canceled_at, b.cancellation_tiers::text as tiers,
        (select count(*) from payments p where p.request_id = b.id and p.status = 1) as open,
        (select coalesce(sum(s.amount) filter (where s.status = 'succeeded'), 0)
           from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
           where p.request_id = b.id) as charged,
        (select coalesce(sum(s.refunded), 0)
           from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
           where p.request_id = b.id) as provider_refunded,
        (select coalesce(sum(r.amount), 0) from refunds r
           where r.request_id = b.id and r.reason = 'cancellation') as cancel_refunds,
        (select count(*) from refunds r where r.request_id = b.id and r.status <> 2) as unsent,
        (select count(*) from (select r.payment_id from refunds r
           where r.request_id = b.id and r.reason = 'cancellation'
           group by r.payment_id having count(*) > 1) twice) as cancelled_twice,
        (select count(*) from payments p where p.request_id = b.id and p.refunded > p.amount)
          as over_refunded,
        (select count(*) from booking_tourists t where t.request_id = b.id and t.rides) as riders,
        (select count(*) from booking_tourists t
           where t.request_id = b.id and t.rides and t.weight > 90) as heavy_riders
      from booking_requests b where b.tour_date_id = ${dateId} order by b.id`)
  ).rows.map((r) => ({
    id: Number(r.id),
    status: Number(r.status),
    price: Number(r.price),
    prepayment: r.prepayment === null ? null : Number(r.prepayment),
    paid: Number(r.paid),
    refunded: Number(r.refunded),
    seats: Number(r.seats),
    heavyPlaces: Number(r.heavy_places),
    canceledAt: r.canceled_at ? new Date(r.canceled_at) : null,
    cancellationTiers: r.tiers ? (JSON.parse(r.tiers) as unknown) : null,
    open: Number(r.open),
    // The provider counts the currency's own minor units (yen, fils); Gallop hundredths.
    charged: fromProviderAmount(Number(r.charged), r.currency!),
    providerRefunded: fromProviderAmount(Number(r.provider_refunded), r.currency!),
    cancelRefunds: Number(r.cancel_refunds),
    unsent: Number(r.unsent),
    cancelledTwice: Number(r.cancelled_twice),
    overRefunded: Number(r.over_refunded),
    riders: Number(r.riders),
    heavyRiders: Number(r.heavy_riders),
  }));
}

type BookRow = Awaited<ReturnType<typeof booksOfDate>>[number];

/** What a cancel owed of what was paid: the traveller's by the tiers, anyone else's all. */
function cancellationOwed(row: BookRow, startDate: string): number | undefined {
  if (row.status === 5) {
    const at = todayIso(row.canceledAt ?? new Date());
    return travellerRefund(
      tiersOfBooking(row as unknown as typeof bookingRequests.$inferSelect),
      row.paid,
      startDate,
      at,
    );
  }
  return row.status === 6 || row.status === 7 || row.status === 8 ? row.paid : undefined;
}

/** The invariants of docs/transactions.md across the date's bookings: the problems found. */
async function invariantsOf(walk: Walk, previous: Map<number, number>, answered: Answer[]) {
  const problems: string[] = [];
  const rows = await booksOfDate(walk.date.id);
  let checks = 0;
  for (const row of rows) {
    const tag = `#${row.id} (${row.status}, price ${row.price} paid ${row.paid})`;
    const check = (ok: boolean, what: string) => {
      checks += 1;
      if (!ok) problems.push(`${tag}: ${what}`);
    };
    check(row.paid <= row.price, 'paid > price');
    check(row.open <= 1, `${row.open} open payments`);
    check(row.unsent === 0, `${row.unsent} refunds unsent`);
    check(
      row.providerRefunded === row.refunded,
      `provider refunded ${row.providerRefunded} ≠ Gallop ${row.refunded}`,
    );
    // What the provider keeps is what Gallop counts paid, less what a cancel gave back.
    check(
      row.charged - row.providerRefunded === row.paid - row.cancelRefunds,
      `provider kept ${row.charged - row.providerRefunded} ≠ paid ${row.paid} − cancel refunds ${row.cancelRefunds}`,
    );
    check(row.cancelledTwice === 0, 'a charge refunded twice by the cancel');
    check(row.overRefunded === 0, 'a payment refunded beyond itself');
    const live = LIVE.includes(row.status);
    if (!live) check(row.open === 0, 'an open payment on a closed booking');
    if (live) {
      // A live booking holds a seat per rider and a heavier horse per rider above 90 kg.
      check(row.seats === row.riders, `${row.seats} seats for ${row.riders} riders`);
      check(
        row.heavyPlaces === row.heavyRiders,
        `${row.heavyPlaces} heavy places for ${row.heavyRiders} heavy riders`,
      );
    }
    const owed = cancellationOwed(row, walk.date.startDate);
    if (owed !== undefined) {
      check(row.cancelRefunds === owed, `cancel gave back ${row.cancelRefunds}, owed ${owed}`);
    } else {
      check(row.cancelRefunds === 0, `cancel refunds ${row.cancelRefunds} on a live booking`);
    }
    if (row.status === 3) {
      check(row.paid >= prepaidAt(row), `prepaid (3) with ${row.paid} of ${prepaidAt(row)}`);
    }
    const before = previous.get(row.id);
    if (before !== undefined && !LIVE.includes(before) && before !== 4) {
      check(row.status === before, `closed as ${before}, now ${row.status}`);
    }
    previous.set(row.id, row.status);
    if (!live) walk.closed.add(row.id);
    if (row.status === 2 || row.status === 3) walk.payable.add(row.id);
    else walk.payable.delete(row.id);
  }
  for (const answer of answered) {
    if (!answer.op.startsWith('cancel') || answer.status !== 200) continue;
    const id = Number(answer.op.split(':')[1]);
    const row = rows.find((r) => r.id === id);
    checks += 1;
    if (row && LIVE.includes(row.status))
      problems.push(`${answer.op} answered 200, still ${row.status}`);
  }
  if (answered.some((a) => a.op === 'cancel-date' && a.status === 200)) {
    checks += 1;
    const left = rows.filter((r) => LIVE.includes(r.status)).map((r) => r.id);
    if (left.length > 0) problems.push(`the date was cancelled, ${left.join(', ')} still live`);
  }
  const places = await placesOf(db(), walk.date.id);
  checks += 4;
  if (places.sold > places.capacity)
    problems.push(`seats sold ${places.sold} > ${places.capacity}`);
  if (places.free !== places.capacity - places.sold) {
    problems.push(`seats free ${places.free} ≠ ${places.capacity} − ${places.sold}`);
  }
  if (places.heavySold > places.heavyCapacity) {
    problems.push(`heavy sold ${places.heavySold} > ${places.heavyCapacity}`);
  }
  if (places.heavyFree !== places.heavyCapacity - places.heavySold) {
    problems.push(`heavy free ${places.heavyFree} ≠ ${places.heavyCapacity} − ${places.heavySold}`);
  }
  return { problems, checks };
}

/** How often each kind of operation comes, by its number in `operation`. */
const MIX = [
  ...[0, 0, 0, 0], // start a payment
  ...[2, 2, 2], // the card page
  ...[3, 3, 3, 3], // the provider's notices
  ...[5, 5], // charged at the provider, Gallop not told
  ...[6, 6, 7, 7], // riders added, removed
  ...[8, 8], // the organizer confirms
  9, // the traveller cancels
  10, // the organizer or support cancels
  ...[11, 11], // the booking job
  12, // reconciliation and refunds
  ...[13, 13], // another booking on the date
];

/** One random operation on the walk: its label and a promise of its answer. */
function operation(walk: Walk, random: Random): [string, Promise<Answer>] {
  // Mostly the live bookings (payable ones to pay) and the newest pages, where the money moves.
  const kind = random.pick(MIX);
  const live = walk.bookings.filter((b) => !walk.closed.has(b.id));
  const payable = live.filter((b) => walk.payable.has(b.id));
  const likely = kind === 0 && payable.length > 0 ? payable : live;
  const booking = random.pick(likely.length > 0 && random.chance(0.85) ? likely : walk.bookings);
  const known = walk.pages.filter((p) => p.providerPaymentId);
  const page =
    known.length === 0 ? undefined : random.pick(random.chance(0.6) ? known.slice(-4) : known);
  const label = (op: string) => `${op}:${booking.id}`;
  const answer = (op: string, work: Promise<{ status: number; body?: unknown }>) =>
    [op, work.then((a) => ({ op, ...a }))] as [string, Promise<Answer>];
  switch (page || ![2, 3, 5].includes(kind) ? kind : 0) {
    case 0: {
      const type = random.pick(['prepayment', 'full', 'payment']);
      return answer(
        label(`start-${type}`),
        api('POST', '/crm/api/payment/start', booking.token, {
          request_id: booking.id,
          payment_type: type,
          payment_method: 'card',
        }).then((started) => {
          const body = started.body as Json;
          // A start whose payment closed at once is sent to the web's outcome, not a card page.
          const outcome = /^http:\/\/web\.test\/(success|payment-failed)\?/;
          const toPage = !outcome.test(String(body.redirect_url));
          if (started.status === 200 && toPage) {
            walk.pages.push({
              id: body.payment.id as number,
              providerPaymentId: '',
              url: body.redirect_url as string,
              requestId: booking.id,
            });
          }
          return started;
        }),
      );
    }
    case 2:
      return answer(
        `page:${page!.requestId}:${page!.id}`,
        submitCard(
          app(),
          page!.url,
          random.chance(0.8) ? TEST_CARDS.success : TEST_CARDS.decline,
        ).then((r) => ({ status: r.statusCode, body: r.body })),
      );
    case 3: {
      const status = random.chance(0.75) ? 'succeeded' : 'declined';
      const copies = random.chance(0.5) ? 2 : 1;
      return answer(
        `notice-${status}:${page!.requestId}`,
        Promise.all(
          Array.from({ length: copies }, () =>
            api('POST', '/crm/api/payment/callback/4', undefined, noticeOf(page!, SECRET, status)),
          ),
        ).then((all) => all.find((a) => a.status !== 200) ?? all[0]!),
      );
    }
    case 5:
      return answer(
        `charged-at-provider:${page!.requestId}`,
        chargeAtProvider(db(), page!.providerPaymentId).then(() => ({ status: 200 })),
      );
    case 6:
      return answer(
        label('add-rider'),
        api('POST', `/crm/api/request/add-tourists?uuid=${booking.uuid}`, booking.token, {
          tourists: [
            { first_name: 'Late', last_name: 'Added', weight: random.chance(0.4) ? HEAVY : LIGHT },
          ],
        }),
      );
    case 7:
      return answer(
        label('remove-rider'),
        db()
          .select()
          .from(bookingTourists)
          .where(eq(bookingTourists.requestId, booking.id))
          .orderBy(bookingTourists.id)
          .then((tourists) =>
            api(
              'POST',
              `/crm/api/request/update-tourists?request_id=${booking.id}`,
              booking.token,
              {
                tourists: tourists.slice(0, Math.max(1, tourists.length - 1)).map((t) => ({
                  id: t.id,
                  first_name: t.firstName,
                  last_name: t.lastName,
                  ...(t.weight === null ? {} : { weight: t.weight }),
                })),
              },
            ),
          ),
      );
    case 8:
      return answer(
        label('confirm'),
        api('POST', '/crm/api/partner/booking/confirm', walk.member.token, { id: booking.id }),
      );
    case 9:
      return answer(
        label('cancel-traveller'),
        api('POST', '/crm/api/request/cancel', booking.token, { id: booking.id }),
      );
    case 10:
      return random.chance(0.5)
        ? answer(
            label('cancel-organizer'),
            api('POST', '/crm/api/partner/booking/cancel', walk.member.token, {
              id: booking.id,
              reason: 'The horses are lame',
            }),
          )
        : answer(
            label('cancel-support'),
            api('POST', '/crm/api/support/booking/cancel', walk.agent.token, {
              id: booking.id,
              reason: 'Fraud check',
            }),
          );
    case 11:
      return answer(
        'job',
        asAnswer(
          runBookingJob(db(), {
            now: new Date(Date.now() + 31 * 60_000),
            holdHours: 72,
            publicUrl: PUBLIC_URL,
            payments: bookingPayments(db()),
          }),
        ),
      );
    case 12:
      return answer(
        'refunds',
        asAnswer(
          Promise.all([
            bookingPayments(db()).reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000)),
            bookingPayments(db()).sendRefunds(),
          ]),
        ),
      );
    default: {
      const traveller = random.pick(walk.travellers);
      const weights = Array.from({ length: 1 + random.int(2) }, () =>
        random.chance(0.3) ? HEAVY : LIGHT,
      );
      return answer(
        'book',
        bookOnWalk(walk, random, traveller as { token: string; email: string }, weights),
      );
    }
  }
}

/** Currencies a traveller books in: the date's own, and two- zero- and three-decimal ones. */
const CURRENCIES = [undefined, 'EUR', 'JPY', 'KWD'] as const;

/**
 * Books on the walk's date in a random currency, under tiers that give back 37 % (an odd share,
 * so a refund in yen or fils must come out whole).
 */
async function bookOnWalk(
  walk: Walk,
  random: Random,
  traveller: { token: string; email: string },
  weights: number[],
) {
  const made = await book(app(), walk.date, {
    ...traveller,
    weights,
    currency: random.pick(CURRENCIES),
  });
  if (made.status === 201) {
    await db()
      .update(bookingRequests)
      .set({
        cancellationPolicy: 'moderate',
        // Whatever the date's distance (weeks or months ahead), 37 % back.
        cancellationTiers: [{ days_before: 14, refund_percent: 37 }],
      })
      .where(eq(bookingRequests.id, made.body.id as number));
    walk.bookings.push({
      id: made.body.id as number,
      uuid: made.body.uuid as string,
      token: traveller.token,
    });
  }
  return made;
}

/** Fills in the provider's id of pages started last round. */
async function knowPages(walk: Walk) {
  for (const page of walk.pages) {
    if (page.providerPaymentId) continue;
    const [row] = await db().select().from(payments).where(eq(payments.id, page.id));
    page.providerPaymentId = row!.providerPaymentId;
  }
}

/**
 * The booking job finishes what a round left (late charges, voids, refunds) once its payments
 * are due to be asked again: their claims by the rounds' jobs, timed ahead, are forgotten.
 */
async function settleLater(dateId: number) {
  const asked = new Date(Date.now() - 10 * 60_000);
  await db()
    .update(payments)
    .set({ createdAt: asked, updatedAt: asked })
    .where(
      sql`${payments.requestId} in (select id from booking_requests where tour_date_id = ${dateId})`,
    );
  const settle = bookingPayments(db());
  await settle.reconcile(PUBLIC_URL);
  await settle.sendRefunds();
}

describe.runIf(onPostgres)('the money walk', () => {
  it(`${SEEDS} seeds of ${ROUNDS} rounds of random operations at once keep the books`, async () => {
    const violations: string[] = [];
    const serverErrors: string[] = [];
    const badRefusals: string[] = [];
    const tally = { rounds: 0, operations: 0, checks: 0 };
    const statuses: Record<string, number> = {};
    const ended: Record<string, number> = {};
    for (const [code, perUsd] of [
      ['KWD', 0.3071],
      ['JPY', 151.37],
      ['EUR', 0.9213],
    ] as const) {
      await db()
        .insert(currencyRates)
        .values({ code, perUsd })
        .onConflictDoUpdate({ target: currencyRates.code, set: { perUsd } });
    }
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      if (process.env.WALK_SEED && Number(process.env.WALK_SEED) !== seed) continue;
      const random = generator(seed * 7919);
      const waiting = seed % 2 === 0;
      const date = waiting
        ? await waitingDate(db(), 6, used)
        : await dateWithSeats(db(), 6, used, { heavyPlaces: 2 });
      if (waiting) {
        await db()
          .update(tourDates)
          .set({ heavyPlaces: 2, heavyPlacesFree: 2 })
          .where(eq(tourDates.id, date.id));
      }
      // Standard horses carry up to 90 kg, the heavier ones up to 120 kg.
      await db()
        .update(tours)
        .set({ maxRiderWeightKg: 90, heavyRiderWeightKg: 120 })
        .where(eq(tours.id, date.tourId));
      const travellers = await Promise.all([signUp(app()), signUp(app()), signUp(app())]);
      const walk: Walk = {
        date,
        travellers,
        member: await organizerMemberOf(app(), db(), date),
        agent: await supportAgent(),
        bookings: [],
        closed: new Set(),
        payable: new Set(),
        pages: [],
      };
      for (const [i, traveller] of travellers.entries()) {
        const made = await bookOnWalk(walk, random, traveller, i === 0 ? [HEAVY, LIGHT] : [LIGHT]);
        expect(made, JSON.stringify(made.body)).toMatchObject({ status: 201 });
      }
      const previous = new Map<number, number>();
      for (let round = 0; round < ROUNDS; round += 1) {
        // A hold ends now and then: the job's release races the rest.
        if (random.chance(0.15)) {
          await db()
            .update(bookingRequests)
            .set({ holdUntil: new Date(Date.now() - 60_000) })
            .where(eq(bookingRequests.id, random.pick(walk.bookings).id));
        }
        const ops = Array.from({ length: 6 + random.int(6) }, () => {
          // Two tabs, a double click or a provider's retry: now and then sent twice at once.
          const draws = recorded(random);
          const op = operation(walk, draws.random);
          return random.chance(0.25) ? [op, operation(walk, draws.replay())] : [op];
        }).flat();
        // A date still waiting for its organizer may be called off ("Cancel this date").
        if (waiting && random.chance(0.2)) {
          ops.push([
            'cancel-date',
            api('POST', '/crm/api/partner/departure/cancel', walk.member.token, {
              id: date.id,
              reason: 'Storm warning',
            }).then((a) => ({ op: 'cancel-date', ...a })),
          ]);
        }
        const answers = await Promise.all(ops.map(([, work]) => work));
        tally.rounds += 1;
        tally.operations += answers.length;
        for (const a of answers) {
          const key = `${a.op.split(':')[0]} ${a.status}${a.status === 409 || a.status === 422 ? ` ${String((a.body as { message?: string })?.message).slice(0, 60)}` : ''}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
          if (a.status >= 500) {
            serverErrors.push(
              `seed ${seed} round ${round} ${a.op}: ${a.status} ${JSON.stringify(a.body)}`,
            );
          } else if (
            a.status >= 400 &&
            !a.op.startsWith('page') &&
            typeof (a.body as { message?: unknown } | undefined)?.message !== 'string'
          ) {
            badRefusals.push(`seed ${seed} round ${round} ${a.op}: ${a.status} without a message`);
          }
        }
        await knowPages(walk);
        await settleLater(date.id);
        const { problems, checks } = await invariantsOf(walk, previous, answers);
        tally.checks += checks;
        for (const problem of problems) {
          violations.push(
            `seed ${seed} round ${round} [${answers.map((a) => `${a.op}=${a.status}`).join(' ')}] ${problem}`,
          );
        }
      }
    }
    for (const id of used) {
      for (const row of await booksOfDate(id)) {
        const key = `${row.status}${row.paid > 0 ? ' paid' : ''}`;
        ended[key] = (ended[key] ?? 0) + 1;
      }
    }
    console.info('bookings by status at the end', JSON.stringify(ended));
    console.info('money walk', JSON.stringify({ seeds: SEEDS, ...tally, statuses }));
    expect(serverErrors).toEqual([]);
    expect(badRefusals).toEqual([]);
    expect(violations).toEqual([]);
  }, 300_000);
});
