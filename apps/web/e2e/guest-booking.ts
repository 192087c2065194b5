import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// A booking made the way a guest makes one, through the e2e API (playwright.config.ts): book,
// sign in with the e-mailed code, pay on the sandbox provider's page. Shared by the specs that
// need a real booking (meet, the flagged QR and arrival pages).

export const apiUrl = `http://127.0.0.1:${process.env.GALLOP_E2E_API_PORT}`;
const json = { 'Content-Type': 'application/json' };

export interface OutboxMessage {
  kind: string;
  channel: string;
  recipient: string;
  body: string;
  /** The files sent with it; `url` downloads one from the API (`/dev/outbox/attachments/…`). */
  attachments?: { filename: string; content_type: string; size: number; url: string }[];
}

/** What the API "sent" (DEV_OUTBOX=on), newest first; optionally to one recipient. */
export async function outbox(
  request: APIRequestContext,
  recipient?: string,
): Promise<OutboxMessage[]> {
  const query = recipient ? `?recipient=${encodeURIComponent(recipient)}` : '';
  const answer = await request.get(`${apiUrl}/dev/outbox${query}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
}

interface BookableTour {
  id: number;
  name: string;
  slug?: string;
  dates: {
    id: number;
    not_guaranteed?: boolean;
    /** A minimum group could guarantee the date under the test (decision 111). */
    min_riders?: number | null;
    is_busy?: boolean;
    number_of_free_seats?: number;
    start: string;
  }[];
}

/**
 * A date far ahead with seats to spare (docs/testing.md: never a date's last seat): guaranteed,
 * or with `guaranteed: false` one whose organizer must first confirm each request (no minimum
 * group, so a booking never guarantees it on its own).
 */
async function bookableDate(
  request: APIRequestContext,
  { guaranteed = true }: { guaranteed?: boolean } = {},
) {
  // Past the first page, which the browsing specs read; later pages only when one has no such date.
  for (const page of [2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    const { items } = (await (await request.get(`${apiUrl}/spa/tours?page=${page}`)).json()) as {
      items: { id: number }[];
    };
    for (const { id } of items) {
      const tour = (await (
        await request.get(`${apiUrl}/spa/tour-for-request?id=${id}`)
      ).json()) as BookableTour;
      const date = tour.dates.find(
        (d) =>
          !d.not_guaranteed === guaranteed &&
          (guaranteed || d.min_riders == null) &&
          !d.is_busy &&
          (d.number_of_free_seats ?? 0) >= 8 &&
          Date.parse(d.start) - Date.now() > 30 * 86_400_000,
      );
      if (date) return { tour, date };
    }
  }
  throw new Error(
    `no ${guaranteed ? 'guaranteed' : 'not guaranteed'} bookable date on pages 2 to 10 of the search`,
  );
}

export interface GuestBooking {
  tour: Awaited<ReturnType<typeof bookableDate>>['tour'];
  booking: { id: number; uuid: string; price: number; prepayment?: number | null };
  email: string;
  token: string;
  refreshToken: string;
}

/** Riders as the booking request takes them. */
export interface RiderInput {
  first_name: string;
  last_name: string;
  birthday?: string;
  weight?: number;
  food_restriction?: string;
}

const MOREAUS: RiderInput[] = [
  { first_name: 'Ines', last_name: 'Moreau' },
  { first_name: 'Paul', last_name: 'Moreau' },
];

/**
 * Riders (two Moreaus unless told) booked by a fresh guest e-mail, who then signs in with the
 * e-mailed code. A date that is not guaranteed (`guaranteed: false`) waits for its organizer.
 */
export async function bookAsGuest(
  request: APIRequestContext,
  {
    guaranteed = true,
    tourists = MOREAUS,
    comment,
  }: { guaranteed?: boolean; tourists?: RiderInput[]; comment?: string } = {},
): Promise<GuestBooking> {
  const { tour, date } = await bookableDate(request, { guaranteed });
  const email = `guest-${randomUUID()}@example.com`;
  const created = await request.post(`${apiUrl}/crm/api/request/create`, {
    headers: json,
    data: {
      tour_id: tour.id,
      tour_date_id: date.id,
      tourists,
      contact: { name: 'Ines Moreau', email, phone: '+14155550177' },
      ...(comment ? { comment } : {}),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const booking = (await created.json()) as GuestBooking['booking'];

  const { token, refreshToken } = await signInWithEmailCode(request, email);
  return { tour, booking, email, token, refreshToken };
}

/**
 * One rider (Ines Moreau) booked on date `dateId` of tour `tourId` by a fresh guest e-mail, who
 * then signs in with the e-mailed code.
 */
export async function bookOneRider(request: APIRequestContext, tourId: number, dateId: number) {
  const email = `rider-${randomUUID()}@example.com`;
  const created = await request.post(`${apiUrl}/crm/api/request/create`, {
    headers: json,
    data: {
      tour_id: tourId,
      tour_date_id: dateId,
      tourists: [{ first_name: 'Ines', last_name: 'Moreau' }],
      contact: { name: 'Ines Moreau', email, phone: '+14155550177' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const booking = (await created.json()) as {
    id: number;
    status: number;
    price: number;
    prepayment: number | null;
  };
  const { token, refreshToken } = await signInWithEmailCode(request, email);
  return { booking, email, token, refreshToken };
}

/** Signs in with the code the API e-mails to `email` (a guest proving the address): the tokens. */
async function signInWithEmailCode(
  request: APIRequestContext,
  email: string,
): Promise<{ token: string; refreshToken: string }> {
  const sent = await request.post(`${apiUrl}/crm/api/user/send-auth-code`, {
    headers: json,
    data: { login: email, code_sender: 'email' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = (await outbox(request, email))
    .find((message) => message.kind === 'sign-in-code')!
    .body.match(/\b(\d{5})\b/)![1]!;
  const signedIn = await request.post(`${apiUrl}/crm/api/user/auth-via-code`, {
    headers: json,
    data: { login: email, code },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token, refresh_token: refreshToken } = (await signedIn.json()) as {
    token: string;
    refresh_token: string;
  };
  return { token, refreshToken };
}

/** Opens a card payment of the whole booking through the API: the provider's page address. */
export async function startCardPayment(request: APIRequestContext, guest: GuestBooking) {
  const started = await request.post(`${apiUrl}/crm/api/payment/start`, {
    headers: { ...json, 'X-Authorization': `Bearer ${guest.token}` },
    data: { request_id: guest.booking.id, payment_type: 'full', payment_method: 'card' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  return ((await started.json()) as { redirect_url: string }).redirect_url;
}

/** Pays on the sandbox provider's page with the test card; it then sends the browser on. */
export async function payOnSandboxPage(page: Page, providerPage: string): Promise<void> {
  await page.goto(providerPage);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** A GET of the API that must succeed, read as JSON. */
export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/**
 * The traveller's label of a confirmed booking: it waits for the prepayment when it has one, else
 * for the full price (a date without one, or inside its full-payment days).
 */
export function confirmedLabel(booking: { price: number; prepayment?: number | null }): string {
  return booking.prepayment !== null &&
    booking.prepayment !== undefined &&
    booking.prepayment < booking.price
    ? 'Confirmed, waiting for prepayment'
    : 'Confirmed, waiting for payment';
}
