/**
 * A booking's money reads the same everywhere a person sees it. Bookings across the awkward cases
 * (a discounted date, non-riders, a heavier-horse rider and children, a percentage that does not
 * divide evenly, a currency without minor units, a rate conversion, riders added after payment, a
 * partial refund after a cancel) are walked through their payments; after every step each
 * surface is read: the traveller's booking (by id and by link), the organizer's booking page and
 * list, the payment outcome, the sandbox card page, the booking form's quote, every e-mail queued
 * about the booking, the traveller's list and the receipt PDF. Each amount shown must be the
 * booking's own number, formatted per its currency, and the sums must add up (prepayment + balance
 * = total; what was charged − every refund = what the organizer keeps = what payments credited −
 * the cancellation's refund). A case names every mismatch it finds, surface by surface.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quote } from '@gallop/booking-rules';
import {
  bookingRequests,
  currencyRates,
  outbox,
  payments,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { pdfText } from '#src/pdf/testing.ts';
import {
  bookingScratchAppForFile,
  dateWithSeats,
  organizerMemberOf,
  remindBalances,
  runBookingJob,
  signUp,
  type TourDateRow,
  scratchApi,
} from '#src/modules/bookings/testing-scratch.ts';
import { money } from '#src/modules/bookings/index.ts';
import { formatDay, formatMoney } from './receipt-pdf.ts';
import { bookingPayments } from './booking-payments.ts';
import { TEST_CARDS } from './sandbox-provider.ts';
import { chargeAtProvider, hostedPage, submitCard } from './testing.ts';

const SECRET = 'payment-secret-for-money-surfaces';
const PUBLIC_URL = 'http://web.test';
const { app, db } = bookingScratchAppForFile('money_surfaces', { PAYMENT_SANDBOX_SECRET: SECRET });
const used = new Set<number>();
const DAY_MS = 86_400_000;
const RATES = [
  ['EUR', 0.9213],
  ['JPY', 151.37],
] as const;

const api = scratchApi(app);

const dayIso = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const minor = (major: unknown) => Math.round((major as number) * 100);
const birthdayAged = (years: number) => `${new Date().getUTCFullYear() - years}-01-15`;

/** Every amount written in a text, as shown: `US$1,234`, `€95.50`, `JP¥12,000`. */
const MONEY = /(?:US\$|€|JP¥|£)\d(?:[\d,]*\d)?(?:\.\d+)?/g;
const amountsIn = (text: string) => text.match(MONEY) ?? [];
/** Minor units of an amount as shown (`US$1,234.50`, `JP¥12,000`). */
const parseShown = (shown: string) => Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);

interface Rider {
  first_name: string;
  last_name: string;
  birthday?: string;
  weight?: number;
  rides?: boolean;
}

const adult = (name: string, weight = 70): Rider => ({
  first_name: name,
  last_name: 'Hart',
  birthday: birthdayAged(35),
  weight,
});
const walker = (name: string, age = 40): Rider => ({
  first_name: name,
  last_name: 'Hart',
  birthday: birthdayAged(age),
  rides: false,
});

type Step =
  | { kind: 'pay'; type: 'prepayment' | 'full' | 'payment' }
  | { kind: 'add'; tourists: Rider[] }
  | { kind: 'remind' }
  | { kind: 'cancel' }
  | { kind: 'confirm' }
  /** The added riders' hold ends unpaid: the booking job gives their places back. */
  | { kind: 'release' }
  /** A payment's page is paid at the provider, and Gallop has not heard yet. */
  | { kind: 'charged-unheard'; type: 'prepayment' | 'payment' }
  | { kind: 'organizer-cancel' };

interface Case {
  name: string;
  date: Partial<TourDateRow>;
  /** Days from today to the start. */
  startIn: number;
  riders: Rider[];
  /** The form's currency (the body's), and the site's (`X-Currency`). */
  currency?: string;
  header?: string;
  /** False: the organizer confirms the booking first. */
  guaranteed?: boolean;
  steps: Step[];
}

