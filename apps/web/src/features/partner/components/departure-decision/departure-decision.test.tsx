import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../../lib/api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { organizerBookingQuery, type OrganizerBooking } from '../../api';
import { areaApi } from '../../testing/area-api';
import { organizerBookingFixture } from '../../testing/request-fixture';
import { OrganizerBookingPage } from '../organizer-booking-page/organizer-booking-page';
import { DEPARTURE_TEXTS } from './departure-decision';

function RouteStandIn({ id }: { id: number }) {
  const { data } = useQuery(organizerBookingQuery(useApi(), id));
  return data ? <OrganizerBookingPage booking={data} arrivalOpen /> : null;
}

async function renderBooking(booking: OrganizerBooking, fetch = areaApi(booking).fetch) {
  await renderInApp(<RouteStandIn id={booking.id} />, { fetch });
  await screen.findByRole('heading', { level: 1, name: `Booking #${booking.id}` });
}

const button = (name: string) => screen.queryByRole('button', { name });

/** A request waiting on a date of minimum 4, not guaranteed yet: the organizer may decide it. */
const undecided = (departure: Partial<NonNullable<OrganizerBooking['departure']>> = {}) =>
  organizerBookingFixture({
    departure: {
      ...organizerBookingFixture().departure!,
      guaranteed: false,
      min_riders: 4,
      decision_date: '2027-03-12',
      can_decide: true,
      decision_day_passed: false,
      ...departure,
    },
  });

const fact = (term: string) =>
  screen.getAllByRole('term').find((dt) => dt.textContent === term)?.nextElementSibling
    ?.textContent;

