import type { RequestForOrganizer } from '../api';

/** A request as `GET /crm/api/request/answer` answers it; override what a test is about. */
export function requestFixture(overrides: Partial<RequestForOrganizer> = {}): RequestForOrganizer {
  return {
    id: 4821,
    status: 1,
    tour_name: 'Altai Horse Trek to the Multinskiye Lakes',
    start: '2026-07-12',
    end: '2026-07-19',
    seats: 2,
    tourists: [
      {
        id: 1,
        full_name: 'Ines Moreau',
        first_name: 'Ines',
        last_name: 'Moreau',
        birthday: '1990-07-13',
        weight: 61,
        food_restriction: 'Vegetarian',
      },
      {
        id: 2,
        full_name: 'Paul Moreau',
        first_name: 'Paul',
        last_name: 'Moreau',
        birthday: null,
        weight: null,
        food_restriction: null,
      },
    ],
    comment: 'We have ridden before, but never for a week.',
    contact_name: 'Ines Moreau',
    price: 1840,
    currency: 'EUR',
    respond_by: '2026-06-02T14:30:00.000Z',
    decline_reason: null,
    created_at: '2026-06-01T14:30:00.000Z',
    ...overrides,
  };
}