/** The booking's money as the traveller's page reads it: the reference every surface matches. */
interface Money {
  currency: string;
  price: number;
  prepayment: number | null;
  paid: number;
  refunded: number;
}

interface Probe {
  name: string;
  id: number;
  uuid: string;
  traveller: string;
  organizer: string;
  mismatches: string[];
  /** Outbox rows already read. */
  lastMail: number;
  /** Amounts a payment or refund of this booking carried, in minor units. */
  movements: Set<number>;
}

function differ(probe: Probe, surface: string, what: string, shown: unknown, expected: unknown) {
  if (shown === expected) return;
  probe.mismatches.push(
    `${probe.name}: ${surface} ${what} shows ${String(shown)}, expected ${String(expected)}`,
  );
}

async function reference(probe: Probe): Promise<Money> {
  const { status, body } = await api('GET', `/crm/api/request/get?id=${probe.id}`, probe.traveller);
  expect(status).toBe(200);
  return {
    currency: body.currency as string,
    price: minor(body.price),
    prepayment: body.prepayment === null ? null : minor(body.prepayment),
    paid: minor(body.paid),
    refunded: minor(body.refunded),
  };
}

/** The traveller's link page, the organizer's page and list agree with the traveller's page. */
async function compareApiSurfaces(probe: Probe, ref: Money) {
  const byLink = await api('GET', `/crm/api/request/get-by-uuid?uuid=${probe.uuid}`);
  expect(byLink.status).toBe(200);
  for (const field of ['price', 'prepayment', 'paid', 'refunded'] as const) {
    const shown = byLink.body[field] === null ? null : minor(byLink.body[field]);
    differ(probe, 'traveller link page', field, shown, ref[field]);
  }
  differ(probe, 'traveller link page', 'currency', byLink.body.currency, ref.currency);

  const mine = await api('GET', '/crm/api/request/list?per-page=100', probe.traveller);
  expect(mine.status).toBe(200);
  const listed = (mine.body.items as Json[]).find((row) => row.id === probe.id);
  expect(listed, `${probe.name} in the traveller's list`).toBeDefined();
  for (const field of ['price', 'prepayment', 'paid', 'refunded'] as const) {
    const shown = listed![field] === null ? null : minor(listed![field]);
    differ(probe, 'traveller list', field, shown, ref[field]);
  }

  const page = await api('GET', `/crm/api/partner/booking?id=${probe.id}`, probe.organizer);
  expect(page.status).toBe(200);
  for (const field of ['price', 'prepayment', 'paid', 'refunded'] as const) {
    const shown = page.body[field] === null ? null : minor(page.body[field]);
    differ(probe, 'organizer page', field, shown, ref[field]);
  }
  differ(probe, 'organizer page', 'currency', page.body.currency, ref.currency);
  const status = page.body.status as number;
  const active = [1, 2, 3].includes(status);
  differ(
    probe,
    'organizer page',
    'left_to_pay',
    minor(page.body.left_to_pay),
    active ? Math.max(ref.price - ref.paid, 0) : 0,
  );
  const received = (page.body.payments as Json[])
    .filter((payment) => payment.status === 2)
    .reduce((sum, payment) => sum + minor(payment.amount), 0);

  const list = await api(
    'GET',
    '/crm/api/partner/bookings?status=all&per-page=100',
    probe.organizer,
  );
  expect(list.status).toBe(200);
  const item = (list.body.items as Json[]).find((row) => row.id === probe.id);
  expect(item, `${probe.name} in the organizer's list`).toBeDefined();
  for (const field of ['price', 'paid', 'refunded'] as const) {
    differ(probe, 'organizer list', field, minor(item![field]), ref[field]);
  }
  differ(probe, 'organizer list', 'received', minor(item!.received), received);
  differ(probe, 'organizer list', 'currency', item!.currency, ref.currency);
}