describe('DepartureDecision', () => {
  it('offers nothing on a guaranteed date', async () => {
    await renderBooking(organizerBookingFixture());
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
    expect(screen.queryByText(DEPARTURE_TEXTS.cancelled)).toBeNull();
  });

  it('offers nothing on a date that can no longer be decided (started)', async () => {
    await renderBooking(undecided({ can_decide: false }));
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
  });

  it('says why there is no button once the decision day has passed (decision 178)', async () => {
    await renderBooking(undecided({ can_decide: false, decision_day_passed: true }));
    expect(screen.getByTestId('departure-decision-day-passed').textContent).toBe(
      DEPARTURE_TEXTS.decisionDayPassed('12 Mar 2027'),
    );
    expect(fact('The date')).toBe('Being cancelled: not run by 12 Mar 2027');
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
  });

  it('a run refused past the decision day (409) says why, with no button after', async () => {
    const booking = undecided();
    let current = booking;
    const message = "This date's decision day, 12 Mar 2027, has passed: it is being called off";
    const fetch = async (request: Request): Promise<Response> => {
      if (request.method === 'GET') return Response.json(current);
      // The page was opened before the day ended.
      current = {
        ...booking,
        departure: { ...booking.departure!, can_decide: false, decision_day_passed: true },
      };
      return Response.json({ message }, { status: 409 });
    };
    await renderBooking(booking, fetch);
    fireEvent.click(button(DEPARTURE_TEXTS.run)!);
    fireEvent.click(button(DEPARTURE_TEXTS.runYes)!);
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    await screen.findByTestId('departure-decision-day-passed');
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
    expect(button(DEPARTURE_TEXTS.runYes)).toBeNull();
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
  });

  it('says a cancelled date is cancelled, with no button', async () => {
    await renderBooking(undecided({ can_decide: false, cancelled: true }));
    expect(screen.getByTestId('departure-cancelled').textContent).toBe(DEPARTURE_TEXTS.cancelled);
    expect(fact('The date')).toBe('Cancelled');
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
  });

  it('runs an undecided date after one more question', async () => {
    const booking = undecided();
    const api = areaApi(booking);
    await renderBooking(booking, api.fetch);
    expect(screen.getByText(/Not run by 12 Mar 2027, it is cancelled/)).toBeTruthy();
    fireEvent.click(button(DEPARTURE_TEXTS.run)!);
    expect(screen.getByText(DEPARTURE_TEXTS.runQuestion)).toBeTruthy();
    expect(api.posts).toEqual([]);
    // Back changes nothing.
    fireEvent.click(button(DEPARTURE_TEXTS.back)!);
    expect(button(DEPARTURE_TEXTS.run)).toBeTruthy();
    fireEvent.click(button(DEPARTURE_TEXTS.run)!);
    fireEvent.click(button(DEPARTURE_TEXTS.runYes)!);
    await waitFor(() => expect(fact('The date')).toBe('Guaranteed'));
    expect(api.posts).toEqual([
      { path: '/crm/api/partner/departure/guarantee', body: { id: 311 } },
    ]);
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
  });

  it('cancels an undecided date with a reason, after one more question', async () => {
    const booking = undecided();
    const api = areaApi(booking);
    await renderBooking(booking, api.fetch);
    fireEvent.click(button(DEPARTURE_TEXTS.cancel)!);
    const form = screen.getByRole('form', { name: DEPARTURE_TEXTS.cancel });
    fireEvent.submit(form);
    expect(screen.getByText(DEPARTURE_TEXTS.reasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason for the traveller'), {
      target: { value: 'Too few riders to run it.' },
    });
    fireEvent.submit(form);
    expect(screen.getByText(DEPARTURE_TEXTS.cancelQuestion)).toBeTruthy();
    expect(api.posts).toEqual([]);
    fireEvent.click(button(DEPARTURE_TEXTS.cancelYes)!);
    await screen.findByTestId('departure-cancelled');
    expect(api.posts).toEqual([
      {
        path: '/crm/api/partner/departure/cancel',
        body: { id: 311, reason: 'Too few riders to run it.' },
      },
    ]);
    expect(fact('The date')).toBe('Cancelled');
    expect(button(DEPARTURE_TEXTS.cancel)).toBeNull();
  });

  it('sends one Idempotency-Key per decision, the same again when it is retried', async () => {
    const booking = undecided();
    const api = areaApi(booking);
    // Three posts fail with their outcome unknown (the network dropped, a 503), then it works.
    const failures: Array<'network' | '503'> = ['network', '503', 'network'];
    const sent: Array<{ path: string; key: string | null }> = [];
    const fetch = async (request: Request): Promise<Response> => {
      if (request.method !== 'POST') return api.fetch(request);
      const path = new URL(request.url).pathname;
      sent.push({ path, key: request.headers.get('Idempotency-Key') });
      const failure = failures.shift();
      if (failure === 'network') throw new TypeError('fetch failed');
      if (failure === '503') return Response.json({ message: 'Try again' }, { status: 503 });
      return api.fetch(request);
    };
    await renderBooking(booking, fetch);
    const attempt = async (name: string, posts: number) => {
      fireEvent.click(button(name)!);
      await waitFor(() => expect(sent).toHaveLength(posts));
      // Answered with the failure, the same decision offered again.
      await waitFor(() => expect(button(name)?.hasAttribute('disabled')).toBe(false));
    };

    fireEvent.click(button(DEPARTURE_TEXTS.run)!);
    await attempt(DEPARTURE_TEXTS.runYes, 1);
    await attempt(DEPARTURE_TEXTS.runYes, 2);
    // The organizer changes their mind: cancelling is another decision, with a key of its own.
    fireEvent.click(button(DEPARTURE_TEXTS.back)!);
    fireEvent.click(button(DEPARTURE_TEXTS.cancel)!);
    fireEvent.change(screen.getByLabelText('Reason for the traveller'), {
      target: { value: 'Too few riders to run it.' },
    });
    fireEvent.submit(screen.getByRole('form', { name: DEPARTURE_TEXTS.cancel }));
    await attempt(DEPARTURE_TEXTS.cancelYes, 3);
    fireEvent.click(button(DEPARTURE_TEXTS.cancelYes)!);
    await screen.findByTestId('departure-cancelled');

    const [run, runAgain, cancel, cancelAgain] = sent;
    expect(sent.map((post) => post.path)).toEqual([
      '/crm/api/partner/departure/guarantee',
      '/crm/api/partner/departure/guarantee',
      '/crm/api/partner/departure/cancel',
      '/crm/api/partner/departure/cancel',
    ]);
    expect(run!.key).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(runAgain!.key).toBe(run!.key);
    expect(cancel!.key).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(cancel!.key).not.toBe(run!.key);
    expect(cancelAgain!.key).toBe(cancel!.key);
  });

  it('shows why when the date was decided meanwhile (409), and what is true now', async () => {
    const booking = undecided();
    let current = booking;
    const fetch = async (request: Request): Promise<Response> => {
      if (request.method === 'GET') return Response.json(current);
      // Its minimum was reached meanwhile: guaranteed on its own.
      current = {
        ...booking,
        departure: { ...booking.departure!, guaranteed: true, can_decide: false },
      };
      return Response.json({ message: 'This date is already guaranteed' }, { status: 409 });
    };
    await renderBooking(booking, fetch);
    fireEvent.click(button(DEPARTURE_TEXTS.run)!);
    fireEvent.click(button(DEPARTURE_TEXTS.runYes)!);
    expect((await screen.findByText('This date is already guaranteed')).getAttribute('role')).toBe(
      'alert',
    );
    await waitFor(() => expect(fact('The date')).toBe('Guaranteed'));
    expect(button(DEPARTURE_TEXTS.run)).toBeNull();
  });
});
