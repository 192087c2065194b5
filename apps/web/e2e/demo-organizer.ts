import { expect, type APIRequestContext } from '@playwright/test';
import { apiUrl, getJson } from './guest-booking';
import { DEMO_PASSWORD } from './sign-in';

/** The demo organizer account's login (apps/api-demo's seeded accounts). */
export const ORGANIZER_LOGIN = 'organizer@gallop.test';

/** The organizer the demo organizer account answers for (the first seeded one). */
export async function demoOrganizerId(request: APIRequestContext): Promise<number> {
  const signedIn = await request.post(`${apiUrl}/crm/api/user/auth`, {
    headers: { 'Content-Type': 'application/json' },
    data: { login: ORGANIZER_LOGIN, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token } = (await signedIn.json()) as { token: string };
  const own = await request.get(`${apiUrl}/crm/api/organizer/list`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
  });
  const { items } = (await own.json()) as { items: { id: number }[] };
  expect(items.length, 'the demo organizer answers for an organizer').toBeGreaterThan(0);
  return items[0]!.id;
}

const DAY_MS = 86_400_000;

/** What a tour date must hold for a test to book on it without running it out. */
export interface BookableDate {
  start: string;
  is_busy?: boolean;
  number_of_free_seats?: number;
}

/**
 * Whether a test may book on `date`: open, more than two days ahead, and never its last seat
 * (docs/testing.md: tests leave the demo dates bookable for the others).
 */
export const leavesSeats = (date: BookableDate) =>
  !date.is_busy &&
  (date.number_of_free_seats ?? 0) >= 2 &&
  Date.parse(date.start) - Date.now() > 2 * DAY_MS;

/**
 * The first tour of the demo organizer (`/spa/tour-for-request`) on which `pickDate` finds a
 * date, with that date; undefined when no tour has one.
 */
export async function demoOrganizerTour<Tour, Date>(
  request: APIRequestContext,
  pickDate: (tour: Tour) => Date | undefined,
): Promise<{ organizerId: number; tour: Tour; date: Date } | undefined> {
  const organizerId = await demoOrganizerId(request);
  const { items } = await getJson<{ items: { id: number }[] }>(
    request,
    `${apiUrl}/spa/tours?organizer=${organizerId}`,
  );
  for (const { id } of items) {
    const tour = await getJson<Tour>(request, `${apiUrl}/spa/tour-for-request?id=${id}`);
    const date = pickDate(tour);
    if (date !== undefined) return { organizerId, tour, date };
  }
  return undefined;
}