/** The receipt's amounts: each label's amount on the line after it. */
async function compareReceipt(probe: Probe, ref: Money, booking: Json) {
  const status = booking.status as number;
  const response = await app().inject({
    method: 'GET',
    url: `/crm/api/request/receipt?uuid=${probe.uuid}`,
  });
  expect(response.statusCode).toBe(200);
  const lines = pdfText(response.rawPayload).split('\n');
  const after = (label: string | RegExp) => {
    const at = lines.findIndex((line) =>
      typeof label === 'string' ? line === label : label.test(line),
    );
    return at === -1 ? undefined : lines[at + 1];
  };
  const shown = (amount: number) => formatMoney(amount, ref.currency);
  // The party on the price line, as the e-mails name it ('2 riders and 1 non-rider').
  const party = booking.tourists as Json[];
  const riders = party.filter((tourist) => tourist.rides !== false).length;
  const nonRiders = party.length - riders;
  const named = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const partyLine = `${(booking.tour as Json).name as string}, ${named(riders, 'rider')}${nonRiders > 0 ? ` and ${named(nonRiders, 'non-rider')}` : ''}`;
  differ(
    probe,
    'receipt',
    'price line',
    lines.includes(partyLine) ? partyLine : lines[lines.indexOf('Price') + 1],
    partyLine,
  );
  // The day the rest is due, as the booking page names it.
  const dueLine = lines.find((line) => /^(Balance|Amount) due by /.test(line));
  const dueBy = booking.balance_due_by as string | null;
  if (dueLine !== undefined && dueBy !== null) {
    differ(probe, 'receipt', 'balance due day', dueLine.replace(/^.* by /, ''), formatDay(dueBy));
  }
  differ(probe, 'receipt', 'total price', after('Total price'), shown(ref.price));
  differ(probe, 'receipt', 'paid', after('Paid towards the booking'), shown(ref.paid));
  differ(
    probe,
    'receipt',
    'refunded',
    after('Refunded to you'),
    ref.refunded > 0 ? shown(ref.refunded) : undefined,
  );
  // The refund lines ("−€12.00") add up to what was refunded.
  const refundLines = lines.filter((line) => line.startsWith('−'));
  const refundSum = refundLines.reduce((sum, line) => sum + parseShown(line.slice(1)), 0);
  differ(probe, 'receipt', 'refund lines', refundSum, ref.refunded);
  const active = [1, 2, 3].includes(status);
  const left = ref.price - ref.paid;
  if (ref.prepayment !== null && ref.prepayment < ref.price) {
    differ(
      probe,
      'receipt',
      'prepayment',
      after('of which the prepayment, paid first'),
      shown(ref.prepayment),
    );
  }
  if (!active || left <= 0) {
    differ(probe, 'receipt', 'nothing due', after('Nothing more is due'), shown(0));
    return;
  }
  const prepaymentOpen =
    ref.prepayment !== null && ref.prepayment < ref.price && ref.paid < ref.prepayment;
  if (prepaymentOpen) {
    // What the traveller must pay first, and the rest after it: together what is left.
    const first = after(/^(Rest of the p|P)repayment due/);
    const balance = after(/^Balance due/);
    differ(probe, 'receipt', 'prepayment due', first, shown(ref.prepayment! - ref.paid));
    differ(probe, 'receipt', 'balance due', balance, shown(ref.price - ref.prepayment!));
  } else {
    differ(probe, 'receipt', 'left to pay', after(/^(Balance|Amount) due/), shown(left));
  }
}

/** The booking form's quote for the same party, read from the tour's dates in `currency`. */
async function formQuote(
  date: TourDateRow,
  currency: string,
  riders: number,
  nonRiders: number,
): Promise<{ price: number; prepayment: number | null }> {
  const { status, body } = await api(
    'GET',
    `/spa/tour-for-request?id=${date.tourId}`,
    undefined,
    undefined,
    { 'x-currency': currency },
  );
  expect(status).toBe(200);
  const answered = (body.dates as Json[]).find((row) => row.id === date.id)!;
  expect(answered, 'the date on the booking form').toBeDefined();
  expect(answered.currency).toBe(currency);
  const type = (answered.prepayment_type ?? 'none') as 'percent' | 'fixed' | 'none';
  const size = answered.prepayment_size as number | null;
  return quote(
    {
      price: minor(answered.price),
      prepaymentType: type,
      prepaymentSize: size !== null && type === 'fixed' ? minor(size) : size,
      fullPaymentDays: (answered.full_payment_days as number | null) ?? null,
      startDate: answered.start as string,
    },
    riders,
    new Date().toISOString().slice(0, 10),
    { count: nonRiders, price: minor(answered.non_rider_price ?? 0) },
  );
}

/**
 * The e-mails queued since the last look: every amount in them is one of this booking's numbers
 * as it stands (or a payment or refund it carried), formatted as the site shows money.
 */
async function compareMails(probe: Probe, ref: Money, extra: readonly number[] = []) {
  const mails = await db()
    .select()
    .from(outbox)
    .where(
      sql`(${outbox.payload}->>'requestId')::int = ${probe.id} and ${outbox.id} > ${probe.lastMail}`,
    )
    .orderBy(outbox.id);
  const known = new Map<string, string>();
  const name = (label: string, amount: number | null) => {
    if (amount !== null && amount >= 0) known.set(money(amount, ref.currency), label);
  };
  name('price', ref.price);
  name('prepayment', ref.prepayment);
  name('paid', ref.paid);
  name('refunded', ref.refunded);
  name('kept', ref.paid - ref.refunded);
  name('left', ref.price - ref.paid);
  if (ref.prepayment !== null) name('prepayment due', ref.prepayment - ref.paid);
  for (const amount of [...probe.movements, ...extra]) name('movement', amount);
  for (const mail of mails) {
    probe.lastMail = Math.max(probe.lastMail, mail.id);
    for (const shown of [...amountsIn(mail.subject ?? ''), ...amountsIn(mail.body)]) {
      if (!known.has(shown)) {
        probe.mismatches.push(
          `${probe.name}: e-mail ${mail.kind} to ${mail.recipient.split('@')[0]} shows ${shown}, none of ${[...known].map(([text, label]) => `${label} ${text}`).join(', ')}`,
        );
      }
    }
    const payload = mail.payload as { credit?: number };
    if (mail.kind === 'payment-received' || mail.kind === 'payment-refunded') {
      const left = /(\S+) is left to pay/.exec(mail.body)?.[1];
      if (left !== undefined) {
        differ(
          probe,
          `e-mail ${mail.kind}`,
          'left to pay',
          left,
          money(ref.price - ref.paid, ref.currency),
        );
      }
      if (payload.credit) {
        const received = /received your payment of (\S+) for/.exec(mail.body)?.[1];
        differ(
          probe,
          `e-mail ${mail.kind}`,
          'payment',
          received,
          money(payload.credit, ref.currency),
        );
      }
    }
  }
  return mails;
}

async function pay(probe: Probe, type: 'prepayment' | 'full' | 'payment') {
  const before = await reference(probe);
  const started = await api('POST', '/crm/api/payment/start', probe.traveller, {
    request_id: probe.id,
    payment_type: type,
    payment_method: 'card',
  });
  expect(started.status, `${probe.name}: start ${type}: ${JSON.stringify(started.body)}`).toBe(200);
  const payment = started.body.payment as Json;
  const amount = minor(payment.amount);
  const due = type === 'prepayment' ? before.prepayment! - before.paid : before.price - before.paid;
  differ(probe, 'payment start', `${type} amount`, amount, due);
  differ(probe, 'payment start', 'currency', payment.currency, before.currency);

  const { path, token } = hostedPage(started.body.redirect_url as string);
  const page = await app().inject({ method: 'GET', url: `${path}?token=${token}` });
  const onPage = /class="amount">([^<]*)</.exec(page.body)?.[1];
  differ(probe, 'sandbox page', 'amount', onPage, money(amount, before.currency));
  const button = /Pay ([^<]*)<\/button>/.exec(page.body)?.[1];
  differ(probe, 'sandbox page', 'button', button, money(amount, before.currency));

  const paid = await submitCard(app(), started.body.redirect_url as string, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
  const back = new URL(paid.headers.location as string);
  const outcome = await api(
    'GET',
    `/crm/api/payment/outcome?payment_id=${back.searchParams.get('payment_id')}&token=${back.searchParams.get('token')}`,
  );
  expect(outcome.status).toBe(200);
  probe.movements.add(amount);
  const after = await reference(probe);
  const booking = outcome.body.booking as Json;
  for (const field of ['price', 'paid', 'refunded'] as const) {
    differ(probe, 'payment outcome', field, minor(booking[field]), after[field]);
  }
  differ(probe, 'payment outcome', 'payment', minor((outcome.body.payment as Json).amount), amount);
  differ(probe, 'payment outcome', 'currency', booking.currency, after.currency);
}

/** Every surface, then the sums. */
async function compareAll(probe: Probe) {
  const ref = await reference(probe);
  const { body } = await api('GET', `/crm/api/request/get?id=${probe.id}`, probe.traveller);
  const status = body.status as number;
  await compareApiSurfaces(probe, ref);
  await compareReceipt(probe, ref, body);
  await compareMails(probe, ref);
  // The refunds listed add up to what the booking says was refunded.
  const listed = (body.refunds as Json[]).reduce((sum, refund) => sum + minor(refund.amount), 0);
  differ(probe, 'traveller page', 'refunds listed', listed, ref.refunded);
  if (ref.prepayment !== null) {
    expect(ref.prepayment, `${probe.name}: prepayment ≤ price`).toBeLessThanOrEqual(ref.price);
  }
  // `paid` is what payments credited; money beyond it (a payment that came too late or too large)
  // is refunded whole, so what the organizer keeps is what was charged less every refund.
  const page = await api('GET', `/crm/api/partner/booking?id=${probe.id}`, probe.organizer);
  const charged = (page.body.payments as Json[])
    .filter((payment) => payment.status === 2)
    .reduce((sum, payment) => sum + minor(payment.amount), 0);
  const kept = charged - ref.refunded;
  expect(kept, `${probe.name}: kept`).toBeGreaterThanOrEqual(0);
  expect(kept, `${probe.name}: kept ≤ credited`).toBeLessThanOrEqual(ref.paid);
  const cancellations = (body.refunds as Json[])
    .filter((refund) => refund.reason === 'cancellation')
    .reduce((sum, refund) => sum + minor(refund.amount), 0);
  differ(probe, 'sums', 'kept = credited − cancellation refunds', kept, ref.paid - cancellations);
  for (const amount of [ref.price, ref.prepayment ?? 0, ref.paid, ref.refunded]) {
    // Every amount is whole units of its currency (decision 089), so no surface rounds.
    expect(amount % 100, `${probe.name}: ${amount} in whole units`).toBe(0);
  }
  return { ref, status, body };
}

async function run(spec: Case): Promise<string[]> {
  const date = await dateWithSeats(db(), 20, used, {
    guaranteed: spec.guaranteed ?? true,
    heavyPlaces: 2,
    nonRiderPlaces: 4,
    nonRiderPrice: spec.date.nonRiderPrice ?? null,
  });
  await db()
    .update(tourDates)
    .set({
      startDate: dayIso(spec.startIn),
      endDate: dayIso(spec.startIn + 6),
      // A waiting date's decision day well ahead, whatever the copied date had.
      ...(spec.guaranteed === false ? { decisionDate: dayIso(spec.startIn - 14) } : {}),
      ...spec.date,
    })
    .where(eq(tourDates.id, date.id));
  await db()
    .update(tours)
    .set({
      nonRidersWelcome: true,
      minAge: 0,
      minRidingAge: 8,
      maxRidingAge: null,
      maxRiderWeightKg: 90,
      heavyRiderWeightKg: 120,
      cancellationPolicy: 'moderate',
    })
    .where(eq(tours.id, date.tourId));
  const [fresh] = await db().select().from(tourDates).where(eq(tourDates.id, date.id));
  const traveller = await signUp(app());
  const organizer = await organizerMemberOf(app(), db(), date);
  const currency = spec.currency ?? spec.header ?? fresh!.currency;
  const riders = spec.riders.filter((rider) => rider.rides !== false).length;
  const nonRiders = spec.riders.length - riders;
  const formed = await formQuote(fresh!, currency, riders, nonRiders);
  const created = await api(
    'POST',
    '/crm/api/request/create',
    traveller.token,
    {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: spec.riders,
      contact: { name: 'Maya Hart', email: traveller.email, phone: '+14155550199' },
      ...(spec.currency ? { currency: spec.currency } : {}),
    },
    spec.header ? { 'x-currency': spec.header } : {},
  );
  expect(created.status, `${spec.name}: ${JSON.stringify(created.body)}`).toBe(201);
  const probe: Probe = {
    name: spec.name,
    id: created.body.id as number,
    uuid: created.body.uuid as string,
    traveller: traveller.token,
    organizer: organizer.token,
    mismatches: [],
    lastMail: 0,
    movements: new Set(),
  };
  differ(probe, 'booking form', 'price', formed.price, minor(created.body.price));
  differ(
    probe,
    'booking form',
    'prepayment',
    formed.prepayment,
    created.body.prepayment === null ? null : minor(created.body.prepayment),
  );
  differ(probe, 'booking', 'currency', created.body.currency, currency);
  await compareAll(probe);

  for (const step of spec.steps) {
    if (step.kind === 'pay') await pay(probe, step.type);
    if (step.kind === 'add') {
      const added = await api(
        'POST',
        `/crm/api/request/add-tourists?uuid=${probe.uuid}`,
        probe.traveller,
        { tourists: step.tourists },
      );
      expect(added.status, `${spec.name}: add ${JSON.stringify(added.body)}`).toBe(200);
    }
    if (step.kind === 'remind') {
      const [row] = await db().select().from(tourDates).where(eq(tourDates.id, date.id));
      const dueDay = Date.parse(row!.startDate) - row!.fullPaymentDays! * DAY_MS;
      const sent = await remindBalances(db(), {
        now: new Date(dueDay - 7 * DAY_MS + 3_600_000),
        publicUrl: PUBLIC_URL,
      });
      expect(sent, `${spec.name}: a balance reminder`).toBeGreaterThan(0);
    }
    if (step.kind === 'charged-unheard') {
      const opened = await api('POST', '/crm/api/payment/start', probe.traveller, {
        request_id: probe.id,
        payment_type: step.type,
        payment_method: 'card',
      });
      expect(opened.status).toBe(200);
      const [stored] = await db()
        .select()
        .from(payments)
        .where(eq(payments.id, (opened.body.payment as Json).id as number));
      expect(await chargeAtProvider(db(), stored!.providerPaymentId)).toBe(true);
      probe.movements.add(stored!.amount);
    }
    if (step.kind === 'release') {
      const [row] = await db()
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, probe.id));
      expect(row!.holdUntil, `${spec.name}: the added riders' hold`).not.toBeNull();
      await runBookingJob(db(), {
        now: new Date(row!.holdUntil!.getTime() + 3_600_000),
        holdHours: 72,
        publicUrl: PUBLIC_URL,
        payments: bookingPayments(db()),
      });
      const released = await db()
        .select()
        .from(outbox)
        .where(
          sql`(${outbox.payload}->>'requestId')::int = ${probe.id} and ${outbox.kind} = 'booking-riders-released'`,
        );
      expect(released.length, `${spec.name}: told of the release`).toBeGreaterThan(0);
    }
    if (step.kind === 'confirm') {
      const confirmed = await api('POST', '/crm/api/partner/booking/confirm', probe.organizer, {
        id: probe.id,
      });
      expect(confirmed.status, `${spec.name}: confirm ${JSON.stringify(confirmed.body)}`).toBe(200);
    }
    if (step.kind === 'organizer-cancel') {
      const cancelled = await api('POST', '/crm/api/partner/booking/cancel', probe.organizer, {
        id: probe.id,
        reason: 'The guide fell ill',
      });
      expect(cancelled.status, `${spec.name}: cancel ${JSON.stringify(cancelled.body)}`).toBe(200);
      const after = await reference(probe);
      differ(probe, 'organizer cancel', 'refund', after.refunded, after.paid);
      probe.movements.add(after.refunded);
    }
    if (step.kind === 'cancel') {
      const { body } = await api('GET', `/crm/api/request/get?id=${probe.id}`, probe.traveller);
      const quoted = body.refund_if_canceled_today as number;
      const refundedBefore = minor(body.refunded);
      const cancellationRefunds = async () => {
        const read = await api('GET', `/crm/api/request/get?id=${probe.id}`, probe.traveller);
        return (read.body.refunds as Json[])
          .filter((refund) => refund.reason === 'cancellation')
          .reduce((sum, refund) => sum + minor(refund.amount), 0);
      };
      const cancelled = await api('POST', '/crm/api/request/cancel', probe.traveller, {
        id: probe.id,
        expected_refund: quoted,
      });
      expect(cancelled.status, `${spec.name}: cancel ${JSON.stringify(cancelled.body)}`).toBe(200);
      const after = await reference(probe);
      // The cancel gives back what it quoted; a payment that arrived too late is refunded whole
      // beside it ("booking-closed").
      const byPolicy = await cancellationRefunds();
      differ(probe, 'cancel', 'refund as quoted', byPolicy, minor(quoted));
      probe.movements.add(byPolicy);
      probe.movements.add(after.refunded - refundedBefore - byPolicy);
      // What the organizer keeps of what was credited, as the cancel's e-mails say it.
      probe.movements.add(after.paid - byPolicy);
    }
    await compareAll(probe);
  }
  return probe.mismatches;
}

const CASES: Case[] = [
  {
    name: 'discounted USD date, 3 riders × 333.33 at 33%',
    date: {
      currency: 'USD',
      price: 333_33,
      priceWithoutDiscount: 400_00,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: 30,
    },
    startIn: 70,
    riders: [adult('Ann'), adult('Ben'), adult('Cal')],
    steps: [
      { kind: 'pay', type: 'prepayment' },
      { kind: 'remind' },
      { kind: 'pay', type: 'payment' },
    ],
  },
  {
    name: 'non-riders, a heavier rider and children at 17%, riders added after payment',
    date: {
      currency: 'USD',
      price: 1_234_56,
      priceWithoutDiscount: 1_234_56,
      nonRiderPrice: 456_78,
      prepaymentType: 'percent',
      prepaymentSize: 17,
      fullPaymentDays: 21,
    },
    startIn: 80,
    riders: [
      adult('Dana'),
      adult('Eli', 105),
      { ...adult('Fay', 38), birthday: birthdayAged(11) },
      walker('Gus'),
      walker('Hal', 6),
    ],
    steps: [
      { kind: 'pay', type: 'prepayment' },
      { kind: 'add', tourists: [adult('Ivy'), walker('Jon')] },
      { kind: 'pay', type: 'prepayment' },
      { kind: 'pay', type: 'payment' },
    ],
  },
  {
    name: 'a EUR date booked in JPY, a partial refund after the cancel',
    date: {
      currency: 'EUR',
      price: 1_234_57,
      priceWithoutDiscount: 1_300_00,
      nonRiderPrice: 321_09,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: null,
    },
    startIn: 20,
    header: 'JPY',
    riders: [adult('Kim'), adult('Lou'), walker('Max')],
    steps: [{ kind: 'pay', type: 'prepayment' }, { kind: 'cancel' }],
  },
  {
    name: 'a EUR date with a fixed prepayment booked in USD, a non-rider added, then cancelled',
    date: {
      currency: 'EUR',
      price: 987_65,
      priceWithoutDiscount: 987_65,
      nonRiderPrice: 99_99,
      prepaymentType: 'fixed',
      prepaymentSize: 145_55,
      fullPaymentDays: null,
    },
    startIn: 20,
    currency: 'USD',
    header: 'EUR',
    riders: [adult('Ned'), adult('Oda', 104), walker('Pia')],
    steps: [
      { kind: 'pay', type: 'prepayment' },
      { kind: 'add', tourists: [walker('Quin', 9)] },
      { kind: 'pay', type: 'prepayment' },
      { kind: 'cancel' },
    ],
  },
  {
    name: 'a JPY date inside its full-payment window, paid in full then cancelled',
    date: {
      currency: 'JPY',
      price: 216_652_00,
      priceWithoutDiscount: 230_000_00,
      nonRiderPrice: 50_001_00,
      prepaymentType: 'percent',
      prepaymentSize: 30,
      fullPaymentDays: 30,
    },
    startIn: 20,
    header: 'JPY',
    riders: [adult('Rae'), adult('Sol'), walker('Tia')],
    steps: [{ kind: 'pay', type: 'full' }, { kind: 'cancel' }],
  },
  {
    name: 'a waiting EUR date confirmed by its organizer, paid 33%, cancelled by the organizer',
    date: {
      currency: 'EUR',
      price: 1_693_49,
      priceWithoutDiscount: 1_693_49,
      nonRiderPrice: 250_50,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: 10,
    },
    startIn: 45,
    guaranteed: false,
    header: 'EUR',
    riders: [adult('Uma'), adult('Vic', 110), walker('Wes', 4)],
    steps: [{ kind: 'confirm' }, { kind: 'pay', type: 'prepayment' }, { kind: 'organizer-cancel' }],
  },
  {
    name: 'one EUR rider paid in full, half back by the policy (an odd amount)',
    date: {
      currency: 'EUR',
      price: 1_693_00,
      priceWithoutDiscount: 1_693_00,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: null,
    },
    startIn: 20,
    header: 'EUR',
    riders: [adult('Xia')],
    steps: [{ kind: 'pay', type: 'full' }, { kind: 'cancel' }],
  },
  {
    name: 'a prepayment charged at the provider as the traveller cancels (refunded whole)',
    date: {
      currency: 'USD',
      price: 333_33,
      priceWithoutDiscount: 333_33,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: 30,
    },
    startIn: 70,
    riders: [adult('Yan'), adult('Zed'), adult('Abe')],
    steps: [{ kind: 'charged-unheard', type: 'prepayment' }, { kind: 'cancel' }],
  },
  {
    name: 'the balance charged at the provider as the traveller cancels for half back',
    date: {
      currency: 'USD',
      price: 333_33,
      priceWithoutDiscount: 333_33,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: null,
    },
    startIn: 20,
    riders: [adult('Bea'), adult('Cy'), adult('Di')],
    steps: [
      { kind: 'pay', type: 'prepayment' },
      { kind: 'charged-unheard', type: 'payment' },
      { kind: 'cancel' },
    ],
  },
  {
    name: 'riders added in JPY after the prepayment, their hold ending unpaid',
    date: {
      currency: 'EUR',
      price: 777_77,
      priceWithoutDiscount: 777_77,
      nonRiderPrice: 111_11,
      prepaymentType: 'percent',
      prepaymentSize: 27,
      fullPaymentDays: 40,
    },
    startIn: 90,
    header: 'JPY',
    riders: [adult('Eve'), walker('Flo', 8)],
    steps: [
      { kind: 'pay', type: 'prepayment' },
      { kind: 'add', tourists: [adult('Gil', 106), walker('Hugo')] },
      { kind: 'release' },
    ],
  },
];

// After the scratch app's own `beforeAll`: the rates every conversion of the cases reads.
beforeAll(async () => {
  for (const [code, perUsd] of RATES) {
    await db()
      .insert(currencyRates)
      .values({ code, perUsd })
      .onConflictDoUpdate({ target: currencyRates.code, set: { perUsd } });
  }
});

describe('a booking’s money reads the same on the API, the e-mails, the receipt and the card page', () => {
  for (const spec of CASES) {
    it(
      spec.name,
      async () => {
        expect(await run(spec)).toEqual([]);
      },
      60_000,
    );
  }
});
